import type { GenerationRun, ThemeGenerationStats } from '@logoschool/contract';
import { Alert, Anchor, Button, Group, Select, Stack } from '@mantine/core';
import { IconArrowLeft, IconPlayerPlay, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { routeId } from '../../lib/route-id.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useGenerationStats, useRuns, useStartRun, type RunRequest } from './api/generation.ts';
import { GenerationFigures, ThemesGeneration } from './components/generation-overview.tsx';
import { RunProgress } from './components/run-progress.tsx';
import { VersionsList } from './components/versions-list.tsx';

/** The runs still under way, else the latest one: what the screen shows of the generation's progress. */
function shownRuns(runs: GenerationRun[] | undefined): GenerationRun[] {
  if (!runs || runs.length === 0) return [];
  const open = runs.filter((run) => run.status === 'queued' || run.status === 'running');
  return open.length > 0 ? open : runs.slice(0, 1);
}

/**
 * /generated-list and /generated-list/:themeId (spec §2, moderator): the project's figures and each
 * theme's, generation for a theme, only what is new, or the whole project, each a job whose progress
 * shows here; for a theme, its versions with their bulk actions.
 */
export function GeneratedListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id: themeId, bad } = routeId(useParams().themeId);
  const stats = useGenerationStats();
  const runs = useRuns(themeId);
  const start = useStartRun();
  const [starting, setStarting] = useState<number | null>(null);
  if (bad) return <Navigate to="/not-found" replace />;
  const theme = stats.data?.themes.find((item) => item.theme.id === themeId) ?? null;

  const request = async (what: RunRequest, key: number | null = null) => {
    setStarting(key);
    try {
      const run = await start.mutateAsync(what);
      notifySuccess(t('generated.queued', { count: run.total }));
    } catch (error) {
      notifyError(errorTextOf(error));
    } finally {
      setStarting(null);
    }
  };
  const generateTheme = (row: ThemeGenerationStats) =>
    void request({ kind: 'by_theme', theme_id: row.theme.id }, row.theme.id);

  return (
    <Stack gap="lg">
      {themeId !== null && (
        <Anchor component={Link} to="/generated-list" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            {t('generated.back')}
          </Group>
        </Anchor>
      )}
      <PageHeader
        title={theme ? t('generated.themeTitle', { name: theme.theme.name }) : t('generated.title')}
        description={t(themeId === null ? 'generated.description' : 'generated.themeDescription')}
        actions={
          themeId === null ? (
            <>
              <Button
                variant="default"
                leftSection={<IconSparkles size={16} />}
                loading={start.isPending && starting === -1}
                onClick={() => void request({ kind: 'only_new' }, -1)}
              >
                {t('generated.onlyNewAll')}
              </Button>
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                loading={start.isPending && starting === -2}
                onClick={() => void request({ kind: 'by_workspace' }, -2)}
              >
                {t('generated.generateAll')}
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="default"
                leftSection={<IconSparkles size={16} />}
                disabled={!theme?.ready}
                loading={start.isPending && starting === -1}
                onClick={() => void request({ kind: 'only_new', theme_id: themeId }, -1)}
              >
                {t('generated.onlyNew')}
              </Button>
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                disabled={!theme?.ready}
                loading={start.isPending && starting === -2}
                onClick={() => void request({ kind: 'by_theme', theme_id: themeId }, -2)}
              >
                {t('generated.generateTheme')}
              </Button>
            </>
          )
        }
      />
      {themeId !== null && stats.data && (
        <Select
          label={t('generated.themePicker')}
          w={320}
          data={stats.data.themes.map((item) => ({ value: String(item.theme.id), label: item.theme.name }))}
          value={String(themeId)}
          allowDeselect={false}
          onChange={(value) => value && void navigate(`/generated-list/${value}`)}
        />
      )}
      {theme && !theme.ready && <Alert color="orange">{t('generated.themeNotReadyHint')}</Alert>}
      {shownRuns(runs.data).map((run) => (
        <RunProgress key={run.id} run={run} />
      ))}
      {themeId === null ? (
        <>
          <GenerationFigures stats={stats} />
          <ThemesGeneration onGenerate={generateTheme} starting={starting} />
        </>
      ) : (
        <VersionsList themeId={themeId} />
      )}
    </Stack>
  );
}

export default GeneratedListPage;
