import type { ParentPlan } from '@logoschool/contract';
import { Badge, Box, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconHome, IconPrinter, IconSchool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dayAndTime, longDate } from '../../../i18n/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import classes from './parent-plan.module.css';

/**
 * The plan as the parents read it (issue 14 item 6, issue 27 item 8): whose plan, from which
 * template, until when, who teaches it and at which school, the lessons' dates and times in the
 * reader's time zone (named), and for each block what it works on and what to practise at home,
 * in the template's words for parents only. Made for a phone first, and printed as it reads.
 */
export function ParentPlanView({ plan }: { plan: ParentPlan }) {
  const { t } = useTranslation();
  return (
    <Box component="main" className={classes.page} py={{ base: 'md', sm: 'xl' }}>
      <Container size={720} px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              <IconSchool size={20} aria-hidden />
              <Text fw={700}>Logoschool</Text>
            </Group>
            <Button
              className={classes.noPrint}
              variant="default"
              size="compact-md"
              leftSection={<IconPrinter size={16} aria-hidden />}
              onClick={() => window.print()}
            >
              {t('planShare.parent.print')}
            </Button>
          </Group>

          <Stack gap="xs">
            <Title order={1} size="h2">
              {t('planShare.parent.title', { name: plan.child_name })}
            </Title>
            <Text size="lg">{plan.template_title}</Text>
            <Group gap="xs">
              <Badge
                variant="outline"
                color="blue.9"
                size="lg"
                tt="none"
                leftSection={<IconCalendarEvent size={14} aria-hidden />}
              >
                {t('planShare.parent.until', { date: longDate(plan.language, plan.deadline) })}
              </Badge>
              <Badge variant="outline" color="teal.9" size="lg" tt="none">
                {t('planShare.parent.lessons', { count: plan.lessons })}
              </Badge>
            </Group>
          </Stack>

          <Text>{t('planShare.parent.intro', { count: plan.lessons })}</Text>

          <ParentContacts plan={plan} />
          <ParentSchedule plan={plan} />

          <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {plan.blocks.map((block, index) => (
              <Paper
                component="li"
                key={`${index}-${block.target}`}
                withBorder
                radius="md"
                p={{ base: 'md', sm: 'lg' }}
                className={classes.block}
              >
                <Stack gap="sm">
                  <Text size="sm" c="gray.7">
                    {t('planShare.parent.blockOf', { index: index + 1, count: plan.blocks.length })}
                  </Text>
                  <Title order={2} size="h3">
                    {block.target}
                  </Title>
                  {block.description && <Text style={{ whiteSpace: 'pre-line' }}>{block.description}</Text>}
                  {block.at_home === null ? (
                    <Text size="sm" c="gray.7">
                      {t('planShare.parent.folderToCome')}
                    </Text>
                  ) : (
                    block.at_home && (
                      <Group gap="sm" align="flex-start" wrap="nowrap">
                        <ThemeIcon variant="outline" color="blue.9" aria-hidden>
                          <IconHome size={18} />
                        </ThemeIcon>
                        <div>
                          <Text size="sm" fw={600}>
                            {t('planShare.parent.atHome')}
                          </Text>
                          <Text style={{ whiteSpace: 'pre-line' }}>{block.at_home}</Text>
                        </div>
                      </Group>
                    )
                  )}
                </Stack>
              </Paper>
            ))}
          </Stack>

          <Text size="sm" c="gray.7">
            {t('planShare.parent.footer')}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

/** Who teaches the plan and at which school; nothing when the plan names neither. */
function ParentContacts({ plan }: { plan: ParentPlan }) {
  const { t } = useTranslation();
  if (!plan.therapist_name && !plan.school_name) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="parent-contacts"
    >
      <Title order={2} size="h4" id="parent-contacts" mb="xs">
        {t('planShare.parent.contacts')}
      </Title>
      <Stack gap={4} component="dl" m={0}>
        {plan.therapist_name && (
          <Group gap="xs" wrap="wrap">
            <Text component="dt" c="gray.7">
              {t('planShare.parent.therapist')}:
            </Text>
            <Text component="dd" m={0} fw={600}>
              {plan.therapist_name}
            </Text>
          </Group>
        )}
        {plan.school_name && (
          <Group gap="xs" wrap="wrap">
            <Text component="dt" c="gray.7">
              {t('planShare.parent.school')}:
            </Text>
            <Text component="dd" m={0} fw={600}>
              {plan.school_name}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The lessons in order with their day and time in the reader's time zone, which it names. */
function ParentSchedule({ plan }: { plan: ParentPlan }) {
  const { t } = useTranslation();
  const zone = browserTimeZone();
  const dated = plan.schedule.some((lesson) => lesson.starts_at !== null);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="parent-schedule"
    >
      <Title order={2} size="h4" id="parent-schedule" mb="xs">
        {t('planShare.parent.schedule')}
      </Title>
      {dated ? (
        <>
          <Text size="sm" c="gray.7" mb="sm">
            {t('planShare.parent.timesIn', { zone })}
          </Text>
          <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {plan.schedule.map((lesson) => {
              const when =
                lesson.starts_at === null ? null : dayAndTime(plan.language, lesson.starts_at, zone);
              const end =
                lesson.starts_at === null
                  ? null
                  : dayAndTime(
                      plan.language,
                      new Date(
                        new Date(lesson.starts_at).getTime() + lesson.duration_minutes * 60_000,
                      ).toISOString(),
                      zone,
                    );
              return (
                <Group component="li" key={lesson.number} gap="xs" wrap="wrap" className={classes.lesson}>
                  <Text fw={600} miw={96}>
                    {t('planShare.parent.lesson', { number: lesson.number })}
                  </Text>
                  {when && end ? (
                    <Text>
                      {when.day}, {when.time}–{end.time}
                    </Text>
                  ) : (
                    <Text c="gray.7">{t('planShare.parent.notDated')}</Text>
                  )}
                  {lesson.held && (
                    <Badge variant="outline" color="teal.9" tt="none">
                      {t('planShare.parent.held')}
                    </Badge>
                  )}
                </Group>
              );
            })}
          </Stack>
        </>
      ) : (
        <Text size="sm" c="gray.7">
          {t('planShare.parent.dateToCome')}
        </Text>
      )}
    </Paper>
  );
}
