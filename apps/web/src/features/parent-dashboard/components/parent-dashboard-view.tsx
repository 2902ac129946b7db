import type { DashboardLesson, Language, ParentDashboard } from '@logoschool/contract';
import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconDeviceTv,
  IconHome,
  IconMail,
  IconPhone,
  IconSchool,
  IconTrendingDown,
  IconTrendingUp,
  IconEqual,
} from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayAndTime, longDate } from '../../../i18n/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import classes from './parent-dashboard.module.css';

/** What the parts of the parents' side that other areas bring get: the dashboard and its token. */
export type DashboardSections = (dashboard: ParentDashboard, token: string) => ReactNode;

/**
 * The child's dashboard as the family reads it (issue 29 item 1), phone first: the next lessons in
 * the parent's time zone (the child's screen at lesson time), the current plan in the words for
 * parents, the lessons held with how many tries were said right, the diagnoses sent, the parts
 * other areas bring (`sections`), and who to turn to.
 */
export function ParentDashboardView({
  dashboard,
  token,
  sections,
}: {
  dashboard: ParentDashboard;
  token: string;
  sections?: DashboardSections;
}) {
  const { t } = useTranslation();
  // The family's own zone when its booking gave one, else the browser's.
  const zone = dashboard.time_zone ?? browserTimeZone();
  return (
    <Box component="main" className={classes.page} py={{ base: 'md', sm: 'xl' }}>
      <Container size={960} px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="lg">
          <Group gap={6} wrap="nowrap">
            <IconSchool size={20} aria-hidden />
            <Text fw={700}>{dashboard.school.name || 'Logoschool'}</Text>
          </Group>
          <Title order={1} size="h2">
            {t('parentDashboard.page.title', { name: dashboard.child_name })}
          </Title>
          <NextLessons lessons={dashboard.next_lessons} language={dashboard.language} zone={zone} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <PlanSection dashboard={dashboard} />
            <HeldSection dashboard={dashboard} />
          </SimpleGrid>
          <DiagnosesSection dashboard={dashboard} />
          {sections?.(dashboard, token)}
          <ContactsSection dashboard={dashboard} />
        </Stack>
      </Container>
    </Box>
  );
}

/** A titled card of the page. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The next lessons, each with its day and time in the zone named; the child's screen at lesson time. */
export function NextLessons({
  lessons,
  language,
  zone,
}: {
  lessons: DashboardLesson[];
  language: Language;
  zone: string;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('parentDashboard.next.title')}>
      {lessons.length === 0 ? (
        <Text c="gray.7">{t('parentDashboard.next.none')}</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {t('parentDashboard.next.timesIn', { zone })}
          </Text>
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {lessons.map((lesson) => {
              const when = dayAndTime(language, lesson.starts_at, zone);
              const end = dayAndTime(
                language,
                new Date(Date.parse(lesson.starts_at) + lesson.duration_minutes * 60_000).toISOString(),
                zone,
              );
              return (
                <Group component="li" key={lesson.starts_at} gap="sm" justify="space-between" wrap="wrap">
                  <div>
                    <Text fw={600}>{when.day}</Text>
                    <Text>
                      {when.time}–{end.time} ·{' '}
                      {t('parentDashboard.next.minutes', { count: lesson.duration_minutes })}
                    </Text>
                  </div>
                  {lesson.child_screen && (
                    <Button
                      component="a"
                      href={lesson.child_screen}
                      color="teal.9"
                      leftSection={<IconDeviceTv size={18} aria-hidden />}
                    >
                      {t('parentDashboard.next.childScreen')}
                    </Button>
                  )}
                </Group>
              );
            })}
          </Stack>
        </Stack>
      )}
    </Section>
  );
}

/** The current plan: its title, until when, and each block's parents' texts. */
function PlanSection({ dashboard }: { dashboard: ParentDashboard }) {
  const { t } = useTranslation();
  const { plan } = dashboard;
  return (
    <Section title={t('parentDashboard.plan.title')}>
      {plan === null ? (
        <Text c="gray.7">{t('parentDashboard.plan.none')}</Text>
      ) : (
        <Stack gap="sm">
          <div>
            <Text fw={600}>{plan.template_title}</Text>
            <Text size="sm" c="gray.7">
              {t('parentDashboard.plan.until', {
                date: longDate(dashboard.language, plan.deadline),
                count: plan.lessons,
              })}
            </Text>
          </div>
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {plan.blocks.map((block, index) => (
              <Stack component="li" key={`${index}-${block.target}`} gap={4}>
                <Text fw={600}>{block.target}</Text>
                {block.description && <Text style={{ whiteSpace: 'pre-line' }}>{block.description}</Text>}
                {block.at_home && (
                  <Group gap="xs" align="flex-start" wrap="nowrap">
                    <ThemeIcon variant="outline" color="blue.9" size="sm" aria-hidden>
                      <IconHome size={14} />
                    </ThemeIcon>
                    <Text size="sm">
                      <Text span fw={600} size="sm">
                        {t('parentDashboard.plan.atHome')}:
                      </Text>{' '}
                      {block.at_home}
                    </Text>
                  </Group>
                )}
              </Stack>
            ))}
          </Stack>
        </Stack>
      )}
    </Section>
  );
}

