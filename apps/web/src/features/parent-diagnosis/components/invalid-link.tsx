import { Box, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PublicNotice } from '../../../components/public-notice.tsx';

/** A link that names no diagnosis, or one withdrawn: said plainly, with what to do (spec §8). */
export function InvalidDiagnosisLink() {
  const { t } = useTranslation();
  return (
    <PublicNotice>
      <Box c="gray.7" aria-hidden>
        <IconLinkOff size={40} />
      </Box>
      <Title order={1} size="h2">
        {t('parentDiagnosis.invalidTitle')}
      </Title>
      <Text>{t('parentDiagnosis.invalidText')}</Text>
    </PublicNotice>
  );
}
