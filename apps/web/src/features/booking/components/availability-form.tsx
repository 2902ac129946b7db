import { availabilitySchema, LANGUAGES, todayIso, type Availability } from '@logoschool/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { DateField } from '../../../components/date-field.tsx';
import { useUnsavedChanges } from '../../../components/unsaved-changes.tsx';
import { contractValidate, showServerErrors } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveAvailability } from '../api/booking.ts';
import { timeZones } from '../format.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** A new interval's hours, before the teacher changes them. */
const NEW_HOURS = { start: '09:00', end: '17:00' };

/** A message shows under the field its whole path names (`weekly.2.end`). */
const wholePath = (path: string) => path;

/** The weekday's name in the interface's language (ISO: 1 Monday … 7 Sunday). */
const weekdayName = (weekday: number) => {
  const name = dayjs('2026-11-23')
    .add(weekday - 1, 'day')
    .format('dddd');
  return `${name.charAt(0).toLocaleUpperCase()}${name.slice(1)}`;
};

type Form = UseFormReturnType<Availability>;

/**
 * A teacher's availability (issue 28 item 1), in her own time zone: her hours per weekday, the days
 * that differ (off, or other hours), the languages she teaches in, and whether parents may book her
 * free lessons and consultation groups. Checked by the contract's schema; leaving unsaved asks.
 */
