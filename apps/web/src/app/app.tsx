import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { FIRST_DAY_OF_WEEK, dayjsLocaleOf } from '../i18n/date-locales.ts';
import notificationClasses from './notifications.module.css';
import { createRouter } from './router.tsx';
import { SessionProvider } from './session.tsx';
import { cssVariablesResolver, localizedTheme } from './theme.ts';

/** The notifications' container (with its transitions) loads after the first screen. */
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/**
 * The whole app: providers around the router. Date fields follow the interface language, weeks
 * from Monday (the locale's data loads with the screens that show dates: `i18n/dates.ts`);
 * toasts open below the header.
 */
export function App() {
  const [router] = useState(createRouter);
  const { t, i18n } = useTranslation();
  const theme = useMemo(
    () => localizedTheme({ close: t('app.close'), showPassword: t('app.showPassword') }),
    [t],
  );
  const dates = useMemo(
    () => ({ locale: dayjsLocaleOf(i18n.language), firstDayOfWeek: FIRST_DAY_OF_WEEK }),
    [i18n.language],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <DatesProvider settings={dates}>
        <Suspense fallback={null}>
          <Notifications position="top-right" classNames={{ root: notificationClasses.root }} />
        </Suspense>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
