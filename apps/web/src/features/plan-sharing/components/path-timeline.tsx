import type { PathDiagnosis, PathLesson, PlanListItem } from '@logoschool/contract';
import { Anchor, Badge, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconCalendarDue, IconClipboardList, IconSchool, IconStethoscope } from '@tabler/icons-react';
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

/** A lesson held: its number, its day, whether it was finished, and how the child did in it. */
function LessonItem({ lesson }: { lesson: PathLesson }) {
  const { t, i18n } = useTranslation();
  const total = lesson.correct + lesson.incorrect + lesson.cued;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="wrap">
        <Text fw={600} component="h3" fz="md" m={0}>
          {t('planShare.path.lessonTitle', { number: lesson.number })}
        </Text>
        {!lesson.finished && (
          <Badge color="yellow.4" autoContrast>
            {t('planShare.path.lessonNotFinished')}
          </Badge>
        )}
      </Group>
      <Text size="sm">{t('planShare.path.lessonHeld', { date: formatDateTime(lesson.held_at) })}</Text>
      <Text size="sm" c={lesson.accuracy === null ? 'gray.7' : undefined}>
        {lesson.accuracy === null
          ? t('planShare.path.lessonNoMarks')
          : t('planShare.path.lessonAccuracy', {
              accuracy: percent.format(lesson.accuracy),
              correct: lesson.correct,
              total,
            })}
      </Text>
    </Stack>
  );
}

/** A diagnosis: its card, its day, its status, and the way to it. */
function DiagnosisItem({ diagnosis }: { diagnosis: PathDiagnosis }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="wrap">
        <Text fw={600} component="h3" fz="md" m={0}>
          {t('planShare.path.diagnosisTitle', { title: diagnosis.card_title })}
        </Text>
        <Badge color="gray.7" variant="outline">
          {t(`diagnosisForm.status.${diagnosis.status}`)}
        </Badge>
      </Group>
      <Text size="sm">{t('planShare.path.diagnosisOn', { date: formatDate(diagnosis.diagnosed_on) })}</Text>
      <Anchor component={Link} to={`/manage-client-dc/${diagnosis.id}`} size="sm" w="fit-content">
        {t('planShare.path.openDiagnosis', { title: diagnosis.card_title })}
      </Anchor>
    </Stack>
  );
}

const BULLETS = { plan: IconClipboardList, lesson: IconSchool, diagnosis: IconStethoscope } as const;

const bulletOf = (kind: keyof typeof BULLETS) => {
  const Icon = BULLETS[kind];
  return <Icon size={16} aria-hidden />;
};

/**
 * The child's path in time order (`timelineOf`), with today marked: plans, lessons held and
 * diagnoses, each kind drawn by its own item.
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
          <Timeline.Item key={entry.key} bullet={bulletOf(entry.kind)} data-kind={entry.kind}>
            {entry.kind === 'plan' && <PlanItem plan={entry.plan} />}
            {entry.kind === 'lesson' && <LessonItem lesson={entry.lesson} />}
            {entry.kind === 'diagnosis' && <DiagnosisItem diagnosis={entry.diagnosis} />}
          </Timeline.Item>
        ),
      )}
    </Timeline>
  );
}
