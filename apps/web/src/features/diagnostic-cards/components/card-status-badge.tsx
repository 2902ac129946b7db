import type { DiagnosticCardStatus } from '@logoschool/contract';
import { useTranslation } from 'react-i18next';
import { DocumentStatusBadge } from '../../../components/versioned-document/status-badge.tsx';

/** A card's status, said in words (the colour only repeats it). */
export function CardStatusBadge({ status }: { status: DiagnosticCardStatus }) {
  const { t } = useTranslation();
  return <DocumentStatusBadge status={status} label={t(`diagnosticCards.status.${status}`)} />;
}
