import {
  WEEKDAYS,
  lessonMoveInput,
  planScheduleInput,
  type LessonListItem,
  type ScheduleScope,
} from '@logoschool/contract';
import { ActionIcon, Checkbox, Group, Radio, Select, Stack, Text, Tooltip } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconCalendarTime, IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { DialogForm, FormDialog, useDialogForm } from '../../../components/dialog-form.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { useMoveLesson, useScheduleLessons } from '../api/plan-lessons.ts';

/** The time zones the browser knows, the teacher's first. */
function timeZones(): string[] {
  const own = browserTimeZone();
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [own, ...all.filter((zone) => zone !== own)];
}

/** A weekday's short name in the interface language (1 Monday … 7 Sunday). */
function weekdayName(language: string, day: number, width: 'short' | 'long'): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

/** A day 'YYYY-MM-DD' and a time 'HH:MM' of an instant in a time zone. */
function localParts(iso: string, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const today = () => localParts(new Date().toISOString(), browserTimeZone()).date;

interface ScheduleValues {
  weekdays: string[];
  time: string;
  start_date: string;
  time_zone: string;
  scope: ScheduleScope;
}

const scheduleBody = (values: ScheduleValues) => ({
  ...values,
  weekdays: values.weekdays.map(Number).sort((a, b) => a - b),
});

/**
 * The plan's lessons dated in one step (issue 27 item 5): weekly on the weekdays chosen at a time in
 * a time zone (the teacher's browser's unless she picks another), from a start date; the lessons
 * without a date, or every one not held yet, in their order.
 */
export function ScheduleLessonsDialog({
  planId,
  opened,
  onClose,
  onDone,
}: {
  planId: number;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog target={opened ? planId : null} title={t('plans.schedule.title')} size="lg" onClose={onClose}>
      {() => <ScheduleForm planId={planId} onClose={onClose} onDone={onDone} />}
    </FormDialog>
  );
}

function ScheduleForm({
  planId,
  onClose,
  onDone,
}: {
  planId: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const schedule = useScheduleLessons(planId);
  const [zones] = useState(timeZones);
  const { form, state } = useDialogForm<ScheduleValues>({
    initialValues: {
      weekdays: [],
      time: '16:00',
      start_date: today(),
      time_zone: browserTimeZone(),
      scope: 'undated',
    },
    schema: planScheduleInput,
    toBody: scheduleBody,
    save: async (values) => {
      const done = await schedule.mutateAsync(scheduleBody(values));
      notifySuccess(
        t('plans.schedule.done', {
          count: done.lessons.filter((lesson) => lesson.starts_at !== null).length,
        }),
      );
      onDone();
      onClose();
    },
  });
  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('plans.schedule.submit')}>
      <Checkbox.Group
        label={t('plans.schedule.weekdays')}
        description={t('plans.schedule.weekdaysHint')}
        required
        {...form.getInputProps('weekdays')}
      >
        <Group gap="sm" mt={6} wrap="wrap">
          {WEEKDAYS.map((day) => (
            <Checkbox
              key={day}
              value={String(day)}
              label={weekdayName(i18n.language, day, 'short')}
              aria-label={weekdayName(i18n.language, day, 'long')}
            />
          ))}
        </Group>
      </Checkbox.Group>
      <Group align="flex-start" gap="md" wrap="wrap">
        <TimeInput
          label={t('plans.schedule.time')}
          required
          w={160}
          leftSection={<IconClock size={16} stroke={1.6} aria-hidden />}
          leftSectionPointerEvents="none"
          {...form.getInputProps('time')}
        />
        <DateField
          label={t('plans.schedule.startDate')}
          required
          w={200}
          {...form.getInputProps('start_date')}
        />
      </Group>
      <Select
        label={t('plans.schedule.timeZone')}
        description={t('plans.schedule.timeZoneHint')}
        data={zones}
        searchable
        allowDeselect={false}
        required
        {...form.getInputProps('time_zone')}
      />
      <Radio.Group label={t('plans.schedule.scope')} {...form.getInputProps('scope')}>
        <Stack gap={6} mt={6}>
          <Radio value="undated" label={t('plans.schedule.undated')} />
          <Radio value="not_held" label={t('plans.schedule.notHeld')} />
        </Stack>
      </Radio.Group>
    </DialogForm>
  );
}

interface MoveValues {
  date: string;
  time: string;
  time_zone: string;
}

/** One lesson moved to another day and time in the teacher's time zone; the others keep theirs. */
export function MoveLessonButton({
  planId,
  lesson,
  onDone,
}: {
  planId: number;
  lesson: LessonListItem;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (lesson.status === 'finished') return null;
  const label = t('plans.move.open', { number: lesson.number });
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          aria-label={label}
          onClick={(event) => {
            // The row opens the lesson; this button only moves it.
            event.stopPropagation();
            setOpen(true);
          }}
        >
          <IconCalendarTime size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <FormDialog
        target={open ? lesson : null}
        title={t('plans.move.title', { number: lesson.number })}
        onClose={() => setOpen(false)}
      >
        {(shown) => (
          <MoveForm planId={planId} lesson={shown} onClose={() => setOpen(false)} onDone={onDone} />
        )}
      </FormDialog>
    </>
  );
}

function MoveForm({
  planId,
  lesson,
  onClose,
  onDone,
}: {
  planId: number;
  lesson: LessonListItem;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const move = useMoveLesson(planId);
  const zone = browserTimeZone();
  const now = lesson.starts_at ? localParts(lesson.starts_at, zone) : { date: today(), time: '16:00' };
  const { form, state } = useDialogForm<MoveValues>({
    initialValues: { ...now, time_zone: zone },
    schema: lessonMoveInput,
    toBody: (values) => ({ ...values, lesson_id: lesson.id }),
    save: async (values) => {
      await move.mutateAsync({ ...values, lesson_id: lesson.id });
      notifySuccess(t('plans.move.done', { number: lesson.number }));
      onDone();
      onClose();
    },
  });
  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('plans.move.submit')}>
      <Text size="sm" c="gray.7">
        {t('plans.move.hint')}
      </Text>
      <Group align="flex-start" gap="md" wrap="wrap">
        <DateField
          label={t('plans.schedule.date')}
          required
          w={200}
          data-autofocus
          {...form.getInputProps('date')}
        />
        <TimeInput
          label={t('plans.schedule.time')}
          description={t('plans.schedule.inZone', { zone })}
          required
          w={200}
          leftSection={<IconClock size={16} stroke={1.6} aria-hidden />}
          leftSectionPointerEvents="none"
          {...form.getInputProps('time')}
        />
      </Group>
    </DialogForm>
  );
}
