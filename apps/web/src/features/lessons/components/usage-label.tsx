import type { UsageFrequency } from '@logoschool/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How often a plan may use an exercise (spec §3, §9: once or three times), in words. */
export function UsageLabel({ usage }: { usage: UsageFrequency }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color="gray.8" tt="none" fw={500} style={{ flexShrink: 0 }}>
      {t(`lessons.usage.${usage}`)}
    </Badge>
  );
}
