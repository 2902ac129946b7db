import {
  DIAGNOSTIC_CARD_STATUSES,
  LANGUAGES,
  PER_PAGE_DEFAULT,
  type DiagnosticCardListItem,
  type DiagnosticCardStatus,
  type Language,
} from '@logoschool/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconPencil, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorTextOf } from '../../../api/form-errors.ts';
import { ConfirmActionModal } from '../../../components/confirm-action-modal.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { formatDate } from '../../../i18n/dates.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCards, useDeleteCard, usePublishCard } from '../api/cards.ts';
import { CardStatusBadge } from './card-status-badge.tsx';

/**
 * The project's diagnostic cards (issue 16 item 1, /diagnostic-cards "Cards" tab): search by title,
 * status and language filters, a page of rows with their status, and each row's edit, preview,
 * publish and delete.
 */
export function CardsPanel() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<DiagnosticCardStatus | null>(null);
  const [language, setLanguage] = useState<Language | null>(null);
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const [page, setPage] = useState(1);
  const query = useCards({ status, language, term: debounced, page, per_page: PER_PAGE_DEFAULT });
  const publish = usePublishCard();
  const remove = useDeleteCard();
  const [deleting, setDeleting] = useState<DiagnosticCardListItem | null>(null);
  const rows = query.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.meta.total ?? 0) / PER_PAGE_DEFAULT));
  const number = new Intl.NumberFormat(i18n.language);

  const publishRow = async (card: DiagnosticCardListItem) => {
    try {
      const published = await publish.mutateAsync(card.id);
      notifySuccess(t('diagnosticCards.published', { version: published.version }));
    } catch (error) {
      notifyError(errorTextOf(error));
    }
  };

  const filtered = debounced !== '' || status !== null || language !== null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group align="flex-end" gap="sm" wrap="wrap" style={{ flex: 1 }}>
          <SearchInput
            label={t('diagnosticCards.search')}
            value={term}
            onChange={(value) => {
              setTerm(value);
              setPage(1);
            }}
          />
          <Select
            label={t('diagnosticCards.statusFilter')}
            placeholder={t('diagnosticCards.any')}
            w={170}
            clearable
            data={DIAGNOSTIC_CARD_STATUSES.map((item) => ({
              value: item,
              label: t(`diagnosticCards.status.${item}`),
            }))}
            value={status}
            onChange={(value) => {
              setStatus(value as DiagnosticCardStatus | null);
              setPage(1);
            }}
          />
          <Select
            label={t('diagnosticCards.languageFilter')}
            placeholder={t('diagnosticCards.any')}
            w={170}
            clearable
            data={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
            value={language}
            onChange={(value) => {
              setLanguage(value as Language | null);
              setPage(1);
            }}
          />
        </Group>
        <Button component={Link} to="/create-diagnostic-card" leftSection={<IconPlus size={16} />}>
          {t('diagnosticCards.add')}
        </Button>
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
            {t('diagnosticCards.loadFailed')}
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('errors.tryAgain')}
            </Button>
          </Group>
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="gray.7" py="xl" ta="center">
          {filtered ? t('diagnosticCards.noMatches') : t('diagnosticCards.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760} opacity={query.isPlaceholderData ? 0.6 : 1}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('diagnosticCards.columns.title')}</Table.Th>
                <Table.Th>{t('diagnosticCards.columns.language')}</Table.Th>
                <Table.Th>{t('diagnosticCards.columns.status')}</Table.Th>
                <Table.Th>{t('diagnosticCards.columns.content')}</Table.Th>
                <Table.Th>{t('diagnosticCards.columns.diagnoses')}</Table.Th>
                <Table.Th>{t('diagnosticCards.columns.updated')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('diagnosticCards.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((card) => (
                <Table.Tr key={card.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/edit-diagnostic-card/${card.id}`} fw={500}>
                      {card.title}
                    </Anchor>
                    <Text size="xs" c="gray.7">
                      {card.writer.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`languages.${card.language}`)}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <CardStatusBadge status={card.status} />
                      {card.version > 0 && (
                        <Text size="xs" c="gray.7">
                          {t('diagnosticCards.version', { version: number.format(card.version) })}
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t('diagnosticCards.counts', {
                        blocks: number.format(card.blocks),
                        questions: number.format(card.questions),
                        computed: number.format(card.computed),
                      })}
                    </Text>
                  </Table.Td>
                  <Table.Td>{card.diagnoses === null ? '' : number.format(card.diagnoses)}</Table.Td>
                  <Table.Td>{formatDate(card.updated_at)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label={t('diagnosticCards.edit')}>
                        <ActionIcon
                          component={Link}
                          to={`/edit-diagnostic-card/${card.id}`}
                          variant="subtle"
                          aria-label={t('diagnosticCards.editNamed', { title: card.title })}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('diagnosticCards.preview')}>
                        <ActionIcon
                          component={Link}
                          to={`/preview-diagnostic-card/${card.id}`}
                          variant="subtle"
                          aria-label={t('diagnosticCards.previewNamed', { title: card.title })}
                        >
                          <IconEye size={18} />
                        </ActionIcon>
                      </Tooltip>
                      {card.status === 'draft' && (
                        <Tooltip label={t('diagnosticCards.publish')}>
                          <ActionIcon
                            variant="subtle"
                            color="teal.9"
                            aria-label={t('diagnosticCards.publishNamed', { title: card.title })}
                            loading={publish.isPending && publish.variables === card.id}
                            onClick={() => void publishRow(card)}
                          >
                            <IconSend size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      <Tooltip label={t('diagnosticCards.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('diagnosticCards.deleteNamed', { title: card.title })}
                          onClick={() => setDeleting(card)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
      <ConfirmActionModal
        opened={deleting !== null}
        title={t('diagnosticCards.deleteTitle')}
        message={t('diagnosticCards.deleteQuestion', { title: deleting?.title ?? '' })}
        confirmLabel={t('diagnosticCards.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notifySuccess(t('diagnosticCards.deleted', { title: deleting.title }));
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
