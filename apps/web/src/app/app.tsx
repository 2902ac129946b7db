import './core-styles.ts';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_DAY_OF_WEEK, dayjsLocaleOf } from '../i18n/date-locales.ts';
import { Toasts } from './notifications.tsx';
import { ProblemReporting } from './problem-reporting.tsx';
import { AppRouter } from './router.tsx';
import { SessionProvider } from '../session/session.tsx';
import { cssVariablesResolver, localizedTheme } from '../lib/theme.ts';

/**
 * The whole app: providers around the router. Date fields follow the interface language, weeks
 * from Monday (the locale's data loads with the screens that show dates: `i18n/dates.ts`);
 * toasts open below the header, their container loading with the first (`notifications.tsx`).
 */
export function App() {
  const { t, i18n } = useTranslation();
  const theme = useMemo(
    () =>
      localizedTheme({
        close: t('app.close'),
        showPassword: t('app.showPassword'),
        pagination: {
          first: t('app.pagination.first'),
          previous: t('app.pagination.previous'),
          next: t('app.pagination.next'),
          last: t('app.pagination.last'),
        },
      }),
    [t],
  );
  const dates = useMemo(
    () => ({ locale: dayjsLocaleOf(i18n.language), firstDayOfWeek: FIRST_DAY_OF_WEEK }),
    [i18n.language],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <DatesProvider settings={dates}>
        <Toasts />
        <SessionProvider>
          <ProblemReporting>
            <AppRouter />
          </ProblemReporting>
        </SessionProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
