import type { DiagnosisStatus } from '@logoschool/contract';
import { Badge } from '@mantine/core';
import { IconAlertCircle, IconMailCheck, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Each status's shade (a filled badge with `autoContrast`) and icon; the word says the status. */
const LOOK: Record<DiagnosisStatus, { color: string; Icon: typeof IconAlertCircle }> = {
  draft: { color: 'gray.2', Icon: IconPencil },
  sent: { color: 'teal.9', Icon: IconMailCheck },
  not_sent: { color: 'red.9', Icon: IconAlertCircle },
};

/** A diagnosis' status (spec §4): draft, sent to the parents, or not sent. */
export function DiagnosisStatusBadge({ status }: { status: DiagnosisStatus }) {
  const { t } = useTranslation();
  const { color, Icon } = LOOK[status];
  return (
    <Badge color={color} autoContrast leftSection={<Icon size={14} aria-hidden />} style={{ flexShrink: 0 }}>
      {t(`diagnosisForm.status.${status}`)}
    </Badge>
  );
}
