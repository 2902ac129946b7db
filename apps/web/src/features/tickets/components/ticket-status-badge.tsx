import type { TicketStatus } from '@logoschool/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR: Record<TicketStatus, string> = {
  new: 'blue.9',
  in_process: 'yellow.9',
  done: 'teal.9',
  declined: 'red.9',
  archived: 'gray.7',
  deleted: 'dark.6',
};

/** A report's status, in its colour. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Badge autoContrast color={COLOR[status]}>
      {t(`tickets.status.${status}`)}
    </Badge>
  );
}
