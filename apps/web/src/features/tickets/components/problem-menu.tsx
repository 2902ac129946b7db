import { Menu } from '@mantine/core';
import { IconListDetails, IconMessageReport } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProblemPlace } from '../../../components/report-problem.tsx';
import { useActingFor } from '../../../session/session.tsx';
import { ReportProblemDialog } from './report-problem-dialog.tsx';

/**
 * The profile menu's part of problem reports (issue 33 item 1): "Report a problem" from any screen,
 * and "My reports". The dialog lives outside the menu, which closes when an item is chosen.
 */
export function useProblemMenu(): { items: ReactNode; dialog: ReactNode } {
  const { t } = useTranslation();
  const acting = useActingFor('tickets.report');
  const [place, setPlace] = useState<ProblemPlace | null>(null);
  if (acting === null) return { items: null, dialog: null };
  return {
    items: (
      <>
        <Menu.Item leftSection={<IconMessageReport size={16} />} onClick={() => setPlace({ object: null })}>
          {t('tickets.menu.report')}
        </Menu.Item>
        <Menu.Item component={Link} to="/my-reports" leftSection={<IconListDetails size={16} />}>
          {t('tickets.menu.mine')}
        </Menu.Item>
      </>
    ),
    dialog: <ReportProblemDialog place={place} onClose={() => setPlace(null)} />,
  };
}
