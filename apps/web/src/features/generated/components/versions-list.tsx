import {
  GENERATED_STATES,
  PER_PAGE_MAX,
  type GeneratedListItem,
  type GeneratedOverflow,
  type GeneratedState,
} from '@logoschool/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Image,
  Modal,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconLock, IconLockOpen, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiFileUrl } from '../../../api/file-url.ts';
import { errorTextOf } from '../../../api/form-errors.ts';
import { ConfirmTargetModal } from '../../../components/confirm-action-modal.tsx';
import type { Column } from '../../../components/list/data-table.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { StatusTabs } from '../../../components/list/status-tabs.tsx';
import { useListControls } from '../../../components/list/use-list-controls.ts';
import { SearchInput } from '../../../components/search-input.tsx';
import { formatDate } from '../../../i18n/dates.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteVersions, useStartRun, useToggleVersions, useVersions } from '../api/generation.ts';

/** A slide image the API serves (with the token), or a frame where there is none. */
function SlideImage({ url, alt, width }: { url: string | null; alt: string; width: number }) {
  const image = useApiFileUrl(url);
  if (!url || !image.data) return <Paper withBorder w={width} h={Math.round((width * 9) / 16)} aria-hidden />;
  return (
    <Image
      src={image.data}
      alt={alt}
      w={width}
      radius="sm"
      style={{ border: '1px solid var(--mantine-color-gray-4)' }}
    />
  );
}

