import { PER_PAGE_MAX, WEEKDAYS, courseStartInput } from '@logoschool/contract';
import { Checkbox, Group, Select, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { DialogForm, FormDialog, useDialogForm } from '../../../components/dialog-form.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { useCourseTemplates, useStartCourse } from '../api/course-templates.ts';

/** A weekday's name in the interface language (1 Monday … 7 Sunday). */
export function weekdayName(language: string, day: number, width: 'short' | 'long'): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

/** Today in the browser's time zone, 'YYYY-MM-DD'. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: browserTimeZone() }).format(new Date());

interface StartValues {
  course_template_id: string | null;
  weekdays: string[];
  time: string;
  start_date: string;
}

/**
 * Starts a course on the plan (issue 30 item 2): a published course template, and the weekly
 * schedule its lessons are dated with (the weekdays, the time in the teacher's time zone, the first
 * day), as the plan's own schedule dates lessons.
 */
export function StartCourseDialog({
  protocolId,
  opened,
  onClose,
}: {
  protocolId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      target={opened ? protocolId : null}
      title={t('courses.start.title')}
      size="lg"
      onClose={onClose}
    >
      {() => <StartForm protocolId={protocolId} onClose={onClose} />}
    </FormDialog>
  );
}

function StartForm({ protocolId, onClose }: { protocolId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const start = useStartCourse();
  const templates = useCourseTemplates({ status: 'published', term: '', page: 1, per_page: PER_PAGE_MAX });
  const timeZone = browserTimeZone();
  const bodyOf = (values: StartValues) => ({
    protocol_id: protocolId,
    course_template_id: Number(values.course_template_id),
    weekdays: values.weekdays.map(Number).sort((a, b) => a - b),
    time: values.time,
    start_date: values.start_date,
    time_zone: timeZone,
  });
  const { form, state } = useDialogForm<StartValues>({
    initialValues: { course_template_id: null, weekdays: [], time: '16:00', start_date: today() },
    schema: courseStartInput,
    toBody: bodyOf,
    save: async (values) => {
      const course = await start.mutateAsync(bodyOf(values));
      notifySuccess(t('courses.start.done', { count: course.lessons.length }));
      onClose();
    },
  });
  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('courses.start.submit')}>
      <Select
        label={t('courses.start.template')}
        description={templates.isError ? t('courses.start.templatesFailed') : t('courses.start.templateHint')}
        data={(templates.data?.data ?? []).map((template) => ({
          value: String(template.id),
          label: t('courses.start.templateOption', { name: template.name, count: template.lessons }),
        }))}
        searchable
        required
        nothingFoundMessage={t('courses.start.noTemplates')}
        {...form.getInputProps('course_template_id')}
      />
      <Checkbox.Group
        label={t('courses.start.weekdays')}
        description={t('courses.start.weekdaysHint')}
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
          label={t('courses.start.time')}
          required
          w={160}
          leftSection={<IconClock size={16} stroke={1.6} aria-hidden />}
          leftSectionPointerEvents="none"
          {...form.getInputProps('time')}
        />
        <DateField
          label={t('courses.start.startDate')}
          required
          w={200}
          {...form.getInputProps('start_date')}
        />
      </Group>
      <Text size="sm" c="gray.7">
        {t('courses.start.timeZone', { zone: timeZone })}
      </Text>
    </DialogForm>
  );
}
