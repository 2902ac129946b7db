import { daysFrom, slotsByDay, type Language, type SlotView } from '@logoschool/contract';
import { Button, Group, ScrollArea, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayLabel, longDayLabel, momentIn } from '../zones.ts';
import classes from './slot-picker.module.css';

/**
 * The free slots from `from` to `to` (the parent's calendar days): a strip of days, each saying
 * how many times it has or that it has none, and the chosen day's times in the parent's zone.
 * Beside a time, the teacher's time when it falls on another calendar day; for the course, the
 * seats left. The booking page's step 2 and the manage page's move use it alike.
 */
export function SlotPicker({
  slots,
  timeZone,
  from,
  to,
  language,
  busy,
  onPick,
  headingOrder = 3,
}: {
  slots: readonly SlotView[];
  timeZone: string;
  from: string;
  to: string;
  language: Language;
  /** The start being reserved: its button waits, the others rest. */
  busy: string | null;
  onPick: (slot: SlotView) => void;
  /** The chosen day's heading level, under the section that holds the picker. */
  headingOrder?: 3 | 4;
}) {
  const { t } = useTranslation();
  const byDay = useMemo(
    () =>
      slotsByDay(
        slots.map((slot) => ({ ...slot, start: new Date(slot.start), slot })),
        timeZone,
      ),
    [slots, timeZone],
  );
  const days = useMemo(() => daysFrom(from, to), [from, to]);
  const firstFree = days.find((day) => byDay.has(day)) ?? days[0] ?? from;
  const [chosen, setChosen] = useState<string | null>(null);
  const day = chosen !== null && days.includes(chosen) ? chosen : firstFree;
  const daySlots = byDay.get(day) ?? [];

  return (
    <Stack gap="sm">
      <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
        <Group gap={6} wrap="nowrap" role="group" aria-label={t('appointment.slots.days')}>
          {days.map((one) => {
            const count = byDay.get(one)?.length ?? 0;
            return (
              <UnstyledButton
                key={one}
                className={classes.day}
                data-empty={count === 0 || undefined}
                aria-pressed={one === day}
                onClick={() => setChosen(one)}
                aria-label={`${dayLabel(language, one)}: ${
                  count ? t('appointment.slots.free', { count }) : t('appointment.slots.none')
                }`}
              >
                <Text span size="sm" fw={600} display="block">
                  {dayLabel(language, one)}
                </Text>
                <Text span size="xs" c={count ? 'teal.9' : 'dimmed'} display="block">
                  {count ? t('appointment.slots.freeShort', { count }) : t('appointment.slots.noneShort')}
                </Text>
              </UnstyledButton>
            );
          })}
        </Group>
      </ScrollArea>
      <Title order={headingOrder} size="h5">
        {longDayLabel(language, day)}
      </Title>
      {daySlots.length === 0 ? (
        <Text c="dimmed">{t('appointment.slots.noneOnDay')}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 2, xs: 3, sm: 4 }}
          spacing="xs"
          role="list"
          aria-label={longDayLabel(language, day)}
        >
          {daySlots.map(({ slot }) => (
            <div role="listitem" key={`${slot.start}-${slot.session_id ?? ''}`}>
              <SlotButton
                slot={slot}
                timeZone={timeZone}
                language={language}
                busy={busy === slot.start}
                disabled={busy !== null && busy !== slot.start}
                onPick={onPick}
              />
            </div>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function SlotButton({
  slot,
  timeZone,
  language,
  busy,
  disabled,
  onPick,
}: {
  slot: SlotView;
  timeZone: string;
  language: Language;
  busy: boolean;
  disabled: boolean;
  onPick: (slot: SlotView) => void;
}) {
  const { t } = useTranslation();
  const mine = momentIn(slot.start, timeZone);
  // The teacher's time only where her calendar day is not the parent's: the hour alone would mislead.
  const otherDays = [
    ...new Map(
      slot.teacher_time_zones
        .map((zone) => ({ zone, ...momentIn(slot.start, zone) }))
        .filter((theirs) => theirs.day !== mine.day)
        .map((theirs) => [`${theirs.day} ${theirs.time}`, theirs]),
    ).values(),
  ];
  return (
    <Button
      variant="light"
      fullWidth
      h="auto"
      py={6}
      loading={busy}
      disabled={disabled}
      onClick={() => onPick(slot)}
      styles={{ label: { flexDirection: 'column', whiteSpace: 'normal' } }}
    >
      <Text span fw={700}>
        {mine.time}
      </Text>
      {otherDays.map((theirs) => (
        <Text span size="xs" key={theirs.zone} fw={400}>
          {t('appointment.slots.teacherTime', {
            time: theirs.time,
            date: dayLabel(language, theirs.day),
          })}
        </Text>
      ))}
      {slot.seats_left !== undefined && (
        <Text span size="xs" fw={400}>
          {t('appointment.slots.seats', { count: slot.seats_left })}
        </Text>
      )}
    </Button>
  );
}
