import { exerciseAuthorOf, exerciseStatusName, type Exercise } from '@logoschool/contract';
import { Anchor, Badge, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorTextOf } from '../../../api/form-errors.ts';
import { RowMenu } from '../../../components/list/row-actions.tsx';
import { formatDate } from '../../../i18n/dates.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useTakeRequest } from '../api/exercises.ts';
import { statusBadgeColor } from '../status-color.ts';
import { RequestDetails } from './request-details.tsx';
import { SlideThumbnail } from '../../../components/slide-thumbnail.tsx';
import { Votes } from './votes.tsx';

/** The moderator's flags a row shows when set (bulk actions set them). */
const FLAGS = ['read_only', 'excluded_from_generation', 'ready_for_generation'] as const;

/** One exercise of a status list: title, status, category, who it is by, a date, likes, actions. */
export function ExerciseListRow({
  exercise,
  link,
  showTake,
  actionsColumn,
  selection,
  onDelete,
}: {
  exercise: Exercise;
  /** Where the title leads: the editor for the author, the review for the moderator. */
  link: string | null;
  showTake: boolean;
  /** Whether the list has an actions column (its cell stays, empty, in a row without actions). */
  actionsColumn: boolean;
  /** The row's checkbox, on a list with bulk actions. */
  selection?: { checked: boolean; onChange(checked: boolean): void };
  /** Asks to delete the exercise; absent when the caller may not. */
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const take = useTakeRequest();
  const navigate = useNavigate();
  const whyNot = useId();
  const [reading, setReading] = useState(false);
  const status = exerciseStatusName(exercise.status_id);
  const person = exerciseAuthorOf(exercise).name;
  const overdue = exercise.request?.overdue === true;
  const flags = FLAGS.filter((flag) => exercise[flag]);
  // An open request is read in full (and taken) from its own dialog; it has no page of its own yet.
  const readable = link === null && status === 'request' && exercise.request !== null;

  const takeIt = async () => {
    try {
      const taken = await take.mutateAsync(exercise.id);
      notifySuccess(t('exercises.taken', { title: exercise.title }));
      // The request is now the author's draft: straight on to it.
      void navigate(`/edit-exercise/${taken.id}`);
    } catch (error) {
      notifyError(errorTextOf(error));
    }
  };

  return (
    <Table.Tr bg={selection?.checked ? 'var(--mantine-color-blue-light)' : undefined}>
      {selection && (
        <Table.Td w={40}>
          <Checkbox
            aria-label={t('exercises.bulk.selectOne', { title: exercise.title })}
            checked={selection.checked}
            onChange={(event) => selection.onChange(event.currentTarget.checked)}
          />
        </Table.Td>
      )}
      <Table.Td>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {status !== 'request' && <SlideThumbnail url={exercise.thumbnail_url} />}
          <div>
            {link ? (
              <Anchor component={Link} to={link} fw={600}>
                {exercise.title}
              </Anchor>
            ) : readable ? (
              <Anchor component="button" type="button" fw={600} onClick={() => setReading(true)}>
                {exercise.title}
              </Anchor>
            ) : (
              <Text fw={600}>{exercise.title}</Text>
            )}
            {exercise.request && (
              <Text size="sm" c="gray.7" lineClamp={2}>
                {exercise.request.description}
              </Text>
            )}
            {(exercise.tags.length > 0 || flags.length > 0) && (
              <Group gap={4} mt={4}>
                {exercise.tags.map((tag) => (
                  <Badge key={tag.id} size="xs" variant="outline" color="gray.8">
                    {tag.name}
                  </Badge>
                ))}
                {flags.map((flag) => (
                  <Badge key={flag} size="xs" variant="outline" color="violet.9">
                    {t(`exercises.flags.${flag}`)}
                  </Badge>
                ))}
              </Group>
            )}
          </div>
        </Group>
      </Table.Td>
      <Table.Td>
        {status && (
          <Badge color={statusBadgeColor(status)} size="sm" autoContrast>
            {t(`exercises.statusName.${status}`)}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{exercise.category?.name ?? '—'}</Table.Td>
      <Table.Td>{person}</Table.Td>
      <Table.Td>
        {exercise.request && status === 'request' ? (
          <Stack gap={2}>
            {formatDate(exercise.request.deadline)}
            {overdue && (
              <Badge color="red.9" size="xs">
                {t('exercises.overdue')}
              </Badge>
            )}
          </Stack>
        ) : (
          formatDate(exercise.updated_at)
        )}
      </Table.Td>
      <Table.Td>{status === 'request' ? null : <Votes exercise={exercise} />}</Table.Td>
      {actionsColumn && (
        <Table.Td>
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            {showTake && overdue && (
              <Text id={whyNot} size="xs" c="gray.8" maw={200}>
                {t('exercises.overdueCannotTake')}
              </Text>
            )}
            {showTake && (
              <Button
                size="xs"
                onClick={() => void takeIt()}
                loading={take.isPending}
                disabled={overdue}
                aria-describedby={overdue ? whyNot : undefined}
              >
                {t('exercises.take')}
              </Button>
            )}
            {onDelete && (
              <RowMenu
                label={t('exercises.rowActions', { title: exercise.title })}
                actions={[
                  { label: t('exercises.open'), icon: IconExternalLink, to: link ?? '', hidden: !link },
                  { label: t('exercises.remove.delete'), icon: IconTrash, color: 'red.9', onClick: onDelete },
                ]}
              />
            )}
          </Group>
        </Table.Td>
      )}
      {readable && (
        <RequestDetails
          exercise={reading ? exercise : null}
          onClose={() => setReading(false)}
          onTake={showTake ? () => void takeIt() : undefined}
          taking={take.isPending}
        />
      )}
    </Table.Tr>
  );
}
