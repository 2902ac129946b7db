import type { TemplateStatus } from '@logoschool/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Each status's badge shade, read with `autoContrast` at WCAG AA as the exercise statuses are: a
 * draft gray, on moderation a light yellow with black text, published green (teal 9).
 */
const SHADES: Record<TemplateStatus, string> = {
  draft: 'gray.9',
  moderation: 'yellow.4',
  published: 'teal.9',
};

/** A template's status, said in words (the colour only repeats it). */
export function TemplateStatusBadge({ status }: { status: TemplateStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={SHADES[status]} autoContrast>
      {t(`templates.status.${status}`)}
    </Badge>
  );
}
