import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './i18n/i18n.ts';

// A chunk that fails to load after a deploy: reload once to get the new build (spec §8).
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  window.location.reload();
});

void initI18n().then(() => {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
