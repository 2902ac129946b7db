import type { PlanListItem } from '@logoschool/contract';
import { Anchor, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconCalendarDue, IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../i18n/dates.ts';
import type { TimelineEntry } from '../timeline.ts';
import { PlanStatusBadge } from '../../../components/plan-status-badge.tsx';

/** A plan on the path: template, status, deadline, when the parents got it, and the way to it. */
function PlanItem({ plan }: { plan: PlanListItem }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="wrap">
        <Text fw={600} component="h3" fz="md" m={0}>
          {t('planShare.path.planTitle', { template: plan.template.title })}
        </Text>
        <PlanStatusBadge status={plan.status} />
      </Group>
      <Text size="sm">
        {t('planShare.path.planFacts', {
          date: formatDate(plan.deadline),
          count: plan.lessons,
          version: plan.template.version,
        })}
      </Text>
      <Text size="sm" c="gray.7">
        {plan.sent_at
          ? t('planShare.path.sentOn', { date: formatDateTime(plan.sent_at) })
          : t('planShare.path.notSent')}
      </Text>
      <Anchor component={Link} to={`/edit-protocol/${plan.id}`} size="sm" w="fit-content">
        {t('planShare.path.openPlan', { template: plan.template.title })}
      </Anchor>
    </Stack>
  );
}

/**
 * The child's path in time order (`timelineOf`), with today marked. Each kind of event draws
 * itself here; lessons and diagnostics add their own.
 */
export function PathTimeline({ entries }: { entries: TimelineEntry[] }) {
  const { t } = useTranslation();
  const past = entries.findIndex((entry) => entry.kind === 'today');
  return (
    <Timeline active={past - 1} bulletSize={28} lineWidth={2} color="blue.9">
      {entries.map((entry) =>
        entry.kind === 'today' ? (
          <Timeline.Item
            key={entry.key}
            bullet={<IconCalendarDue size={16} aria-hidden />}
            title={t('planShare.path.today', { date: formatDate(entry.date) })}
            lineVariant="dashed"
          />
        ) : (
          <Timeline.Item key={entry.key} bullet={<IconClipboardList size={16} aria-hidden />}>
            <PlanItem plan={entry.plan} />
          </Timeline.Item>
        ),
      )}
    </Timeline>
  );
}
