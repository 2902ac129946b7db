import { PER_PAGE_DEFAULT, PLAN_FILTERS, type PlanFilter } from '@logoschool/contract';
import {
  Alert,
  Button,
  Group,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorTextOf } from '../../../api/form-errors.ts';
import { usePlans } from '../api/plans.ts';
import { newPlanPath } from '../paths.ts';
import { PlansTable } from './plans-table.tsx';

const FILTERS = Object.keys(PLAN_FILTERS) as PlanFilter[];

const isFilter = (value: string | null): value is PlanFilter => FILTERS.includes(value as PlanFilter);

/** A page of plans, its loading, error and empty states, and its pages. */
function PlansList({ filter, clientId, empty }: { filter: PlanFilter; clientId?: number; empty: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [shownFilter, setShownFilter] = useState(filter);
  // Another filter starts from its first page.
  if (filter !== shownFilter) {
    setShownFilter(filter);
    setPage(1);
  }
  const plans = usePlans({ filter, client_id: clientId, page, per_page: PER_PAGE_DEFAULT });
  const total = plans.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE_DEFAULT));

  if (plans.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label={t('app.loading')}>
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    );
  }
  if (plans.isError) {
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorTextOf(plans.error)}</Text>
          <Button size="xs" onClick={() => void plans.refetch()}>
            {t('errors.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (plans.data.data.length === 0) {
    return (
      <Text c="gray.7" py="xl" ta="center">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="md" style={{ opacity: plans.isPlaceholderData ? 0.6 : 1 }}>
      <PlansTable plans={plans.data.data} withStudent={clientId === undefined} />
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
    </Stack>
  );
}

/**
 * The teacher's plans (the Plans tab of /clients): the filter of spec §4 (all, to fill, expired,
 * filled), kept in the address as `?filter=`, and the way to a new plan.
 */
export function PlansPanel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('filter');
  const filter: PlanFilter = isFilter(requested) ? requested : 'all';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t('plans.list.filterLabel')}
          value={filter}
          onChange={(next) =>
            setParams(
              (current) => {
                const updated = new URLSearchParams(current);
                if (next === 'all') updated.delete('filter');
                else updated.set('filter', next);
                return updated;
              },
              { replace: true },
            )
          }
          data={FILTERS.map((value) => ({ value, label: t(`plans.list.filter.${value}`) }))}
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
