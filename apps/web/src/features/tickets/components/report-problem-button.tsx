import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconMessageReport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProblemPlace } from '../../../components/report-problem.tsx';
import { useActingFor } from '../../../session/session.tsx';
import { ReportProblemDialog } from './report-problem-dialog.tsx';

/**
 * "Report this slide" (or the exercise, the story) where a screen shows one: opens the report
 * dialog with the place. Shown to whoever may report in the project (anyone signed in there).
 */
export function ReportProblemButton(place: ProblemPlace) {
  const { t } = useTranslation();
  const acting = useActingFor('tickets.report');
  const [open, setOpen] = useState<ProblemPlace | null>(null);
  if (acting === null) return null;
  const dialog = <ReportProblemDialog place={open} onClose={() => setOpen(null)} />;
  if (place.compact && place.slide) {
    const label = t('tickets.report.slideNumber', { number: place.slide });
    return (
      <>
        <Tooltip label={label}>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="sm"
            aria-label={label}
            onClick={() => setOpen(place)}
          >
            <IconMessageReport size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {dialog}
      </>
    );
  }
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMessageReport size={16} aria-hidden />}
        onClick={() => setOpen(place)}
      >
        {t(place.slide ? 'tickets.report.slideButton' : 'tickets.report.button')}
      </Button>
      {dialog}
    </>
  );
}
