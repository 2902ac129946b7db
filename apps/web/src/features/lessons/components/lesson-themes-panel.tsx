import type { Lesson, LessonThemedVersion } from '@logoschool/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPalette } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import {
  runUnderWay,
  useDownloadThemed,
  useGenerateBeforeLesson,
  useLessonGeneration,
  useLessonThemed,
} from '../api/generation.ts';

/** The lesson's decks, each once, in the lesson's order, with their titles. */
function decksOf(lesson: Lesson) {
  const seen = new Map<number, string>();
  for (const block of lesson.blocks)
    for (const presentation of block.presentations) seen.set(presentation.exercise_id, presentation.title);
  return [...seen].map(([id, title]) => ({ id, title }));
}

/**
 * Themed versions of the lesson's decks for the student's interests (issue 15 item 2): the
 * interests, the way to prepare the versions (a job that locks the lesson; refused with the reason
 * when the student has no interests, the lesson no presentations or unsaved changes), how the last
 * run ended, and the versions made, each to download.
 */
export function LessonThemesPanel({ lesson, unsaved }: { lesson: Lesson; unsaved: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const themed = useLessonThemed(lesson.id);
  const generation = useLessonGeneration(lesson.id);
  const start = useGenerateBeforeLesson(lesson.id);
  const download = useDownloadThemed(lesson.id);
  const decks = decksOf(lesson);
  const interests = themed.data?.themes ?? [];
  const versions = themed.data?.versions ?? [];
  const run = generation.data ?? null;
  const finished = lesson.status === 'finished';

  const reason = !themed.data
    ? null
    : interests.length === 0
      ? t('lessons.themed.noInterests')
      : decks.length === 0
        ? t('lessons.themed.noPresentations')
        : unsaved
          ? t('lessons.themed.unsaved')
          : null;
  const reasonId = `${headingId}-reason`;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Title order={2} size="h3" id={headingId}>
              {t('lessons.themed.title')}
            </Title>
            <Text size="sm" c="gray.7" maw={560}>
              {t('lessons.themed.hint')}
            </Text>
          </Stack>
          {!finished && (
            <Button
              variant="default"
              leftSection={<IconPalette size={16} aria-hidden />}
              disabled={reason !== null || !themed.data || lesson.locked}
              loading={start.isPending}
              aria-describedby={reason === null ? undefined : reasonId}
              onClick={() => start.mutate()}
            >
              {t('lessons.themed.prepare')}
            </Button>
          )}
        </Group>

        {themed.isError && (
          <Alert color="red" role="alert">
            {errorTextOf(themed.error)}
          </Alert>
        )}
        {themed.data && (
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {t('lessons.themed.interests')}
            </Text>
            {interests.length === 0 ? (
              <Text size="sm" c="gray.7">
                {t('lessons.themed.noneYet')}
              </Text>
            ) : (
              interests.map((theme) => (
                <Badge key={theme.id} variant="light" color="grape">
                  {theme.name}
                </Badge>
              ))
            )}
          </Group>
        )}
        {!finished && reason !== null && (
          <Text size="sm" c="red.9" id={reasonId}>
            {reason}
          </Text>
        )}
        {start.isError && (
          <Alert color="red" role="alert" title={t('lessons.themed.notStarted')}>
            {errorTextOf(start.error)}
          </Alert>
        )}
        {run?.status === 'failed' && (
          <Alert color="red" role="alert" title={t('lessons.themed.failed')}>
            {run.error}
          </Alert>
        )}
        {run?.status === 'done' && (
          <Text size="sm" role="status">
            {t('lessons.themed.lastRun', {
              date: formatDateTime(run.finished_at ?? run.created_at),
              made: run.done - run.skipped,
              total: run.total,
            })}
            {run.skipped > 0 && ` ${t('lessons.themed.skipped', { skipped: run.skipped })}`}
          </Text>
        )}
        {runUnderWay(run) && !lesson.locked && (
          <Text size="sm" role="status">
            {t('lessons.locked.progress', { done: run?.done ?? 0, total: run?.total ?? 0 })}
          </Text>
        )}

        {themed.data && decks.length > 0 && interests.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('lessons.themed.presentation')}</Table.Th>
                  <Table.Th>{t('lessons.themed.versions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {decks.map((deck) => {
                  const own = versions.filter((version) => version.exercise_id === deck.id);
                  return (
                    <Table.Tr key={deck.id}>
                      <Table.Td>{deck.title}</Table.Td>
                      <Table.Td>
                        {own.length === 0 ? (
                          <Text size="sm" c="gray.7">
                            {t('lessons.themed.noVersions')}
                          </Text>
                        ) : (
                          <Group gap="xs">
                            {own.map((version) => (
                              <DownloadButton
                                key={version.id}
                                version={version}
                                deck={deck.title}
                                loading={download.isPending && download.variables?.id === version.id}
                                onDownload={() => download.mutate(version)}
                              />
                            ))}
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function DownloadButton({
  version,
  deck,
  loading,
  onDownload,
}: {
  version: LessonThemedVersion;
  deck: string;
  loading: boolean;
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} aria-hidden />}
      loading={loading}
      aria-label={t('lessons.themed.download', { deck, theme: version.theme.name })}
      onClick={onDownload}
    >
      {version.theme.name}
    </Button>
  );
}
