import type { PlanListItem } from '@logoschool/contract';
import { Anchor, Badge, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/list/data-table.tsx';
import { formatDate } from '../../../i18n/dates.ts';
import { planPath } from '../paths.ts';
import { PlanStatusBadge } from '../../../components/plan-status-badge.tsx';

/** Whether the plan's template has a newer version: a marker, quiet when the teacher kept her plan. */
function UpdateMarker({ plan }: { plan: PlanListItem }) {
  const { t } = useTranslation();
  if (!plan.template_update) return <Text c="gray.7">—</Text>;
  const version = plan.template.latest_version;
  return plan.template_update_kept ? (
    <Text size="sm" c="gray.7">
      {t('plans.list.updateKept', { version })}
    </Text>
  ) : (
    <Badge color="blue.9" autoContrast leftSection={<IconRefresh size={14} aria-hidden />}>
      {t('plans.list.updated', { version })}
    </Badge>
  );
}

/**
 * Plans as a table: student, template (the plan's link), deadline, status, lessons, and whether the
 * template was updated since. A row opens its plan.
 */
export function PlansTable({ plans, withStudent = true }: { plans: PlanListItem[]; withStudent?: boolean }) {
  const { t } = useTranslation();
  const columns: Column<PlanListItem>[] = [
    {
      key: 'student',
      header: t('plans.student'),
      hidden: !withStudent,
      cell: (plan) => plan.client.child_name,
    },
    {
      key: 'template',
      header: t('plans.template'),
      cell: (plan) => (
        <>
          <Anchor component={Link} to={planPath(plan.id)}>
            {plan.template.title}
          </Anchor>{' '}
          <Text span size="sm" c="gray.7">
            {t('plans.version', { version: plan.template.version })}
          </Text>
        </>
      ),
    },
    { key: 'deadline', header: t('plans.deadline'), nowrap: true, cell: (plan) => formatDate(plan.deadline) },
    {
      key: 'status',
      header: t('plans.statusLabel'),
      cell: (plan) => <PlanStatusBadge status={plan.status} />,
    },
    { key: 'lessons', header: t('plans.lessons'), cell: (plan) => plan.lessons },
    { key: 'update', header: t('plans.list.templateUpdate'), cell: (plan) => <UpdateMarker plan={plan} /> },
  ];
  return (
    <DataTable
      framed
      highlightOnHover
      label={t('plans.list.label')}
      rows={plans}
      rowKey={(plan) => plan.id}
      columns={columns}
      minWidth={withStudent ? 900 : 760}
      rowLink={(plan) => planPath(plan.id)}
    />
  );
}
