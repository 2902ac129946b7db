import type { CourseTemplateStatus } from '@logoschool/contract';
import { useTranslation } from 'react-i18next';
import { DocumentStatusBadge } from '../../../components/versioned-document/status-badge.tsx';

/** A template's status, said in words (the colour only repeats it). */
export function CourseTemplateStatusBadge({ status }: { status: CourseTemplateStatus }) {
  const { t } = useTranslation();
  return <DocumentStatusBadge status={status} label={t(`courseTemplates.status.${status}`)} />;
}
