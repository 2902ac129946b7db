import { ACT_ITEM_TYPES, CURRENCIES, actRatesInput, type ActRate } from '@logoschool/contract';
import { ActionIcon, Button, Group, NumberInput, Select, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { DismissibleAlert } from '../../../components/dismissible-alert.tsx';
import { ListLoadFailed, ListLoading } from '../../../components/list/list-view.tsx';
import { PanelSection } from '../../../components/panel-section.tsx';
import { useUnsavedChanges } from '../../../components/unsaved-changes.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useActRates, useSaveActRates } from '../api/acts.ts';

/** A rate as the table edits it: the amount as typed, in the currency's units (1500.5). */
interface RateRow {
  type: ActRate['type'];
  currency: string;
  amount: number | string;
}

const toRows = (rates: readonly ActRate[]): RateRow[] =>
  rates.map((rate) => ({ type: rate.type, currency: rate.currency, amount: rate.amount_cents / 100 }));
const toRates = (rows: readonly RateRow[]) =>
  rows.map((row) => ({
    type: row.type,
    currency: row.currency,
    amount_cents: typeof row.amount === 'number' ? Math.round(row.amount * 100) : Number.NaN,
  }));

/**
 * The project's rates (spec §3 Act: type, amount, currency): what an item of each type is paid in
 * each currency, a small table saved whole. An item's amount is the rate of its type in its
 * contractor's currency; issued acts keep the amounts they were issued with.
 */
export function RatesSection() {
  const { t } = useTranslation();
  const rates = useActRates();
  const save = useSaveActRates();
  const [rows, setRows] = useState<RateRow[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const saved = rates.data ? toRows(rates.data) : null;
  const shown = rows ?? saved ?? [];
  const dirty = rows !== null && JSON.stringify(rows) !== JSON.stringify(saved);
  const { release } = useUnsavedChanges(dirty);

  const change = (index: number, patch: Partial<RateRow>) =>
    setRows(shown.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const body = { rates: toRates(shown) };
  const checked = actRatesInput.safeParse(body);

  const submit = async () => {
    setFailure(null);
    try {
      await save.mutateAsync(body.rates as ActRate[]);
      release();
      setRows(null);
      notifySuccess(t('acts.rates.saved'));
    } catch (error) {
      setFailure(errorTextOf(error));
    }
  };

  return (
    <PanelSection id="act-rates" title={t('acts.rates.title')} hint={t('acts.rates.hint')}>
      {rates.isPending ? (
        <ListLoading count={2} />
      ) : rates.isError ? (
        <ListLoadFailed onRetry={() => void rates.refetch()}>{errorTextOf(rates.error)}</ListLoadFailed>
      ) : (
        <>
          {shown.length === 0 ? (
            <Text c="gray.7">{t('acts.rates.empty')}</Text>
          ) : (
            <Table maw={640} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('acts.rates.type')}</Table.Th>
                  <Table.Th>{t('acts.rates.currency')}</Table.Th>
                  <Table.Th>{t('acts.rates.amount')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('acts.rates.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((row, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>
                      <Select
                        aria-label={t('acts.rates.typeOf', { index: index + 1 })}
                        data={ACT_ITEM_TYPES.map((type) => ({ value: type, label: t(`acts.types.${type}`) }))}
                        value={row.type}
                        allowDeselect={false}
                        onChange={(value) => value && change(index, { type: value as ActRate['type'] })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t('acts.rates.currencyOf', { index: index + 1 })}
                        data={[...CURRENCIES]}
                        value={row.currency}
                        searchable
                        allowDeselect={false}
                        onChange={(value) => value && change(index, { currency: value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={t('acts.rates.amountOf', { index: index + 1 })}
                        min={0}
                        decimalScale={2}
                        value={row.amount}
                        onChange={(value) => change(index, { amount: value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('acts.rates.remove', { index: index + 1 })}
                        onClick={() => setRows(shown.filter((_, at) => at !== index))}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {!checked.success && shown.length > 0 && (
            <Text size="sm" c="red.8" role="alert">
              {t('acts.rates.invalid')}
            </Text>
          )}
          <DismissibleAlert message={failure} onClose={() => setFailure(null)} />
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setRows([...shown, { type: 'presentation', currency: 'UAH', amount: '' }])}
            >
              {t('acts.rates.add')}
            </Button>
            <Button
              onClick={() => void submit()}
              disabled={!dirty || !checked.success}
              loading={save.isPending}
            >
              {t('acts.rates.save')}
            </Button>
          </Group>
        </>
      )}
    </PanelSection>
  );
}
