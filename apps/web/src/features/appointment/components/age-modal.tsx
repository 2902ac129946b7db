import type { AgeRefusal, Language } from '@logoschool/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { longDayLabel } from '../zones.ts';

/**
 * Spec §8's explanatory modals: a child under 3 on the lesson's date is not booked (individual
 * lessons take children from 3), a child under 6 not for the course (it takes them from 6, and an
 * individual free lesson is offered instead). Nothing is booked either way; the text says what
 * the family can do.
 */
export function AgeModal({
  refusal,
  child,
  oldEnoughFrom,
  language,
  onClose,
  onSwitchToLesson,
}: {
  refusal: AgeRefusal | null;
  child: string;
  /** The first day the child is old enough for what was asked. */
  oldEnoughFrom: string | null;
  language: Language;
  onClose: () => void;
  /** The course refused: book an individual free lesson instead (absent when that is refused too). */
  onSwitchToLesson?: () => void;
}) {
  const { t } = useTranslation();
  const date = oldEnoughFrom ? longDayLabel(language, oldEnoughFrom) : null;
  return (
    <Modal
      opened={refusal !== null}
      onClose={onClose}
      centered
      title={
        refusal === 'course_too_young' ? t('appointment.age.courseTitle') : t('appointment.age.lessonTitle')
      }
    >
      <Stack>
        {refusal === 'course_too_young' ? (
          <>
            <Text>{t('appointment.age.courseText', { child })}</Text>
            {date && <Text>{t('appointment.age.courseFrom', { child, date })}</Text>}
          </>
        ) : (
          <>
            <Text>{t('appointment.age.lessonText', { child })}</Text>
            <Text>{t('appointment.age.nothingBooked')}</Text>
            {date && <Text>{t('appointment.age.lessonFrom', { child, date })}</Text>}
            <Text>{t('appointment.age.lessonMeanwhile')}</Text>
          </>
        )}
        <Group justify="flex-end">
          {refusal === 'course_too_young' && onSwitchToLesson && (
            <Button onClick={onSwitchToLesson}>{t('appointment.age.switchToLesson')}</Button>
          )}
          <Button variant="default" onClick={onClose}>
            {t('appointment.age.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Spec §8: a second booking of the child or the e-mail on one date; the administrator decides. */
export function BookingExistsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} centered title={t('appointment.exists.title')}>
      <Stack>
        <Text>{t('appointment.exists.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('appointment.age.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
