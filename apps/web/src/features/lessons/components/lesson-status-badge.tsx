import type { LessonListItem } from '@logoschool/contract';
import { Badge } from '@mantine/core';
import { IconCircleCheck, IconClock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Look = 'finished' | 'open' | 'locked';

/**
 * Each state's shade on a filled badge with `autoContrast` and its icon: the word says it, colour
 * and icon only repeat it.
 */
const LOOK: Record<Look, { color: string; Icon: typeof IconClock }> = {
  finished: { color: 'teal.9', Icon: IconCircleCheck },
  open: { color: 'gray.2', Icon: IconClock },
  locked: { color: 'yellow.4', Icon: IconRefresh },
};

/** A lesson's state (spec §4): finished, not finished, or being regenerated (blocked). */
export function LessonStatusBadge({ lesson }: { lesson: Pick<LessonListItem, 'status' | 'locked'> }) {
  const { t } = useTranslation();
  const look: Look = lesson.status === 'finished' ? 'finished' : lesson.locked ? 'locked' : 'open';
  const { color, Icon } = LOOK[look];
  return (
    <Badge color={color} autoContrast leftSection={<Icon size={14} aria-hidden />} style={{ flexShrink: 0 }}>
      {t(`lessons.status.${look}`)}
    </Badge>
  );
}
