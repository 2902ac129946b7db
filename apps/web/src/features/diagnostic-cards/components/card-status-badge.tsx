import type { DiagnosticCardStatus } from '@logoschool/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Each status's badge shade, read with `autoContrast` at WCAG AA as the templates' are. */
const SHADES: Record<DiagnosticCardStatus, string> = { draft: 'gray.9', published: 'teal.9' };

/** A card's status, said in words (the colour only repeats it). */
export function CardStatusBadge({ status }: { status: DiagnosticCardStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={SHADES[status]} autoContrast>
      {t(`diagnosticCards.status.${status}`)}
    </Badge>
  );
}