const TREND_ICON = { better: IconTrendingUp, steady: IconEqual, harder: IconTrendingDown } as const;

/** The lessons held, each with its tries said right, and the trend of the last two. */
export function HeldSection({ dashboard }: { dashboard: ParentDashboard }) {
  const { t } = useTranslation();
  const held = dashboard.lessons_held;
  const Trend = dashboard.trend ? TREND_ICON[dashboard.trend] : null;
  return (
    <Section title={t('parentDashboard.held.title')}>
      {held.length === 0 ? (
        <Text c="gray.7">{t('parentDashboard.held.none')}</Text>
      ) : (
        <Stack gap="sm">
          <Text>{t('parentDashboard.held.count', { count: held.length })}</Text>
          {dashboard.trend && Trend && (
            <Group gap="xs" wrap="nowrap">
              <Trend size={20} aria-hidden />
              <Text fw={600}>{t(`parentDashboard.held.trend.${dashboard.trend}`)}</Text>
            </Group>
          )}
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {[...held].reverse().map((lesson) => {
              const day = dayAndTime(dashboard.language, lesson.date, browserTimeZone()).day;
              const said =
                lesson.tries === 0
                  ? t('parentDashboard.held.noTries')
                  : t('parentDashboard.held.saidRight', { right: lesson.said_right, count: lesson.tries });
              return (
                <Stack component="li" key={lesson.date} gap={4}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {day}
                    </Text>
                    <Text size="sm">{said}</Text>
                  </Group>
                  {lesson.tries > 0 && (
                    <Progress
                      value={(100 * lesson.said_right) / lesson.tries}
                      color="teal.8"
                      aria-label={`${day}: ${said}`}
                    />
                  )}
                </Stack>
              );
            })}
          </Stack>
        </Stack>
      )}
    </Section>
  );
}

/** The diagnoses sent, each with its own page and its progress. */
function DiagnosesSection({ dashboard }: { dashboard: ParentDashboard }) {
  const { t } = useTranslation();
  return (
    <Section title={t('parentDashboard.diagnoses.title')}>
      {dashboard.diagnoses.length === 0 ? (
        <Text c="gray.7">{t('parentDashboard.diagnoses.none')}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {dashboard.diagnoses.map((diagnosis) => (
            <Group component="li" key={diagnosis.page} justify="space-between" gap="sm" wrap="wrap">
              <div>
                <Text fw={600}>{diagnosis.card_title}</Text>
                <Text size="sm" c="gray.7">
                  {longDate(dashboard.language, diagnosis.diagnosed_on)}
                </Text>
              </div>
              <Group gap="sm">
                <Anchor href={diagnosis.page}>{t('parentDashboard.diagnoses.open')}</Anchor>
                <Anchor href={diagnosis.progress_page}>{t('parentDashboard.diagnoses.progress')}</Anchor>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** Who teaches the child and how to reach the school. */
function ContactsSection({ dashboard }: { dashboard: ParentDashboard }) {
  const { t } = useTranslation();
  const { school } = dashboard;
  return (
    <Section title={t('parentDashboard.contacts.title')}>
      <Stack gap={6} component="dl" m={0}>
        {dashboard.therapist_name && (
          <Group gap="xs" wrap="wrap">
            <Text component="dt" c="gray.7">
              {t('parentDashboard.contacts.therapist')}:
            </Text>
            <Text component="dd" m={0} fw={600}>
              {dashboard.therapist_name}
            </Text>
          </Group>
        )}
        {school.name && (
          <Group gap="xs" wrap="wrap">
            <Text component="dt" c="gray.7">
              {t('parentDashboard.contacts.school')}:
            </Text>
            <Text component="dd" m={0} fw={600}>
              {school.name}
            </Text>
          </Group>
        )}
        {school.email && (
          <Group gap="xs" wrap="nowrap">
            <Text component="dt" c="gray.7">
              <IconMail size={16} aria-hidden /> {t('parentDashboard.contacts.email')}:
            </Text>
            <Text component="dd" m={0}>
              <Anchor href={`mailto:${school.email}`}>{school.email}</Anchor>
            </Text>
          </Group>
        )}
        {school.phone && (
          <Group gap="xs" wrap="nowrap">
            <Text component="dt" c="gray.7">
              <IconPhone size={16} aria-hidden /> {t('parentDashboard.contacts.phone')}:
            </Text>
            <Text component="dd" m={0}>
              <Anchor href={`tel:${school.phone}`}>{school.phone}</Anchor>
            </Text>
          </Group>
        )}
      </Stack>
      {!school.email && !school.phone && (
        <Text size="sm" c="gray.7" mt="sm">
          {t('parentDashboard.contacts.askTherapist')}
        </Text>
      )}
    </Section>
  );
}
