import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard.ts';
import { notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { useFamilyReferral } from './api/referrals.ts';

/**
 * The family's referral on its dashboard (issue 29 item 3): its own link to the school's booking
 * page to pass on (or why there is none), its bonus sessions with their reasons in words for
 * parents, and whom it brought — another family only by the child's first name. The dashboard
 * (`app/` composes it) gives its token; the section reads the family's referral by it.
 */
export function ReferralSection({ token }: { token: string }) {
  const { t } = useTranslation();
  const referral = useFamilyReferral(token);
  const data = referral.data;

  const copy = async (url: string) => {
    if (await copyText(url)) notifySuccess(t('referrals.family.copied'));
    else notifyWarning(t('referrals.family.copyFailed'));
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="family-referral">
      <Stack gap="sm">
        <Title order={2} size="h4" id="family-referral">
          {t('referrals.family.title')}
        </Title>
        <Text size="sm">{t('referrals.family.rule')}</Text>
        {referral.isError && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              {t('referrals.family.failed')}
              <Button size="xs" variant="default" onClick={() => void referral.refetch()}>
                {t('errors.tryAgain')}
              </Button>
            </Group>
          </Alert>
        )}
        {data && (
          <>
            {data.url ? (
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  label={t('referrals.family.link')}
                  value={data.url}
                  readOnly
                  flex={1}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <Button
                  variant="default"
                  leftSection={<IconCopy size={16} aria-hidden />}
                  onClick={() => void copy(data.url ?? '')}
                >
                  {t('referrals.family.copy')}
                </Button>
              </Group>
            ) : (
              <Alert color="gray">
                {t(`referrals.family.unavailable.${data.unavailable ?? 'booking_off'}`)}
              </Alert>
            )}
            <Text fw={700} data-testid="family-bonus">
              {t('referrals.family.bonus', { count: data.bonus })}
            </Text>
            {data.reasons.length > 0 && (
              <List size="sm" spacing={4} aria-label={t('referrals.family.reasons')}>
                {data.reasons.map((reason, index) => (
                  <List.Item key={index}>
                    {t(`referrals.family.reason.${reason.kind}`, {
                      count: Math.abs(reason.sessions),
                      name: reason.first_name ?? '',
                    })}
                  </List.Item>
                ))}
              </List>
            )}
            {data.brought_by && (
              <Text size="sm">{t('referrals.family.broughtBy', { name: data.brought_by })}</Text>
            )}
            {data.brought.length > 0 && (
              <Text size="sm">
                {t('referrals.family.brought', {
                  count: data.brought.length,
                  names: data.brought.map((family) => family.first_name).join(', '),
                })}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
