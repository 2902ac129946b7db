import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed.tsx';

/** A card that could not be read: not found (another project's, deleted), or a failure that can be tried again. */
export function CardLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <LoadFailed
      error={error}
      notFound={t('diagnosticCards.notFound')}
      failed={t('diagnosticCards.loadOneFailed')}
      back={{ to: '/diagnostic-cards', label: t('diagnosticCards.backToList') }}
      onRetry={onRetry}
    />
  );
}
