/**
 * Who holds unsaved changes, and the one question before they are left behind (decision 033). An
 * editor holds while it is dirty (`useUnsavedChanges`); the router's history asks here before it
 * goes to another page, a dialog before it closes; the tab's close or reload asks through the
 * browser's own question while anything is held. `LeaveQuestion` shows the question.
 */

/** What happens once the person chooses to leave: the navigation, the dialog's closing. */
export type Proceed = () => void;

const holders = new Set<object>();
/** The open question's way on, and whether it leaves the page (then nothing held there is kept). */
let pending: { proceed: Proceed; leavesPage: boolean } | null = null;
const listeners = new Set<() => void>();

function announce() {
  for (const listener of listeners) listener();
}

/** The browser's own question on closing or reloading the tab (its text is the browser's). */
function warnBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older Chromium asks only when a return value is set.
  event.returnValue = '';
}

/** `holder` has unsaved changes: leaving asks until it lets go. */
export function holdUnsavedChanges(holder: object): void {
  if (holders.has(holder)) return;
  if (holders.size === 0) window.addEventListener('beforeunload', warnBeforeUnload);
  holders.add(holder);
}

/**
 * `holder` has nothing unsaved any more (saved, discarded, or gone). A question still open when
 * nobody holds anything has nothing left to protect: it leaves.
 */
export function releaseUnsavedChanges(holder: object): void {
  if (!holders.delete(holder)) return;
  if (holders.size > 0) return;
  window.removeEventListener('beforeunload', warnBeforeUnload);
  if (pending) answerLeaveQuestion(true);
}

/** Leaving the page: whatever it held is dropped, so the way on (a reload, another page) asks nothing. */
function dropAll() {
  holders.clear();
  window.removeEventListener('beforeunload', warnBeforeUnload);
}

/** Whether anything on the screen holds unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return holders.size > 0;
}

/** Leaves at once when nothing is unsaved; else asks first, and leaves only if the person says so. */
export function askBeforeLeaving(proceed: Proceed): void {
  if (holders.size === 0) {
    proceed();
    return;
  }
  pending = { proceed, leavesPage: true };
  announce();
}

/** Leaves without the question: what was unsaved is gone anyway (the document was deleted). */
export function leaveWithoutAsking(proceed: Proceed): void {
  dropAll();
  proceed();
}

/**
 * Asks whether to drop a dialog's changes (the page's own stay held), and goes on only if the person
 * says so.
 */
export function askToDiscard(proceed: Proceed): void {
  pending = { proceed, leavesPage: false };
  announce();
}

/** The person's answer: leave (the pending way out goes on) or stay (it is dropped). */
export function answerLeaveQuestion(leave: boolean): void {
  const asked = pending;
  pending = null;
  announce();
  if (!leave || !asked) return;
  if (asked.leavesPage) dropAll();
  asked.proceed();
}

/** Whether the question is open (for `useSyncExternalStore`). */
export function leaveQuestionOpen(): boolean {
  return pending !== null;
}

/** Calls `listener` whenever the question opens or closes; gives the way to stop. */
export function subscribeLeaveQuestion(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
