import {
  COURSE_TEMPLATE_STATUSES,
  PER_PAGE_DEFAULT,
  type CourseTemplateListItem,
  type CourseTemplateStatus,
} from '@logoschool/contract';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { StatusTabs } from '../../components/list/status-tabs.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { useSession } from '../../session/session.tsx';
import { useCourseTemplateCounts, useCourseTemplates } from './api/course-templates.ts';
import { CourseTemplateStatusBadge } from './components/status-badge.tsx';

const ALL = 'all' as const;
const linkOf = (template: CourseTemplateListItem) => `/edit-course-template/${template.id}`;

/**
 * /course-templates (issue 30 item 2): the project's course templates, a status filter with each
 * status's count, the name search, and a page of rows each opening the template's editor.
 */
export function CourseTemplatesPage() {
  const { t, i18n } = useTranslation();
  const { workspace } = useSession();
  const list = useListControls<{ status: CourseTemplateStatus | typeof ALL }>({ status: ALL });
  const { status } = list.filter;
  const query = useCourseTemplates({
    status: status === ALL ? null : status,
    term: list.search,
    page: list.page,
    per_page: PER_PAGE_DEFAULT,
  });
  const counts = useCourseTemplateCounts(list.search);
  const number = new Intl.NumberFormat(i18n.language);
  const all = COURSE_TEMPLATE_STATUSES.every((item) => counts[item] !== undefined)
    ? COURSE_TEMPLATE_STATUSES.reduce((sum, item) => sum + (counts[item] ?? 0), 0)
    : undefined;
  const empty = list.search
    ? t('courseTemplates.noMatches')
    : status !== ALL
      ? t('courseTemplates.emptyStatus')
      : t('courseTemplates.empty');

  const columns: Column<CourseTemplateListItem>[] = [
    {
      key: 'name',
      header: t('courseTemplates.columns.name'),
      cell: (template) => (
        <Anchor component={Link} to={linkOf(template)} fw={500}>
          {template.name}
        </Anchor>
      ),
    },
    {
      key: 'language',
      header: t('courseTemplates.columns.language'),
      cell: (template) => t(`languages.${template.language}`),
    },
    {
      key: 'status',
      header: t('courseTemplates.columns.status'),
      cell: (template) => <CourseTemplateStatusBadge status={template.status} />,
    },
    {
      key: 'version',
      header: t('courseTemplates.columns.version'),
      cell: (template) =>
        template.version > 0 ? (
          number.format(template.version)
        ) : (
          <Text span c="gray.7" size="sm">
            {t('courseTemplates.notPublished')}
          </Text>
        ),
    },
    {
      key: 'lessons',
      header: t('courseTemplates.columns.lessons'),
      cell: (template) => number.format(template.lessons),
    },
    {
      key: 'courses',
      header: t('courseTemplates.columns.courses'),
      cell: (template) => (template.courses === null ? '' : number.format(template.courses)),
    },
    {
      key: 'updated',
      header: t('courseTemplates.columns.updated'),
      cell: (template) => formatDate(template.updated_at),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('courseTemplates.title')}
        description={workspace?.workspaceTitle}
        actions={
          <Button component={Link} to="/create-course-template" leftSection={<IconPlus size={16} />}>
            {t('courseTemplates.add')}
          </Button>
        }
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchInput label={t('courseTemplates.search')} value={list.term} onChange={list.setTerm} />
        <StatusTabs
          label={t('courseTemplates.statusFilter')}
          value={status}
          onChange={(next) => list.setFilter({ status: next })}
          options={[
            { value: ALL, label: t('courseTemplates.filterAll'), count: all },
            ...COURSE_TEMPLATE_STATUSES.map((item) => ({
              value: item,
              label: t(`courseTemplates.status.${item}`),
              count: counts[item],
            })),
          ]}
        />
      </Group>
      <ListTable
        query={query}
        failed={t('courseTemplates.loadFailed')}
        empty={empty}
        paging={list}
        rowKey={(template) => template.id}
        columns={columns}
        minWidth={720}
        highlightOnHover
        rowLink={linkOf}
      />
    </Stack>
  );
}

export default CourseTemplatesPage;
