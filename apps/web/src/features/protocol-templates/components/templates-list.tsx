import {
  PER_PAGE_DEFAULT,
  TEMPLATE_STATUSES,
  type TemplateListItem,
  type TemplateStatus,
} from '@logoschool/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../session/session.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { formatDate } from '../../../i18n/dates.ts';
import { useTemplateCounts, useTemplates } from '../api/templates.ts';
import { TemplateStatusBadge } from './template-status-badge.tsx';

/** Who the list is for: a moderator edits every template; a teacher opens the published ones to read, her own to edit. */
export type ListAudience = 'moderator' | 'teacher';

const ALL = 'all';

/**
 * The templates the role reads (spec §2 /protocols-templates and /protocols-templates-teacher): a
 * status filter with each status's count, the title search, and a page of rows, each opening the
 * template where the role works with it.
 */
export function TemplatesList({ audience }: { audience: ListAudience }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [status, setStatus] = useState<TemplateStatus | null>(null);
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const [page, setPage] = useState(1);
  const query = useTemplates({ status, term: debounced, page, per_page: PER_PAGE_DEFAULT });
  const counts = useTemplateCounts(debounced);
  const rows = query.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.meta.total ?? 0) / PER_PAGE_DEFAULT));
  const number = new Intl.NumberFormat(i18n.language);
  const countOf = (value: TemplateStatus | null) => {
    const known =
      value === null
        ? TEMPLATE_STATUSES.every((item) => counts[item] !== undefined)
          ? TEMPLATE_STATUSES.reduce((sum, item) => sum + (counts[item] ?? 0), 0)
          : undefined
        : counts[value];
    return known === undefined ? '' : ` (${number.format(known)})`;
  };
  const own = (template: TemplateListItem) => template.writer.id === user?.id;
  // A teacher reads others' templates and edits her own; a moderator edits every one.
  const linkOf = (template: TemplateListItem) =>
    audience === 'teacher' && !own(template)
      ? `/view-template/${template.id}`
      : `/edit-template/${template.id}`;

  const emptyText = debounced
    ? t('templates.noMatches')
    : status !== null
      ? t('templates.emptyStatus')
      : t(audience === 'teacher' ? 'templates.teacherEmpty' : 'templates.empty');

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchInput
          label={t('templates.search')}
          value={term}
          onChange={(value) => {
            setTerm(value);
            setPage(1);
          }}
        />
        <SegmentedControl
          aria-label={t('templates.statusFilter')}
          value={status ?? ALL}
          onChange={(value) => {
            setStatus(value === ALL ? null : (value as TemplateStatus));
            setPage(1);
          }}
          data={[
            { value: ALL, label: `${t('templates.filterAll')}${countOf(null)}` },
            ...TEMPLATE_STATUSES.map((item) => ({
              value: item,
              label: `${t(`templates.status.${item}`)}${countOf(item)}`,
            })),
          ]}
        />
      </Group>
      {query.isLoading ? (
        <Stack gap="xs" role="status" aria-label={t('app.loading')}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={44} />
          ))}
        </Stack>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            {t('templates.loadFailed')}
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('errors.tryAgain')}
            </Button>
          </Group>
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="gray.7" py="xl" ta="center">
          {emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640} opacity={query.isPlaceholderData ? 0.6 : 1}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('templates.columns.title')}</Table.Th>
                <Table.Th>{t('templates.columns.writer')}</Table.Th>
                <Table.Th>{t('templates.columns.status')}</Table.Th>
                <Table.Th>{t('templates.columns.version')}</Table.Th>
                <Table.Th>{t('templates.columns.blocks')}</Table.Th>
                <Table.Th>{t('templates.columns.updated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((template) => (
                <Table.Tr
                  key={template.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => void navigate(linkOf(template))}
                >
                  <Table.Td>
                    <Anchor component={Link} to={linkOf(template)} fw={500}>
                      {template.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{own(template) ? t('templates.you') : template.writer.name}</Table.Td>
                  <Table.Td>
                    <TemplateStatusBadge status={template.status} />
                  </Table.Td>
                  <Table.Td>
                    {template.version > 0 ? (
                      number.format(template.version)
                    ) : (
                      <Text span c="gray.7" size="sm">
                        {t('templates.notPublished')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{number.format(template.blocks)}</Table.Td>
                  <Table.Td>{formatDate(template.updated_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
    </Stack>
  );
}
