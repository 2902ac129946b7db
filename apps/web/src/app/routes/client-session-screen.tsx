import { ClientSessionPage } from '../../features/player/client-session-page.tsx';
import { textsIn } from '../../features/plan-sharing/plan-language.ts';

/**
 * /client-session/:encryptedId (public): the child's screen of the player, in the student's
 * language the way the parents' plan shows itself (the plan-sharing feature's texts by language).
 */
export function ClientSessionScreen() {
  return <ClientSessionPage textsIn={textsIn} />;
}

export default ClientSessionScreen;
