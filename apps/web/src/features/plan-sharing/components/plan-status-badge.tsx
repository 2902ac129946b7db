import type { PlanStatus } from '@logoschool/contract';
import { Badge } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClockX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A plan's status on the path (spec §4), as the plans screens show it: the word says it; shade and
 * icon repeat it (filled badges with `autoContrast` pass WCAG AA).
 */
const LOOK: Record<PlanStatus, { color: string; Icon: typeof IconAlertCircle }> = {
  pending: { color: 'yellow.4', Icon: IconAlertCircle },
  active: { color: 'teal.9', Icon: IconCircleCheck },
  expired: { color: 'gray.7', Icon: IconClockX },
};

export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  const { t } = useTranslation();
  const { color, Icon } = LOOK[status];
  return (
    <Badge color={color} autoContrast leftSection={<Icon size={14} aria-hidden />} style={{ flexShrink: 0 }}>
      {t(`plans.status.${status}`)}
    </Badge>
  );
}