export function AvailabilityForm({
  teacherId,
  availability,
}: {
  teacherId: number;
  availability: Availability;
}) {
  const { t } = useTranslation();
  const save = useSaveAvailability(teacherId);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Availability>({
    initialValues: availability,
    validate: contractValidate<Availability>(availabilitySchema, t, { fieldOf: wholePath }),
  });
  useUnsavedChanges(form.isDirty());
  const zones = useMemo(() => timeZones(), []);

  const submit = async (values: Availability) => {
    setProblem(null);
    try {
      const saved = await save.mutateAsync(values);
      form.setValues(saved);
      form.resetDirty(saved);
      notifySuccess(t('booking.availability.saved'));
    } catch (error) {
      if (!showServerErrors(form, error, wholePath)) setProblem(errorTextOf(error));
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="lg" maw={760}>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="availability-general">
          <Stack gap="md">
            <Title order={2} size="h4" id="availability-general">
              {t('booking.availability.general')}
            </Title>
            <Select
              label={t('booking.availability.timeZone')}
              description={t('booking.availability.timeZoneHint')}
              searchable
              limit={50}
              allowDeselect={false}
              maw={360}
              data={zones}
              nothingFoundMessage={t('booking.availability.noZone')}
              {...form.getInputProps('time_zone')}
            />
            <MultiSelect
              label={t('booking.availability.languages')}
              description={t('booking.availability.languagesHint')}
              maw={480}
              data={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
              {...form.getInputProps('languages')}
            />
            <Switch
              label={t('booking.availability.freeLessons')}
              description={t('booking.availability.freeLessonsHint')}
              {...form.getInputProps('free_lessons', { type: 'checkbox' })}
            />
            <Switch
              label={t('booking.availability.groups')}
              description={t('booking.availability.groupsHint')}
              {...form.getInputProps('consultation_groups', { type: 'checkbox' })}
            />
          </Stack>
        </Paper>
        <WeeklyHours form={form} />
        <Exceptions form={form} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('booking.availability.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Two time fields, start and end, of one interval, named for the day they belong to. */
function HoursFields({
  form,
  path,
  day,
  onRemove,
}: {
  form: Form;
  path: string;
  day: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        type="time"
        w={130}
        aria-label={t('booking.availability.startOf', { label: day })}
        {...form.getInputProps(`${path}.start`)}
      />
      <Text pt={6} aria-hidden>
        –
      </Text>
      <TextInput
        type="time"
        w={130}
        aria-label={t('booking.availability.endOf', { label: day })}
        {...form.getInputProps(`${path}.end`)}
      />
      <ActionIcon
        variant="subtle"
        color="red.9"
        mt={4}
        aria-label={t('booking.availability.removeHours', { label: day })}
        onClick={onRemove}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

function WeeklyHours({ form }: { form: Form }) {
  const { t } = useTranslation();
  const weekly = form.values.weekly.map((hours, index) => ({ hours, index }));
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="availability-weekly">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="availability-weekly">
            {t('booking.availability.weekly')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('booking.availability.weeklyHint', { zone: form.values.time_zone })}
          </Text>
        </div>
        {form.errors.weekly && (
          <Text c="red.8" size="sm" role="alert">
            {form.errors.weekly}
          </Text>
        )}
        {WEEKDAYS.map((weekday) => {
          const day = weekdayName(weekday);
          const ofDay = weekly.filter(({ hours }) => hours.weekday === weekday);
          return (
            <Group key={weekday} align="flex-start" gap="md" wrap="wrap" data-weekday={weekday}>
              <Text fw={600} w={130} pt={6}>
                {day}
              </Text>
              <Stack gap="xs" style={{ flex: '1 1 320px' }}>
                {ofDay.length === 0 && (
                  <Text c="gray.7" size="sm" pt={6}>
                    {t('booking.availability.dayOff')}
                  </Text>
                )}
                {ofDay.map(({ index }) => (
                  <HoursFields
                    key={index}
                    form={form}
                    path={`weekly.${index}`}
                    day={day}
                    onRemove={() => form.removeListItem('weekly', index)}
                  />
                ))}
                <Button
                  variant="subtle"
                  size="xs"
                  w="fit-content"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  aria-label={t('booking.availability.addHoursTo', { label: day })}
                  onClick={() => form.insertListItem('weekly', { weekday, ...NEW_HOURS })}
                >
                  {t('booking.availability.addHours')}
                </Button>
              </Stack>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}

function Exceptions({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="availability-exceptions">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="availability-exceptions">
            {t('booking.availability.exceptions')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('booking.availability.exceptionsHint')}
          </Text>
        </div>
        {form.errors.exceptions && (
          <Text c="red.8" size="sm" role="alert">
            {form.errors.exceptions}
          </Text>
        )}
        {form.values.exceptions.map((exception, index) => {
          const day = exception.date ? dayjs(exception.date).format('L') : t('booking.availability.newDay');
          const path = `exceptions.${index}`;
          return (
            <Paper key={index} withBorder radius="sm" p="sm" data-exception={index}>
              <Stack gap="xs">
                <Group align="flex-end" gap="sm" wrap="wrap">
                  <DateField
                    label={t('booking.availability.date')}
                    w={200}
                    minDate={todayIso()}
                    value={exception.date}
                    onChange={(date) => form.setFieldValue(`${path}.date`, date ?? '')}
                    error={form.errors[`${path}.date`]}
                  />
                  <Button
                    variant="subtle"
                    color="red.9"
                    size="xs"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    aria-label={t('booking.availability.removeDay', { label: day })}
                    onClick={() => form.removeListItem('exceptions', index)}
                  >
                    {t('booking.availability.remove')}
                  </Button>
                </Group>
                {exception.intervals.length === 0 && (
                  <Text size="sm" c="gray.7">
                    {t('booking.availability.noHoursThatDay')}
                  </Text>
                )}
                {form.errors[`${path}.intervals`] && (
                  <Text c="red.8" size="sm" role="alert">
                    {form.errors[`${path}.intervals`]}
                  </Text>
                )}
                {exception.intervals.map((_, hoursIndex) => (
                  <HoursFields
                    key={hoursIndex}
                    form={form}
                    path={`${path}.intervals.${hoursIndex}`}
                    day={day}
                    onRemove={() => form.removeListItem(`${path}.intervals`, hoursIndex)}
                  />
                ))}
                <Button
                  variant="subtle"
                  size="xs"
                  w="fit-content"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  aria-label={t('booking.availability.addHoursTo', { label: day })}
                  onClick={() => form.insertListItem(`${path}.intervals`, { ...NEW_HOURS })}
                >
                  {t('booking.availability.addHours')}
                </Button>
              </Stack>
            </Paper>
          );
        })}
        <Button
          variant="default"
          w="fit-content"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('exceptions', { date: '', intervals: [] })}
        >
          {t('booking.availability.addException')}
        </Button>
      </Stack>
    </Paper>
  );
}
