import type { PlanStatus } from '@logoschool/contract';
import { Badge } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClockX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Each status's shade on a filled badge with `autoContrast` (text passes WCAG AA) and its icon: the
 * word says the status, colour and icon only repeat it.
 */
const LOOK: Record<PlanStatus, { color: string; Icon: typeof IconAlertCircle }> = {
  pending: { color: 'yellow.4', Icon: IconAlertCircle },
  active: { color: 'teal.9', Icon: IconCircleCheck },
  expired: { color: 'gray.7', Icon: IconClockX },
};

/** A plan's status (spec §4): needs filling, filled, expired; on the plans screens and the correction path. */
export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  const { t } = useTranslation();
  const { color, Icon } = LOOK[status];
  return (
    <Badge color={color} autoContrast leftSection={<Icon size={14} aria-hidden />} style={{ flexShrink: 0 }}>
      {t(`plans.status.${status}`)}
    </Badge>
  );
}
