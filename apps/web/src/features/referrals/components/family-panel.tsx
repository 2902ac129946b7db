import type { ReferralDetail, ReferralEntry } from '@logoschool/contract';
import {
  Badge,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowBackUp, IconCalendarPlus, IconGift, IconLink, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmTargetModal } from '../../../components/confirm-action-modal.tsx';
import { Fact } from '../../../components/fact.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { formatDate, formatDateTime } from '../../../i18n/dates.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useReferral, useRotateReferralCode } from '../api/referrals.ts';
import { BonusDialog, EventDialog, LinkDialog, RemovalDialog } from './referral-dialogs.tsx';

/** One family of the report: who brought it, whom it brought, its balance, the reasons and the history. */
export function FamilyPanel({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const family = useReferral(clientId);
  const [dialog, setDialog] = useState<'event' | 'bonus' | 'link' | 'code' | null>(null);
  const [removing, setRemoving] = useState<ReferralEntry | null>(null);
  const rotate = useRotateReferralCode();
  if (family.isError) {
    return (
      <LoadFailed
        error={family.error}
        notFound={t('referrals.detail.notFound')}
        failed={t('referrals.detail.failed')}
        back={{ to: '/referrals', label: t('referrals.detail.back') }}
        onRetry={() => void family.refetch()}
      />
    );
  }
  const detail = family.data;
  if (!detail) return null;
  const close = () => setDialog(null);

  const newCode = async (row: ReferralDetail) => {
    await rotate.mutateAsync({ clientId: row.client_id, input: null });
    notifySuccess(t('referrals.code.done', { name: row.child_name }));
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="referral-family">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3" id="referral-family">
              {detail.child_name}
            </Title>
            <Text size="sm" c="gray.7">
              {detail.parent_name}
            </Text>
          </div>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCalendarPlus size={14} aria-hidden />}
              onClick={() => setDialog('event')}
            >
              {t('referrals.event.action')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconGift size={14} aria-hidden />}
              onClick={() => setDialog('bonus')}
            >
              {t('referrals.bonus.action')}
            </Button>
            {detail.referrer === null && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconLink size={14} aria-hidden />}
                onClick={() => setDialog('link')}
              >
                {t('referrals.link.action')}
              </Button>
            )}
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => setDialog('code')}
            >
              {t('referrals.code.action')}
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label={t('referrals.detail.bonus')}>{t('referrals.sessions', { count: detail.bonus })}</Fact>
          <Fact label={t('referrals.detail.referrer')}>
            {detail.referrer
              ? `${detail.referrer.child_name} · ${t(`referrals.detail.linkedBy.${detail.linked_by ?? 'booking'}`)}`
              : t('referrals.none')}
          </Fact>
          <Fact label={t('referrals.detail.brought')}>
            {detail.referred.length === 0
              ? t('referrals.none')
              : detail.referred.map((row) => row.child_name).join(', ')}
          </Fact>
        </SimpleGrid>
        <div>
          <Title order={3} size="h5">
            {t('referrals.detail.reasons')}
          </Title>
          {detail.reasons.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t('referrals.detail.noReasons')}
            </Text>
          ) : (
            <List size="sm" spacing={4}>
              {detail.reasons.map((reason, index) => (
                <List.Item key={index}>
                  {t(`referrals.reason.${reason.kind}`, {
                    count: Math.abs(reason.sessions),
                    name: reason.other?.child_name ?? '',
                  })}{' '}
                  <Text span size="xs" c="gray.7">
                    {formatDateTime(reason.at)}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
        </div>
        <div>
          <Title order={3} size="h5">
            {t('referrals.history.title')}
          </Title>
          {detail.history.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t('referrals.history.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label={t('referrals.history.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('referrals.history.when')}</Table.Th>
                    <Table.Th>{t('referrals.history.what')}</Table.Th>
                    <Table.Th>{t('referrals.history.note')}</Table.Th>
                    <Table.Th>{t('referrals.history.by')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('referrals.list.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {detail.history.map((entry) => (
                    <Table.Tr key={`${entry.kind}-${entry.id}`} data-entry={entry.kind}>
                      <Table.Td>{formatDateTime(entry.at)}</Table.Td>
                      <Table.Td>
                        {t(`referrals.entry.${entry.kind}`, {
                          count: entry.sessions ?? 0,
                          date: entry.on ? formatDate(entry.on) : '',
                        })}
                        {entry.removed && (
                          <Badge ml="xs" color="gray.7" autoContrast>
                            {t('referrals.history.removed')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{entry.note}</Table.Td>
                      <Table.Td>{entry.by ?? ''}</Table.Td>
                      <Table.Td>
                        {(entry.kind === 'renewal' || entry.kind === 'payment') && !entry.removed && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red.9"
                            leftSection={<IconArrowBackUp size={14} aria-hidden />}
                            onClick={() => setRemoving(entry)}
                          >
                            {t('referrals.removal.action')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </div>
      </Stack>
      <EventDialog family={dialog === 'event' ? detail : null} onClose={close} />
      <BonusDialog family={dialog === 'bonus' ? detail : null} onClose={close} />
      <LinkDialog family={dialog === 'link' ? detail : null} onClose={close} />
      <RemovalDialog family={detail} entry={removing} onClose={() => setRemoving(null)} />
      <ConfirmTargetModal
        target={dialog === 'code' ? detail : null}
        title={(row) => t('referrals.code.title', { name: row.child_name })}
        message={() => t('referrals.code.message')}
        confirmLabel={t('referrals.code.confirm')}
        onConfirm={newCode}
        onClose={close}
      />
    </Paper>
  );
}
