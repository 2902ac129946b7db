import { PLAN_LESSONS, LESSON_DURATION_MAX, LESSON_DURATION_MIN, type Lesson } from '@logoschool/contract';
import { Anchor, Group, NumberInput, Paper, SimpleGrid, Stack } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-field.tsx';
import { Fact } from '../../../components/fact.tsx';
import type { LessonValues } from '../lesson-form.ts';
import { planPath } from '../paths.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

/**
 * The lesson's header: the student, the plan and the lesson's place in it, then its date, time (in
 * the browser's time zone) and length, which the teacher sets.
 */
export function LessonFacts({
  lesson,
  form,
  readOnly,
}: {
  lesson: Lesson;
  form: UseFormReturnType<LessonValues>;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" verticalSpacing="md">
          <Fact label={t('lessons.student')}>
            <Anchor component={Link} to={`/edit-client/${lesson.client.id}`}>
              {lesson.client.child_name}
            </Anchor>
          </Fact>
          <Fact label={t('lessons.plan')}>
            <Anchor component={Link} to={planPath(lesson.protocol_id)}>
              {lesson.plan_title}
            </Anchor>
          </Fact>
          <Fact label={t('lessons.lesson')}>
            {t('lessons.numberOf', { number: lesson.number, total: PLAN_LESSONS })}
          </Fact>
        </SimpleGrid>
        <Group align="flex-end" gap="md" wrap="wrap">
          <DateField
            label={t('lessons.edit.date')}
            w={200}
            disabled={readOnly}
            clearable
            {...form.getInputProps('date')}
          />
          <TimeInput
            label={t('lessons.edit.time')}
            description={t('lessons.edit.timeZone', { zone: browserTimeZone() })}
            w={200}
            leftSection={<IconClock size={16} stroke={1.6} aria-hidden />}
            leftSectionPointerEvents="none"
            disabled={readOnly}
            {...form.getInputProps('time')}
          />
          <NumberInput
            label={t('lessons.edit.duration')}
            description={t('lessons.edit.durationHint', {
              min: LESSON_DURATION_MIN,
              count: LESSON_DURATION_MAX,
            })}
            min={LESSON_DURATION_MIN}
            max={LESSON_DURATION_MAX}
            step={5}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            maxLength={2}
            w={200}
            required
            disabled={readOnly}
            {...form.getInputProps('duration_minutes')}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