/** The overflowing box: its slide shown, its text, and the lines it needs against those it holds. */
function OverflowModal({ version, onClose }: { version: GeneratedListItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const overflow: GeneratedOverflow | null = version?.overflow ?? null;
  return (
    <Modal opened={overflow !== null} onClose={onClose} title={t('generated.overflow.title')} size="lg">
      {version && overflow && (
        <Stack gap="sm">
          <Text size="sm">
            {t('generated.overflow.where', { title: version.exercise.title, count: overflow.slide })}
          </Text>
          <SlideImage
            url={overflow.slide_url}
            alt={t('generated.slide', { count: overflow.slide })}
            width={560}
          />
          <Paper withBorder p="sm" bg="gray.0">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {overflow.text}
            </Text>
          </Paper>
          <Text size="sm" c="gray.7">
            {t('generated.overflow.needed', { count: overflow.lines_needed })}{' '}
            {t('generated.overflow.fit', { count: overflow.lines_fit })}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}

type Bulk = 'lock' | 'unlock' | 'refresh' | 'delete';

/**
 * A theme's versions (spec §2 /generated-list/:themeId): tabs by state with counts, a search over the
 * exercises' titles, a page of rows with the first slide, the source exercise and its state; the
 * rows chosen get bulk actions in one call each (read-only on and off, regenerate, delete).
 */
export function VersionsList({ themeId }: { themeId: number }) {
  const { t } = useTranslation();
  const list = useListControls<{ state: GeneratedState }>({ state: 'all' }, { firstPageOn: String(themeId) });
  const perPage = PER_PAGE_MAX / 2;
  const query = useVersions({
    theme_id: themeId,
    state: list.filter.state,
    term: list.search,
    page: list.page,
    per_page: perPage,
  });
  const toggle = useToggleVersions();
  const remove = useDeleteVersions();
  const start = useStartRun();
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const [shown, setShown] = useState<GeneratedListItem | null>(null);
  const rows = query.data?.data ?? [];
  const counts = query.data?.meta.counts;

  // Another tab, search, theme or page shows other rows: what was chosen there is let go.
  const view = `${themeId}|${list.filter.state}|${list.search}|${list.page}`;
  const [selection, setSelection] = useState<{ view: string; ids: ReadonlySet<number> }>(() => ({
    view,
    ids: new Set(),
  }));
  const selected = selection.view === view ? selection.ids : new Set<number>();
  const setSelected = (ids: ReadonlySet<number>) => setSelection({ view, ids });
  const chosen = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
  const every = rows.length > 0 && chosen.length === rows.length;
  const choose = (id: number, on: boolean) =>
    setSelection((current) => {
      const next = new Set(current.view === view ? current.ids : []);
      if (on) next.add(id);
      else next.delete(id);
      return { view, ids: next };
    });

  const act = async (action: Bulk, ids: number[]) => {
    try {
      if (action === 'lock' || action === 'unlock') {
        const { count } = await toggle.mutateAsync({ ids, read_only: action === 'lock' });
        notifySuccess(t(action === 'lock' ? 'generated.bulk.locked' : 'generated.bulk.unlocked', { count }));
      } else if (action === 'refresh') {
        const run = await start.mutateAsync({ kind: 'refresh', generated_ids: ids });
        notifySuccess(t('generated.bulk.refreshing', { count: run.total }));
      } else {
        const { count } = await remove.mutateAsync(ids);
        notifySuccess(t('generated.bulk.deleted', { count }));
      }
      setSelected(new Set());
    } catch (error) {
      notifyError(errorTextOf(error));
    }
  };

  const columns: Column<GeneratedListItem>[] = [
    {
      key: 'select',
      header: (
        <Checkbox
          aria-label={t('generated.selectPage')}
          checked={every}
          indeterminate={chosen.length > 0 && !every}
          onChange={(event) =>
            setSelected(new Set(event.currentTarget.checked ? rows.map((row) => row.id) : []))
          }
        />
      ),
      width: 40,
      cell: (row) => (
        <Checkbox
          aria-label={t('generated.selectRow', { title: row.exercise.title })}
          checked={selected.has(row.id)}
          onChange={(event) => choose(row.id, event.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'slide',
      header: t('generated.columns.slide'),
      cell: (row) => (
        <SlideImage
          url={row.first_slide_url}
          alt={t('generated.firstSlide', { title: row.exercise.title })}
          width={96}
        />
      ),
    },
    {
      key: 'exercise',
      header: t('generated.columns.exercise'),
      cell: (row) => (
        <Stack gap={2}>
          <Anchor component={Link} to={`/moderate-exercise/${row.exercise.id}`} fw={500}>
            {row.exercise.title}
          </Anchor>
          <Text size="xs" c="gray.7">
            {t('generated.replaced', { count: row.replaced_count })} · {formatDate(row.created_at)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'state',
      header: t('generated.columns.state'),
      cell: (row) => (
        <Group gap={6}>
          <Badge color={row.read_only ? 'gray.7' : 'teal.9'}>
            {t(row.read_only ? 'generated.state.readOnly' : 'generated.state.editable')}
          </Badge>
          {!row.exercise.ready_for_generation && (
            <Badge color="orange.9">{t('generated.state.notReady')}</Badge>
          )}
          {row.exercise.excluded_from_generation && (
            <Badge color="red.9">{t('generated.state.excluded')}</Badge>
          )}
          {row.overflow && (
            <Button
              size="compact-xs"
              color="red.9"
              variant="outline"
              leftSection={<IconAlertTriangle size={14} />}
              onClick={() => setShown(row)}
              aria-label={t('generated.overflow.showNamed', {
                title: row.exercise.title,
                count: row.overflow.slide,
              })}
            >
              {t('generated.overflow.badge', { count: row.overflow.slide })}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <StatusTabs
        tabs
        label={t('generated.tabs')}
        value={list.filter.state}
        onChange={(state) => list.setFilter({ state })}
        options={GENERATED_STATES.map((state) => ({
          value: state,
          label: t(`generated.states.${state}`),
          count: counts?.[state],
        }))}
      />
      <SearchInput label={t('generated.search')} value={list.term} onChange={list.setTerm} />
      {chosen.length > 0 && (
        <Alert color="blue" variant="light" title={t('generated.bulk.selected', { count: chosen.length })}>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconLock size={14} />}
              loading={toggle.isPending}
              onClick={() => void act('lock', chosen)}
            >
              {t('generated.bulk.lock')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconLockOpen size={14} />}
              loading={toggle.isPending}
              onClick={() => void act('unlock', chosen)}
            >
              {t('generated.bulk.unlock')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} />}
              loading={start.isPending}
              onClick={() => void act('refresh', chosen)}
            >
              {t('generated.bulk.refresh')}
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconTrash size={14} />}
              onClick={() => setDeleting(chosen)}
            >
              {t('generated.bulk.delete')}
            </Button>
          </Group>
        </Alert>
      )}
      <ListTable
        query={query}
        failed={t('generated.loadFailed')}
        empty={list.narrowed ? t('generated.noMatches') : t('generated.empty')}
        paging={list}
        rowKey={(row) => row.id}
        columns={columns}
        minWidth={760}
        label={t('generated.versions')}
        highlightOnHover
      />
      {counts && (
        <Text size="xs" c="gray.7">
          {t('generated.total', { count: counts.all })}
        </Text>
      )}
      <ConfirmTargetModal
        target={deleting}
        title={() => t('generated.bulk.deleteTitle')}
        message={(ids) => t('generated.bulk.deleteQuestion', { count: ids.length })}
        confirmLabel={t('generated.bulk.delete')}
        onConfirm={(ids) => act('delete', ids)}
        onClose={() => setDeleting(null)}
      />
      <OverflowModal version={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}
