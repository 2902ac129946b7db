import type { ReferralRow } from '@logoschool/contract';
import { Stack, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { RowButtons } from '../../components/list/row-actions.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { useReferrals } from './api/referrals.ts';
import { FamilyPanel } from './components/family-panel.tsx';

const PER_PAGE = 20;

/**
 * /referrals (issue 29 item 3): the project's families with who brought them, whom they brought and
 * their bonus sessions (spec §9), those in a referral first; a family's details, reasons and
 * history below the list, where the manager records renewals and payments, grants or cancels
 * sessions, links a student to its referrer by hand, or gives the family a new referral code.
 */
export function ReferralsPage() {
  const { t } = useTranslation();
  const list = useListControls();
  const families = useReferrals({ search: list.search, page: list.page, per_page: PER_PAGE });
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('family')) || null;
  const choose = (clientId: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('family', String(clientId));
      return next;
    });

  const columns: Column<ReferralRow>[] = [
    {
      key: 'family',
      header: t('referrals.list.family'),
      cell: (row) => (
        <>
          <Text size="sm" fw={600}>
            {row.child_name}
          </Text>
          <Text size="xs" c="gray.7">
            {row.parent_name}
          </Text>
        </>
      ),
    },
    {
      key: 'referrer',
      header: t('referrals.list.referrer'),
      cell: (row) => row.referrer?.child_name ?? t('referrals.none'),
    },
    { key: 'brought', header: t('referrals.list.brought'), numeric: true, cell: (row) => row.referred_count },
    { key: 'bonus', header: t('referrals.list.bonus'), numeric: true, cell: (row) => row.bonus },
    {
      key: 'actions',
      header: t('referrals.list.actions'),
      hiddenHeader: true,
      cell: (row) => (
        <RowButtons
          actions={[
            {
              label: t('referrals.list.open'),
              name: t('referrals.list.openFor', { name: row.child_name }),
              icon: IconListDetails,
              strong: true,
              onClick: () => choose(row.client_id),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="lg" maw={1280}>
      <PageHeader title={t('referrals.title')} description={t('referrals.description')} />
      <SearchInput label={t('referrals.list.search')} value={list.term} onChange={list.setTerm} width={320} />
      <ListTable
        query={families}
        empty={list.narrowed ? t('referrals.list.noMatches') : t('referrals.list.empty')}
        paging={list}
        label={t('referrals.list.tableLabel')}
        rowKey={(row) => row.client_id}
        columns={columns}
        minWidth={640}
        framed
        rowProps={(row) => ({ 'data-family': String(row.client_id) })}
      />
      {chosen !== null && <FamilyPanel clientId={chosen} />}
    </Stack>
  );
}

export default ReferralsPage;
