import { UNSAFE_createBrowserHistory as createBrowserHistory, parsePath, type To } from 'react-router';
import { askBeforeLeaving, hasUnsavedChanges } from '../lib/unsaved-changes.ts';

type BrowserHistory = ReturnType<typeof createBrowserHistory>;
type Listener = Parameters<BrowserHistory['listen']>[0];

/**
 * React Router's own browser history, which asks before it leaves unsaved changes for another page
 * (decision 033): every link, `NavLink` and `navigate` goes through its `push` and `replace`, the
 * browser's back and forward through its `listen`. A move within the page (another tab's search
 * parameters, a hash) never asks. Back or forward is undone at once (the browser has already
 * moved) and redone if the person leaves, as React Router's data router does for `useBlocker`.
 */
export function createGuardedHistory(options?: { window?: Window }): BrowserHistory {
  const base = createBrowserHistory({ ...options, v5Compat: true });
  // The pathname the app shows: a change of it is leaving.
  let shown = base.location.pathname;
  // A back or forward that is being undone (its own pop is swallowed), or redone (let through).
  let undoing = false;
  let redoing = false;
  // The steps of the back or forward being undone, to redo them.
  let undone = 0;

  const leaves = (to: To) => {
    const pathname = typeof to === 'string' ? parsePath(to).pathname : to.pathname;
    return pathname !== undefined && pathname !== shown && hasUnsavedChanges();
  };

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    go: (delta) => base.go(delta),
    push(to, state) {
      if (leaves(to)) askBeforeLeaving(() => base.push(to, state));
      else base.push(to, state);
    },
    replace(to, state) {
      if (leaves(to)) askBeforeLeaving(() => base.replace(to, state));
      else base.replace(to, state);
    },
    listen(listener: Listener) {
      return base.listen((update) => {
        if (update.action === 'POP') {
          if (undoing) {
            undoing = false;
            const delta = undone;
            askBeforeLeaving(() => {
              redoing = true;
              base.go(delta);
            });
            return;
          }
          if (!redoing && update.delta && leaves(update.location)) {
            undoing = true;
            undone = update.delta;
            base.go(-update.delta);
            return;
          }
          redoing = false;
        }
        shown = update.location.pathname;
        listener(update);
      });
    },
  };
}
