import { ClientSessionPage } from '../../features/player/client-session-page.tsx';
import { textsIn } from '../../i18n/texts-in.ts';

/**
 * /client-session/:encryptedId (public): the child's screen of the player, in the student's
 * language, as the parents' plan shows itself (`textsIn`).
 */
export function ClientSessionScreen() {
  return <ClientSessionPage textsIn={textsIn} />;
}

export default ClientSessionScreen;
