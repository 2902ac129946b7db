import type { TemplateStatus } from '@logoschool/contract';
import { useTranslation } from 'react-i18next';
import { DocumentStatusBadge } from '../../../components/versioned-document/status-badge.tsx';

/** A template's status, said in words (the colour only repeats it). */
export function TemplateStatusBadge({ status }: { status: TemplateStatus }) {
  const { t } = useTranslation();
  return <DocumentStatusBadge status={status} label={t(`templates.status.${status}`)} />;
}
