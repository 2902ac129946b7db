import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { RouterProvider } from 'react-router';
import { configureApi } from '../api/client.ts';
import { createRouter } from './router.tsx';
import { SessionProvider } from './session.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** The notifications' container (with its transitions) loads after the first screen. */
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** The whole app: providers around the router. */
export function App() {
  const [router] = useState(() => {
    const created = createRouter();
    // A request answered 401 with a token: the session is over (spec §4, §8).
    configureApi({ onSessionExpired: () => void created.navigate('/logout', { state: { expired: true } }) });
    return created;
  });
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Notifications position="top-right" />
      </Suspense>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </MantineProvider>
  );
}
