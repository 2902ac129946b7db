import {
  MERCH_ORDER_STATUSES,
  merchOrderSteps,
  rolesMay,
  type MerchOffer,
  type MerchOrderRow,
  type MerchOrderStatus,
} from '@logoschool/contract';
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { DataTable, type Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { RowButtons } from '../../components/list/row-actions.tsx';
import { StatusTabs } from '../../components/list/status-tabs.tsx';
import { useListControls, useUrlChoice } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { UrlTabs } from '../../components/url-tabs.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../session/session.tsx';
import {
  useMerchOffers,
  useMerchOrderCounts,
  useMerchOrders,
  useSetMerchOrderStatus,
} from './api/merchandise.ts';
import { OfferDialog, type OfferTarget } from './components/offer-dialog.tsx';
import { moneyText } from '../../lib/money.ts';

const PER_PAGE = 20;

const STATUS_COLOR: Record<MerchOrderStatus, string> = {
  new: 'blue.9',
  in_progress: 'yellow.9',
  sent: 'teal.9',
  cancelled: 'gray.7',
};

/** The families' orders by status: what, for whom, where to; each moved along its steps. */
function OrdersPanel() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useUrlChoice('status', MERCH_ORDER_STATUSES, 'new');
  const list = useListControls({}, { firstPageOn: status });
  const orders = useMerchOrders({ status, search: list.search, page: list.page, per_page: PER_PAGE });
  const counts = useMerchOrderCounts().data;
  const move = useSetMerchOrderStatus();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const region = new Intl.DisplayNames([i18n.language], { type: 'region' });

  const step = async (row: MerchOrderRow, next: MerchOrderStatus) => {
    try {
      await move.mutateAsync({ id: row.id, status: next });
      notifySuccess(t(`merch.orders.moved.${next}`, { name: row.name }));
    } catch (error) {
      notifyError(errorTextOf(error));
    }
  };

  const columns: Column<MerchOrderRow>[] = [
    {
      key: 'when',
      header: t('merch.orders.when'),
      nowrap: true,
      cell: (row) => when.format(new Date(row.created_at)),
    },
    {
      key: 'item',
      header: t('merch.orders.item'),
      cell: (row) => (
        <>
          <Text size="sm" fw={600}>
            {row.title}
          </Text>
          <Text size="xs" c="gray.7">
            {row.size ? `${t(`merch.sizes.${row.size}`)} · ` : ''}× {row.quantity} ·{' '}
            {moneyText(row.total_cents, row.currency, i18n.language)}
          </Text>
        </>
      ),
    },
    {
      key: 'to',
      header: t('merch.orders.to'),
      cell: (row) => (
        <>
          <Text size="sm">{row.name}</Text>
          <Text size="xs" c="gray.7">
            {[
              row.address_line1,
              row.address_line2,
              `${row.postal_code} ${row.city}`,
              region.of(row.country) ?? row.country,
            ]
              .filter(Boolean)
              .join(', ')}
          </Text>
          {row.email && (
            <Anchor href={`mailto:${row.email}`} size="xs" display="block">
              {row.email}
            </Anchor>
          )}
          {row.phone && (
            <Anchor href={`tel:${row.phone}`} size="xs" display="block">
              {row.phone}
            </Anchor>
          )}
          {row.client && (
            <Text size="xs" c="gray.7">
              {t('merch.orders.student', { name: row.client.name })}
            </Text>
          )}
          {row.note && (
            <Text size="xs" c="gray.7">
              {row.note}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: t('merch.orders.status'),
      cell: (row) => (
        <Badge autoContrast color={STATUS_COLOR[row.status]}>
          {t(`merch.status.${row.status}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('merch.orders.actions'),
      hiddenHeader: true,
      cell: (row) => (
        <RowButtons
          actions={merchOrderSteps(row.status).map((next) => ({
            label: t(`merch.orders.to_${next}`),
            name: t(`merch.orders.to_${next}For`, { name: row.name }),
            icon: next === 'cancelled' ? IconX : IconArrowRight,
            color: next === 'cancelled' ? 'red.9' : undefined,
            strong: next !== 'cancelled',
            onClick: () => void step(row, next),
          }))}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <StatusTabs
        label={t('merch.orders.statusesLabel')}
        value={status}
        onChange={setStatus}
        tabs
        options={MERCH_ORDER_STATUSES.map((value) => ({
          value,
          label: t(`merch.status.${value}`),
          count: counts?.[value],
        }))}
      />
      <SearchInput label={t('merch.orders.search')} value={list.term} onChange={list.setTerm} width={320} />
      <ListTable
        query={orders}
        empty={list.narrowed ? t('merch.orders.noMatches') : t(`merch.orders.empty.${status}`)}
        paging={list}
        label={t('merch.orders.tableLabel')}
        rowKey={(row) => row.id}
        columns={columns}
        minWidth={680}
        framed
      />
    </Stack>
  );
}

/** The project's offers (admins and root): kind, sizes, price with delivery, shown or hidden. */
function OffersPanel() {
  const { t, i18n } = useTranslation();
  const offers = useMerchOffers();
  const [editing, setEditing] = useState<OfferTarget | null>(null);
  const columns: Column<MerchOffer>[] = [
    {
      key: 'title',
      header: t('merch.offers.titleField'),
      cell: (offer) => (
        <>
          <Text size="sm" fw={600}>
            {offer.title}
          </Text>
          <Text size="xs" c="gray.7">
            {t(`merch.kinds.${offer.kind}`)}
            {offer.sizes.length > 0 && ` · ${offer.sizes.map((size) => t(`merch.sizes.${size}`)).join(', ')}`}
          </Text>
        </>
      ),
    },
    {
      key: 'price',
      header: t('merch.offers.price'),
      nowrap: true,
      cell: (offer) => moneyText(offer.price_cents, offer.currency, i18n.language),
    },
    {
      key: 'visible',
      header: t('merch.offers.shown'),
      cell: (offer) => (
        <Badge autoContrast color={offer.visible ? 'teal.9' : 'gray.7'}>
          {offer.visible ? t('merch.offers.shownYes') : t('merch.offers.shownNo')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('merch.offers.actions'),
      hiddenHeader: true,
      cell: (offer) => (
        <RowButtons
          actions={[
            {
              label: t('merch.offers.edit'),
              name: t('merch.offers.editOf', { title: offer.title }),
              icon: IconPencil,
              onClick: () => setEditing({ offer }),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <Stack gap="md">
      <div>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ offer: null })}>
          {t('merch.offers.add')}
        </Button>
      </div>
      {offers.data && offers.data.length === 0 ? (
        <Text size="sm">{t('merch.offers.empty')}</Text>
      ) : (
        <DataTable
          rows={offers.data ?? []}
          rowKey={(offer) => offer.id}
          columns={columns}
          label={t('merch.offers.tableLabel')}
        />
      )}
      <OfferDialog target={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

/**
 * /merchandise (issue 29 item 5): the families' orders for the managers, and the offers for the
 * project's admins and root.
 */
export function MerchandisePage() {
  const { t } = useTranslation();
  const { held } = useSession();
  const tabs = [{ value: 'orders', label: t('merch.tabs.orders'), panel: () => <OrdersPanel /> }];
  if (rolesMay(held, 'merch.offers')) {
    tabs.push({ value: 'offers', label: t('merch.tabs.offers'), panel: () => <OffersPanel /> });
  }
  return (
    <Stack gap="lg" maw={1280}>
      <PageHeader title={t('merch.title')} description={t('merch.description')} />
      <UrlTabs tabs={tabs} />
    </Stack>
  );
}

export default MerchandisePage;
