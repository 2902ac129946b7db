import { PER_PAGE_DEFAULT, PLAN_FILTERS, type PlanFilter } from '@logoschool/contract';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListView } from '../../../components/list/list-view.tsx';
import { StatusTabs } from '../../../components/list/status-tabs.tsx';
import { useListControls, useUrlChoice } from '../../../components/list/use-list-controls.ts';
import { usePlans } from '../api/plans.ts';
import { newPlanPath } from '../paths.ts';
import { PlansTable } from './plans-table.tsx';

const FILTERS = Object.keys(PLAN_FILTERS) as PlanFilter[];

/** A page of plans, its loading, error and empty states, and its pages. */
function PlansList({ filter, clientId, empty }: { filter: PlanFilter; clientId?: number; empty: string }) {
  // Another filter starts from its first page.
  const list = useListControls({}, { firstPageOn: filter });
  const plans = usePlans({ filter, client_id: clientId, page: list.page, per_page: PER_PAGE_DEFAULT });
  return (
    <ListView query={plans} empty={empty} paging={list}>
      {(rows) => <PlansTable plans={rows} withStudent={clientId === undefined} />}
    </ListView>
  );
}

/**
 * The teacher's plans (the Plans tab of /clients): the filter of spec §4 (all, to fill, expired,
 * filled), kept in the address as `?filter=`, and the way to a new plan.
 */
export function PlansPanel() {
  const { t } = useTranslation();
  const [filter, setFilter] = useUrlChoice('filter', FILTERS, 'all');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <StatusTabs
          label={t('plans.list.filterLabel')}
          value={filter}
          onChange={setFilter}
          options={FILTERS.map((value) => ({ value, label: t(`plans.list.filter.${value}`) }))}
        />
        <Button component={Link} to={newPlanPath()} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('plans.new')}
        </Button>
      </Group>
      <PlansList filter={filter} empty={t(`plans.list.empty.${filter}`)} />
    </Stack>
  );
}
/** A student's plans on her page, with the way to a new one for her. */
export function ClientPlansSection({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" component="section" aria-labelledby="client-plans-title" maw={1040}>
      <Group justify="space-between" align="center">
        <Title order={2} size="h3" id="client-plans-title">
          {t('plans.sectionTitle')}
        </Title>
        <Button component={Link} to={newPlanPath(clientId)} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('plans.new')}
        </Button>
      </Group>
      <PlansList filter="all" clientId={clientId} empty={t('plans.list.empty.student')} />
    </Stack>
  );
}
