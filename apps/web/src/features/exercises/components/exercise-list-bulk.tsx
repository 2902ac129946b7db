import { type ExerciseBulkToggleInput } from '@logoschool/contract';
import { Alert, Button, Group, Menu, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { errorTextOf } from '../../../api/form-errors.ts';
import { useBulkDelete, useBulkToggle } from '../api/bulk.ts';

type Flag = ExerciseBulkToggleInput['field'];

/** What a bulk action does: set one of the moderator's flags on or off, or delete. */
type BulkAction =
  { kind: 'toggle'; field: Flag; value: boolean; label: string } | { kind: 'delete'; label: string };

/** The flag settings the menu offers, each with its i18n key under `exercises.bulk.`. */
const TOGGLES: readonly { field: Flag; value: boolean; label: string }[] = [
  { field: 'read_only', value: true, label: 'readOnlyOn' },
  { field: 'read_only', value: false, label: 'readOnlyOff' },
  { field: 'excluded_from_generation', value: true, label: 'excludedOn' },
  { field: 'excluded_from_generation', value: false, label: 'excludedOff' },
  { field: 'ready_for_generation', value: true, label: 'readyOn' },
  { field: 'ready_for_generation', value: false, label: 'readyOff' },
];

/** How a bulk action ended: of `total` selected, `done` changed; the reason when refused. */
interface Outcome {
  label: string;
  total: number;
  done: number;
  reason: string | null;
}

/** Why the server refused: a 404 means one of them is gone (or was never the project's). */
function reasonOf(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && error.status === 404) return t('exercises.bulk.gone');
  return errorTextOf(error);
}

/**
 * The moderator's bulk actions on the selected rows (spec §4: bulk toggles; the API's bulk delete):
 * a bar with the count, the flags to set and delete; a dialog that asks, saying how many; then what
 * came of it, kept above the list until closed. The API does all or none, so a refusal changes
 * nothing and says why.
 */
export function ExerciseBulkActions({ ids, onClear }: { ids: readonly number[]; onClear(): void }) {
  const { t } = useTranslation();
  const toggle = useBulkToggle();
  const remove = useBulkDelete();
  const [asked, setAsked] = useState<BulkAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const pending = toggle.isPending || remove.isPending;

  const run = async (action: BulkAction) => {
    const chosen = [...ids];
    const label = t(`exercises.bulk.${action.label}`);
    setOutcome(null);
    try {
      const result =
        action.kind === 'delete'
          ? await remove.mutateAsync({ ids: chosen })
          : await toggle.mutateAsync({ ids: chosen, field: action.field, value: action.value });
      setOutcome({ label, total: chosen.length, done: result.count, reason: null });
      onClear();
    } catch (error) {
      setOutcome({ label, total: chosen.length, done: 0, reason: reasonOf(error, t) });
    } finally {
      setAsked(null);
    }
  };

  return (
    <>
      {outcome && <OutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />}
      {ids.length > 0 && (
        <Paper withBorder p="xs" radius="md" role="region" aria-label={t('exercises.bulk.bar')}>
          <Group justify="space-between" gap="sm">
            <Text fw={600} aria-live="polite">
              {t('exercises.bulk.selected', { number: ids.length })}
            </Text>
            <Group gap="xs">
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="default" size="sm" rightSection={<IconChevronDown size={16} />}>
                    {t('exercises.bulk.flags')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {TOGGLES.map((item) => (
                    <Menu.Item key={item.label} onClick={() => setAsked({ kind: 'toggle', ...item })}>
                      {t(`exercises.bulk.${item.label}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <Button
                color="red.9"
                size="sm"
                leftSection={<IconTrash size={16} />}
                onClick={() => setAsked({ kind: 'delete', label: 'delete' })}
              >
                {t('exercises.bulk.delete')}
              </Button>
              <Button variant="default" size="sm" onClick={onClear}>
                {t('exercises.bulk.clear')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <Modal
        opened={asked !== null}
        onClose={() => {
          if (!pending) setAsked(null);
        }}
        title={
          asked
            ? t(asked.kind === 'delete' ? 'exercises.bulk.deleteTitle' : `exercises.bulk.${asked.label}`)
            : ''
        }
      >
        <Stack>
          <Text maw={420}>
            {asked?.kind === 'delete'
              ? t('exercises.bulk.deleteQuestion', { number: ids.length })
              : t('exercises.bulk.toggleQuestion', {
                  action: asked ? t(`exercises.bulk.${asked.label}`) : '',
                  number: ids.length,
                })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsked(null)} disabled={pending} data-autofocus>
              {t('actions.cancel')}
            </Button>
            <Button
              color={asked?.kind === 'delete' ? 'red.9' : undefined}
              loading={pending}
              onClick={() => asked && void run(asked)}
            >
              {asked?.kind === 'delete'
                ? t('exercises.bulk.deleteConfirm', { number: ids.length })
                : t('exercises.bulk.apply', { number: ids.length })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function OutcomeAlert({ outcome, onClose }: { outcome: Outcome; onClose(): void }) {
  const { t } = useTranslation();
  const refused = outcome.total - outcome.done;
  return (
    <Alert
      // Done in teal 9 on white (green 9 is under 4.5:1 for the title); refused on Mantine's light red.
      variant={outcome.reason === null ? 'outline' : 'light'}
      color={outcome.reason === null ? 'teal.9' : 'red'}
      role={outcome.reason === null ? 'status' : 'alert'}
      title={outcome.label}
      withCloseButton
      closeButtonLabel={t('exercises.bulk.closeResult')}
      onClose={onClose}
    >
      <Text size="sm">{t('exercises.bulk.done', { done: outcome.done, total: outcome.total })}</Text>
      {refused > 0 && (
        <Text size="sm">
          {t('exercises.bulk.refused', { refused, total: outcome.total, reason: outcome.reason ?? '' })}
        </Text>
      )}
      {outcome.reason !== null && <Text size="sm">{t('exercises.bulk.allOrNone')}</Text>}
    </Alert>
  );
}
