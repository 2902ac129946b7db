import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { createRouter } from './router.tsx';
import { SessionProvider } from './session.tsx';
import { cssVariablesResolver, localizedTheme } from './theme.ts';

/** The notifications' container (with its transitions) loads after the first screen. */
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** The whole app: providers around the router. */
export function App() {
  const [router] = useState(createRouter);
  const { t } = useTranslation();
  const theme = useMemo(() => localizedTheme(t('app.close')), [t]);
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
