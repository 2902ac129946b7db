import type { ContractorReport, ReportItem } from '@logoschool/contract';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileCertificate, IconUserEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmActionModal } from '../../../components/confirm-action-modal.tsx';
import { formatDateTime } from '../../../i18n/dates.ts';
import { moneyText } from '../../../lib/money.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import type { DayRange } from '../../../lib/report-range.ts';
import { useIssueAct, useToggleExclusion } from '../api/acts.ts';
import { ContractorDialog } from './contractor-dialog.tsx';

/** Why the next act cannot be made yet, or null when it can. */
function blocker(contractor: ContractorReport): 'details' | 'rate' | 'nothing' | null {
  if (!contractor.details) return 'details';
  if (contractor.billable === 0) return 'nothing';
  if (contractor.total_cents === null) return 'rate';
  return null;
}

/**
 * One contractor's part of the report: the details kept (or a way to add them), the items accepted
 * in the range with their amounts, each excluded or included again, or the act that holds it; and
 * the next act's total with the action that makes it.
 */
export function ContractorReportCard({
  contractor,
  range,
}: {
  contractor: ContractorReport;
  range: DayRange;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<ContractorReport | null>(null);
  const [confirming, setConfirming] = useState(false);
  const toggle = useToggleExclusion();
  const issue = useIssueAct();
  const headingId = `contractor-${contractor.user_id}`;
  const money = (cents: number | null) =>
    cents === null || contractor.currency === null
      ? t('acts.noAmount')
      : moneyText(cents, contractor.currency, i18n.language);
  const why = blocker(contractor);

  const state = (item: ReportItem) => {
    if (item.act)
      return (
        <Badge color="teal.9" variant="outline" tt="none">
          {t('acts.inAct', { number: item.act.number })}
        </Badge>
      );
    if (item.excluded)
      return (
        <Badge color="gray.8" variant="outline" tt="none">
          {t('acts.excluded')}
        </Badge>
      );
    return (
      <Badge color="blue.9" variant="outline" tt="none">
        {t('acts.billable')}
      </Badge>
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h4" id={headingId}>
              {contractor.details ? `${contractor.details.name_uk} (${contractor.name})` : contractor.name}
            </Title>
            <Text size="sm" c="gray.7">
              {contractor.details
                ? t('acts.detailsLine', {
                    contract: contractor.details.contract_number,
                    taxId: contractor.details.tax_number,
                    currency: contractor.details.currency,
                  })
                : t('acts.noDetails')}
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconUserEdit size={16} aria-hidden />}
            onClick={() => setEditing(contractor)}
          >
            {contractor.details ? t('acts.editDetails') : t('acts.addDetails')}
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('acts.item')}</Table.Th>
                <Table.Th>{t('acts.type')}</Table.Th>
                <Table.Th>{t('acts.acceptedAt')}</Table.Th>
                <Table.Th>{t('acts.amount')}</Table.Th>
                <Table.Th>{t('acts.state')}</Table.Th>
                <Table.Th>{t('acts.itemAction')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contractor.items.map((item) => (
                <Table.Tr key={item.exercise_id}>
                  <Table.Td>
                    <Anchor href={item.content_link} target="_blank" rel="noreferrer">
                      {item.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t(`acts.types.${item.type}`)}</Table.Td>
                  <Table.Td>{formatDateTime(item.accepted_at)}</Table.Td>
                  <Table.Td>{money(item.amount_cents)}</Table.Td>
                  <Table.Td>{state(item)}</Table.Td>
                  <Table.Td>
                    {item.act === null && (
                      <Button
                        size="xs"
                        variant="default"
                        loading={toggle.isPending && toggle.variables?.exerciseId === item.exercise_id}
                        aria-label={t(item.excluded ? 'acts.includeItem' : 'acts.excludeItem', {
                          title: item.title,
                        })}
                        onClick={() =>
                          toggle.mutate({ exerciseId: item.exercise_id, exclude: !item.excluded })
                        }
                      >
                        {t(item.excluded ? 'acts.include' : 'acts.exclude')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          <Text fw={600}>
            {t('acts.nextAct', {
              count: contractor.billable,
              total:
                contractor.total_cents === null || contractor.currency === null
                  ? t('acts.amountUnknown')
                  : money(contractor.total_cents),
            })}
          </Text>
          <Group gap="sm">
            {why && (
              <Text size="sm" c="gray.7">
                {t(`acts.blocked.${why}`)}
              </Text>
            )}
            <Button
              leftSection={<IconFileCertificate size={16} aria-hidden />}
              disabled={why !== null}
              onClick={() => setConfirming(true)}
            >
              {t('acts.makeAct')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <ContractorDialog target={editing} onClose={() => setEditing(null)} />
      <ConfirmActionModal
        opened={confirming}
        title={t('acts.confirmTitle', { name: contractor.details?.name_uk ?? contractor.name })}
        message={t('acts.confirmMessage', {
          count: contractor.billable,
          total: money(contractor.total_cents),
        })}
        confirmLabel={t('acts.makeAct')}
        onConfirm={async () => {
          const act = await issue.mutateAsync({ userId: contractor.user_id, range });
          notifySuccess(t('acts.issued', { number: act.number }));
        }}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
