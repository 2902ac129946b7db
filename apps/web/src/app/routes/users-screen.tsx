import { InvitationsPanel } from '../../features/invitations/invitations-panel.tsx';
import { InviteModal } from '../../features/invitations/invite-modal.tsx';
import { UsersPage, type InvitationParts } from '../../features/users/users-page.tsx';

const INVITATIONS: InvitationParts = { Panel: InvitationsPanel, Dialog: InviteModal };

/** /users: the project's members (users feature) and its invitations (invitations feature). */
export default function UsersScreen() {
  return <UsersPage invitations={INVITATIONS} />;
}
