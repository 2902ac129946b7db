import { practiceChangeInput, type Lesson, type PracticeAssignment } from '@logoschool/contract';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { ConfirmActionModal } from '../../../components/confirm-action-modal.tsx';
import { DialogForm, FormDialog, useDialogForm } from '../../../components/dialog-form.tsx';
import { PanelSection } from '../../../components/panel-section.tsx';
import { PublicLinkPanel } from '../../../components/public-link/public-link-panel.tsx';
import { formatDate } from '../../../i18n/dates.ts';
import {
  useLessonPractice,
  usePracticeChange,
  usePracticeLink,
  usePracticeLinkSubject,
} from '../api/assignments.ts';

/** The lesson's presentations, each exercise once, in the lesson's order. */
const presentationsOf = (lesson: Lesson) => {
  const seen = new Set<number>();
  return lesson.blocks
    .flatMap((block) => block.presentations)
    .filter((item) => !seen.has(item.exercise_id) && Boolean(seen.add(item.exercise_id)));
};

interface Choice {
  all: boolean;
  exercise_ids: string[];
}

/** The presentations to practise: all of the lesson's, or those ticked (the contract's schema checks). */
function ChoiceForm({
  lesson,
  initial,
  save,
  onClose,
}: {
  lesson: Lesson;
  initial: Choice;
  save: (ids: number[] | null) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toBody = (values: Choice) => ({ exercise_ids: values.all ? null : values.exercise_ids.map(Number) });
  const { form, state } = useDialogForm<Choice>({
    initialValues: initial,
    schema: practiceChangeInput,
    toBody,
    save: async (values) => {
      await save(toBody(values).exercise_ids);
      onClose();
    },
  });
  return (
    <DialogForm {...state} onCancel={onClose}>
      <Checkbox label={t('homePractice.assign.all')} {...form.getInputProps('all', { type: 'checkbox' })} />
      {!form.values.all && (
        <Checkbox.Group label={t('homePractice.assign.dialogTitle')} {...form.getInputProps('exercise_ids')}>
          <Stack gap="xs" mt="xs">
            {presentationsOf(lesson).map((item) => (
              <Checkbox key={item.exercise_id} value={String(item.exercise_id)} label={item.title} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </DialogForm>
  );
}

/** The assignment's link for the family, on the kit's panel. */
function AssignmentLink({ assignment }: { assignment: PracticeAssignment }) {
  const { t } = useTranslation();
  const link = usePracticeLink(assignment.id);
  const subject = usePracticeLinkSubject(assignment.id);
  return (
    <PublicLinkPanel
      link={link.data}
      subject={subject}
      canIssue
      texts={{
        label: t('homePractice.assign.linkLabel'),
        hint: t('homePractice.assign.linkHint'),
        none: t('homePractice.assign.linkNone'),
        withdrawQuestion: t('homePractice.assign.linkWithdrawQuestion'),
      }}
    />
  );
}

/**
 * Home practice on the lesson's page (issue 29 item 2): the teacher assigns the lesson (all its
 * presentations, or chosen ones) to the student's family, sees its link, what it holds and how
 * much was practised, changes the presentations, or withdraws it.
 */
export function PracticeAssignSection({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation();
  const headingId = useId();
  const practice = useLessonPractice(lesson.id);
  const change = usePracticeChange(lesson.id);
  const [choosing, setChoosing] = useState<Choice | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const assignment = practice.data ?? null;
  const hasPresentations = presentationsOf(lesson).length > 0;
  const tries = assignment?.items.reduce(
    (sum, item) => sum + item.counts.right + item.counts.helped + item.counts.not_yet,
    0,
  );

  return (
    <PanelSection id={headingId} title={t('homePractice.assign.title')} hint={t('homePractice.assign.intro')}>
      {practice.isError && (
        <Alert color="red" role="alert">
          {errorTextOf(practice.error)}
        </Alert>
      )}
      {practice.isSuccess && !assignment && (
        <Group>
          <Button
            leftSection={<IconHome size={16} aria-hidden />}
            disabled={!hasPresentations}
            onClick={() => setChoosing({ all: true, exercise_ids: [] })}
          >
            {t('homePractice.assign.assign')}
          </Button>
          {!hasPresentations && <Text size="sm">{t('homePractice.assign.empty')}</Text>}
        </Group>
      )}
      {assignment && (
        <Stack gap="sm">
          <Text size="sm">
            {t('homePractice.assign.assignedOn', { date: formatDate(assignment.assigned_at) })}{' '}
            {t('homePractice.assign.tries', { count: tries ?? 0 })}
          </Text>
          <Stack component="ul" gap={2} m={0} pl="lg">
            {assignment.items.map((item) => (
              <Text component="li" key={item.exercise_id} size="sm">
                {item.title}
              </Text>
            ))}
          </Stack>
          <AssignmentLink assignment={assignment} />
          <Group>
            <Button
              variant="default"
              onClick={() =>
                setChoosing({
                  all: assignment.exercise_ids === null,
                  exercise_ids: (assignment.exercise_ids ?? []).map(String),
                })
              }
            >
              {t('homePractice.assign.change')}
            </Button>
            <Button variant="default" color="red" onClick={() => setWithdrawing(true)}>
              {t('homePractice.assign.withdraw')}
            </Button>
          </Group>
        </Stack>
      )}
      <FormDialog
        target={choosing}
        title={t('homePractice.assign.dialogTitle')}
        onClose={() => setChoosing(null)}
      >
        {(initial) => (
          <ChoiceForm
            lesson={lesson}
            initial={initial}
            onClose={() => setChoosing(null)}
            save={(ids) =>
              assignment
                ? change.mutateAsync({ kind: 'change', id: assignment.id, exercise_ids: ids })
                : change.mutateAsync({ kind: 'assign', exercise_ids: ids })
            }
          />
        )}
      </FormDialog>
      <ConfirmActionModal
        opened={withdrawing}
        title={t('homePractice.assign.withdrawTitle')}
        message={t('homePractice.assign.withdrawQuestion')}
        confirmLabel={t('homePractice.assign.withdraw')}
        onConfirm={() =>
          assignment ? change.mutateAsync({ kind: 'withdraw', id: assignment.id }) : Promise.resolve()
        }
        onClose={() => setWithdrawing(false)}
      />
    </PanelSection>
  );
}
