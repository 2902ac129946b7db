import type { PlanListItem } from '@logoschool/contract';
import { Anchor, Badge, Paper, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
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
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={withStudent ? 900 : 760}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('plans.list.label')}>
          <Table.Thead>
            <Table.Tr>
              {withStudent && <Table.Th>{t('plans.student')}</Table.Th>}
              <Table.Th>{t('plans.template')}</Table.Th>
              <Table.Th>{t('plans.deadline')}</Table.Th>
              <Table.Th>{t('plans.statusLabel')}</Table.Th>
              <Table.Th>{t('plans.lessons')}</Table.Th>
              <Table.Th>{t('plans.list.templateUpdate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plans.map((plan) => (
              <Table.Tr
                key={plan.id}
                style={{ cursor: 'pointer' }}
                onClick={() => void navigate(planPath(plan.id))}
              >
                {withStudent && <Table.Td>{plan.client.child_name}</Table.Td>}
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={planPath(plan.id)}
                    onClick={(event) => event.stopPropagation()}
                  >
                    {plan.template.title}
                  </Anchor>{' '}
                  <Text span size="sm" c="gray.7">
                    {t('plans.version', { version: plan.template.version })}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(plan.deadline)}</Table.Td>
                <Table.Td>
                  <PlanStatusBadge status={plan.status} />
                </Table.Td>
                <Table.Td>{plan.lessons}</Table.Td>
                <Table.Td>
                  <UpdateMarker plan={plan} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
