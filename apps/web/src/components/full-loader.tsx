import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The wait while the token is checked or a screen loads. */
export function FullLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60dvh" role="status" aria-label={t('app.loading')}>
      <Loader />
    </Center>
  );
}
