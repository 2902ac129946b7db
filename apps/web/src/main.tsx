import { LOCAL_KEYS } from '@logoschool/contract';
import { preloadFirstScreen, preloadIndexScreen } from './app/first-screen.ts';
import { startTokenCheck } from './session/session.tsx';
import { initI18n } from './i18n/i18n.ts';
import { readLocal } from './lib/local-storage.ts';

// A chunk that fails to load after a deploy: reload once to get the new build (spec §8).
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  window.location.reload();
});

// What the first screen needs loads at once, side by side: the language's core texts (first: a
// screen beyond the core waits for them to load the rest of the language), the app (React DOM,
// Mantine) and the screen's own chunk; the saved token is checked meanwhile. The first paint is then
// the screen itself, not a loader (decision 016). A screen that fails to load shows its error
// through the router.
const language = initI18n(undefined, { published: true });
const app = import('./app/render-app.tsx');
const firstScreen = preloadFirstScreen(window.location.pathname, readLocal(LOCAL_KEYS.auth) !== null).catch(
  () => undefined,
);

void language
  .then(() => {
    preloadIndexScreen(window.location.pathname, startTokenCheck());
    return Promise.all([app, firstScreen]);
  })
  .then(([{ renderApp }]) => {
    const root = document.getElementById('root');
    if (root) renderApp(root);
  });
