import {
  PER_PAGE_DEFAULT,
  TEMPLATE_STATUSES,
  type TemplateListItem,
  type TemplateStatus,
} from '@logoschool/contract';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../../components/list/data-table.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { StatusTabs } from '../../../components/list/status-tabs.tsx';
import { useListControls } from '../../../components/list/use-list-controls.ts';
import { useSession } from '../../../session/session.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { formatDate } from '../../../i18n/dates.ts';
import { useTemplateCounts, useTemplates } from '../api/templates.ts';
import { TemplateStatusBadge } from './template-status-badge.tsx';

/** Who the list is for: a moderator edits every template; a teacher opens the published ones to read, her own to edit. */
export type ListAudience = 'moderator' | 'teacher';

const ALL = 'all' as const;

/**
 * The templates the role reads (spec §2 /protocols-templates and /protocols-templates-teacher): a
 * status filter with each status's count, the title search, and a page of rows, each opening the
 * template where the role works with it.
 */
export function TemplatesList({ audience }: { audience: ListAudience }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const list = useListControls<{ status: TemplateStatus | typeof ALL }>({ status: ALL });
  const { status } = list.filter;
  const query = useTemplates({
    status: status === ALL ? null : status,
    term: list.search,
    page: list.page,
    per_page: PER_PAGE_DEFAULT,
  });
  const counts = useTemplateCounts(list.search);
  const number = new Intl.NumberFormat(i18n.language);
  // "All" counts once every status is counted.
  const all = TEMPLATE_STATUSES.every((item) => counts[item] !== undefined)
    ? TEMPLATE_STATUSES.reduce((sum, item) => sum + (counts[item] ?? 0), 0)
    : undefined;
  const own = (template: TemplateListItem) => template.writer.id === user?.id;
  // A teacher reads others' templates and edits her own; a moderator edits every one.
  const linkOf = (template: TemplateListItem) =>
    audience === 'teacher' && !own(template)
      ? `/view-template/${template.id}`
      : `/edit-template/${template.id}`;

  const emptyText = list.search
    ? t('templates.noMatches')
    : status !== ALL
      ? t('templates.emptyStatus')
      : t(audience === 'teacher' ? 'templates.teacherEmpty' : 'templates.empty');

  const columns: Column<TemplateListItem>[] = [
    {
      key: 'title',
      header: t('templates.columns.title'),
      cell: (template) => (
        <Anchor component={Link} to={linkOf(template)} fw={500}>
          {template.title}
        </Anchor>
      ),
    },
    {
      key: 'writer',
      header: t('templates.columns.writer'),
      cell: (template) => (own(template) ? t('templates.you') : template.writer.name),
    },
    {
      key: 'status',
      header: t('templates.columns.status'),
      cell: (template) => <TemplateStatusBadge status={template.status} />,
    },
    {
      key: 'version',
      header: t('templates.columns.version'),
      cell: (template) =>
        template.version > 0 ? (
          number.format(template.version)
        ) : (
          <Text span c="gray.7" size="sm">
            {t('templates.notPublished')}
          </Text>
        ),
    },
    {
      key: 'blocks',
      header: t('templates.columns.blocks'),
      cell: (template) => number.format(template.blocks),
    },
    {
      key: 'updated',
      header: t('templates.columns.updated'),
      cell: (template) => formatDate(template.updated_at),
    },
  ];

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchInput label={t('templates.search')} value={list.term} onChange={list.setTerm} />
        <StatusTabs
          label={t('templates.statusFilter')}
          value={status}
          onChange={(next) => list.setFilter({ status: next })}
          options={[
            { value: ALL, label: t('templates.filterAll'), count: all },
            ...TEMPLATE_STATUSES.map((item) => ({
              value: item,
              label: t(`templates.status.${item}`),
              count: counts[item],
            })),
          ]}
        />
      </Group>
      <ListTable
        query={query}
        failed={t('templates.loadFailed')}
        empty={emptyText}
        paging={list}
        rowKey={(template) => template.id}
        columns={columns}
        minWidth={640}
        highlightOnHover
        rowLink={linkOf}
      />
    </Stack>
  );
}
