import {
  GENERATION_STATUS,
  type CheckGenerateResult,
  type Exercise,
  type ExerciseGenerated,
} from '@logoschool/contract';
import { Alert, Button, Group, List, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { DataTable } from '../../../components/list/data-table.tsx';
import { ListLoading, ListView } from '../../../components/list/list-view.tsx';
import { RowButtons } from '../../../components/list/row-actions.tsx';
import { PanelSection } from '../../../components/panel-section.tsx';
import { formatDateTime } from '../../../i18n/dates.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  useCheckGenerate,
  useDeleteGenerated,
  useDownloadGenerated,
  useGenerated,
  useGenerationThemes,
  useToggleGenerated,
} from '../api/generated.ts';

/**
 * A check's answer, kept with the theme it was asked for and the exercise as it was then: once the
 * exercise changes (a flag set, a deck replaced), the answer is stale and goes.
 */
interface Checked {
  themeId: number;
  updatedAt: string;
  result: CheckGenerateResult;
}

/**
 * An exercise's themed versions (spec §1: the accepted library themed per interest), for those who
 * may generate: the versions made so far (download, read-only, delete), and a new one for a theme,
 * checked first (what stands in the way, or what will be replaced by what), then made.
 */
export function ThemedVersionsPanel({ exercise }: { exercise: Exercise }) {
  const { t } = useTranslation();
  const generated = useGenerated(exercise.id);
  const remove = useDeleteGenerated();
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const accepted = exercise.status_id === GENERATION_STATUS;

  return (
    <PanelSection
      id="themed-versions-title"
      title={t('exercises.generated.title')}
      hint={t('exercises.generated.hint')}
    >
      {!accepted && <Alert color="blue">{t('exercises.generated.onlyAccepted')}</Alert>}
      <ListView
        query={generated}
        failed={t('exercises.generated.loadFailed')}
        loading={<ListLoading height={36} count={2} />}
        empty={
          <Text size="sm" c="gray.7">
            {t('exercises.generated.empty')}
          </Text>
        }
      >
        {(versions) => (
          <VersionsTable
            versions={versions}
            onDelete={(version) => setDeleting({ id: version.id, name: version.theme.name })}
          />
        )}
      </ListView>
      <GenerateForm exercise={exercise} />
      <ConfirmDeleteModal
        item={deleting}
        texts="exercises.generated"
        remove={(id) => remove.mutateAsync(id)}
        onClose={() => setDeleting(null)}
      />
    </PanelSection>
  );
}

