import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed.tsx';

/**
 * A template that could not be read: not found (another project's, someone else's draft, deleted),
 * or a failure to answer, which can be tried again.
 */
export function TemplateLoadFailed({
  error,
  back,
  onRetry,
}: {
  error: unknown;
  back: { to: string; label: string };
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <LoadFailed
      error={error}
      notFound={t('templates.notFound')}
      failed={t('templates.loadOneFailed')}
      back={back}
      onRetry={onRetry}
    />
  );
}