function VersionsTable({
  versions,
  onDelete,
}: {
  versions: ExerciseGenerated[];
  onDelete(version: ExerciseGenerated): void;
}) {
  const { t } = useTranslation();
  const download = useDownloadGenerated();
  return (
    <DataTable
      rows={versions}
      rowKey={(version) => version.id}
      striped={false}
      spacing="xs"
      minWidth={560}
      columns={[
        {
          key: 'theme',
          header: t('exercises.generated.theme'),
          cell: (version) => (
            <>
              <Text size="sm" fw={500}>
                {version.theme.name}
              </Text>
              <Text size="xs" c="gray.7">
                {version.file.name}
              </Text>
            </>
          ),
        },
        {
          key: 'replaced',
          header: t('exercises.generated.replaced'),
          cell: (version) => version.replaced_count,
        },
        {
          key: 'created',
          header: t('exercises.generated.created'),
          cell: (version) => (
            <>
              <Text size="sm">{formatDateTime(version.created_at)}</Text>
              {version.created_by && (
                <Text size="xs" c="gray.7">
                  {version.created_by.name}
                </Text>
              )}
            </>
          ),
        },
        {
          key: 'readOnly',
          header: t('exercises.generated.readOnly'),
          cell: (version) => <ReadOnlySwitch version={version} />,
        },
        {
          key: 'actions',
          header: t('exercises.generated.actions'),
          hiddenHeader: true,
          cell: (version) => (
            <RowButtons
              icons
              actions={[
                {
                  label: t('exercises.generated.download', { name: version.theme.name }),
                  icon: IconDownload,
                  color: 'gray.8',
                  loading: download.isPending && download.variables?.id === version.id,
                  onClick: () => download.mutate(version),
                },
                {
                  label: t('exercises.generated.deleteOf', { name: version.theme.name }),
                  icon: IconTrash,
                  color: 'red.9',
                  onClick: () => onDelete(version),
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
}

/** Read-only keeps a version as it is: generating for its theme again does not replace it. */
function ReadOnlySwitch({ version }: { version: ExerciseGenerated }) {
  const { t } = useTranslation();
  const toggle = useToggleGenerated();
  const pending = toggle.isPending && toggle.variables?.ids[0] === version.id;

  const set = async (readOnly: boolean) => {
    try {
      await toggle.mutateAsync({ ids: [version.id], read_only: readOnly });
      notifySuccess(
        t(readOnly ? 'exercises.generated.madeReadOnly' : 'exercises.generated.madeWritable', {
          name: version.theme.name,
        }),
      );
    } catch (error) {
      notifyError(errorTextOf(error));
    }
  };

  return (
    <Switch
      checked={pending ? (toggle.variables?.read_only ?? version.read_only) : version.read_only}
      disabled={pending}
      onChange={(event) => void set(event.currentTarget.checked)}
      aria-label={t('exercises.generated.readOnlyOf', { name: version.theme.name })}
    />
  );
}

/** Check a theme, then make the version for it. */
function GenerateForm({ exercise }: { exercise: Exercise }) {
  const { t } = useTranslation();
  const themes = useGenerationThemes(true);
  const check = useCheckGenerate(exercise.id);
  const [themeId, setThemeId] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = themeId === null ? null : Number(themeId);
  const shown =
    checked && checked.themeId === chosen && checked.updatedAt === exercise.updated_at
      ? checked.result
      : null;
  const themeName = themes.data?.find((theme) => theme.id === chosen)?.name ?? '';

  const run = async (dryRun: boolean) => {
    if (chosen === null) return;
    setFailure(null);
    try {
      const result = await check.mutateAsync({ theme_id: chosen, dry_run: dryRun });
      if (result.generated) {
        notifySuccess(t('exercises.generated.made', { name: result.generated.theme.name }));
        setChecked(null);
      } else {
        setChecked({ themeId: chosen, updatedAt: exercise.updated_at, result });
      }
    } catch (error) {
      setFailure(errorTextOf(error));
    }
  };

  return (
    <Stack gap="sm" mt="xs">
      <Title order={3} size="h5">
        {t('exercises.generated.newTitle')}
      </Title>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('exercises.generated.theme')}
          placeholder={t('exercises.generated.chooseTheme')}
          data={(themes.data ?? []).map((theme) => ({
            value: String(theme.id),
            label: theme.ready ? theme.name : t('exercises.generated.themeNotReady', { name: theme.name }),
          }))}
          value={themeId}
          onChange={(value) => {
            setThemeId(value);
            setFailure(null);
          }}
          searchable
          nothingFoundMessage={t('exercises.nothingFound')}
          w={280}
        />
        <Button
          variant="default"
          disabled={chosen === null}
          loading={check.isPending && check.variables?.dry_run === true}
          onClick={() => void run(true)}
        >
          {t('exercises.generated.check')}
        </Button>
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {shown && !shown.possible && (
        <Alert color="red" role="alert" title={t('exercises.generated.problemsTitle', { name: themeName })}>
          <List size="sm">
            {shown.problems.map((problem) => (
              <List.Item key={`${problem.code}-${problem.asset_type ?? ''}`}>{problem.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {shown?.possible && (
        <Stack gap="xs" role="region" aria-label={t('exercises.generated.planTitle', { name: themeName })}>
          <Text size="sm" fw={500}>
            {t('exercises.generated.planTitle', { name: themeName })}
          </Text>
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('exercises.generated.planMedia')}</Table.Th>
                  <Table.Th>{t('exercises.generated.planType')}</Table.Th>
                  <Table.Th>{t('exercises.generated.planAsset')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.replacements.map((replacement) => (
                  <Table.Tr key={replacement.media_id}>
                    <Table.Td>{replacement.media_name}</Table.Td>
                    <Table.Td>{t(`assets.type.${replacement.asset_type}`)}</Table.Td>
                    <Table.Td>
                      {replacement.asset ? (
                        replacement.asset.name
                      ) : (
                        <Text span size="sm" c="gray.7">
                          {t('exercises.generated.planNoAsset')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group>
            <Button
              loading={check.isPending && check.variables?.dry_run === false}
              onClick={() => void run(false)}
            >
              {t('exercises.generated.generate')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
