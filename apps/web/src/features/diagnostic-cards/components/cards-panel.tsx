import {
  DIAGNOSTIC_CARD_STATUSES,
  LANGUAGES,
  PER_PAGE_DEFAULT,
  type DiagnosticCardListItem,
  type DiagnosticCardStatus,
  type Language,
} from '@logoschool/contract';
import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconEye, IconPencil, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorTextOf } from '../../../api/form-errors.ts';
import { ConfirmTargetModal } from '../../../components/confirm-action-modal.tsx';
import type { Column } from '../../../components/list/data-table.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { RowButtons } from '../../../components/list/row-actions.tsx';
import { useListControls } from '../../../components/list/use-list-controls.ts';
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
  const list = useListControls<{ status: DiagnosticCardStatus | null; language: Language | null }>({
    status: null,
    language: null,
  });
  const query = useCards({ ...list.filter, term: list.search, page: list.page, per_page: PER_PAGE_DEFAULT });
  const publish = usePublishCard();
  const remove = useDeleteCard();
  const [deleting, setDeleting] = useState<DiagnosticCardListItem | null>(null);
  const number = new Intl.NumberFormat(i18n.language);

  const publishRow = async (card: DiagnosticCardListItem) => {
    try {
      const published = await publish.mutateAsync(card.id);
      notifySuccess(t('diagnosticCards.published', { version: published.version }));
    } catch (error) {
      notifyError(errorTextOf(error));
    }
  };

  const columns: Column<DiagnosticCardListItem>[] = [
    {
      key: 'title',
      header: t('diagnosticCards.columns.title'),
      cell: (card) => (
        <>
          <Anchor component={Link} to={`/edit-diagnostic-card/${card.id}`} fw={500}>
            {card.title}
          </Anchor>
          <Text size="xs" c="gray.7">
            {card.writer.name}
          </Text>
        </>
      ),
    },
    {
      key: 'language',
      header: t('diagnosticCards.columns.language'),
      cell: (card) => t(`languages.${card.language}`),
    },
    {
      key: 'status',
      header: t('diagnosticCards.columns.status'),
      cell: (card) => (
        <Group gap={6} wrap="nowrap">
          <CardStatusBadge status={card.status} />
          {card.version > 0 && (
            <Text size="xs" c="gray.7">
              {t('diagnosticCards.version', { version: number.format(card.version) })}
            </Text>
          )}
        </Group>
      ),
    },
    {
      key: 'content',
      header: t('diagnosticCards.columns.content'),
      cell: (card) => (
        <Text size="sm">
          {t('diagnosticCards.counts', {
            blocks: number.format(card.blocks),
            questions: number.format(card.questions),
            computed: number.format(card.computed),
          })}
        </Text>
      ),
    },
    {
      key: 'diagnoses',
      header: t('diagnosticCards.columns.diagnoses'),
      cell: (card) => (card.diagnoses === null ? '' : number.format(card.diagnoses)),
    },
    {
      key: 'updated',
      header: t('diagnosticCards.columns.updated'),
      cell: (card) => formatDate(card.updated_at),
    },
    {
      key: 'actions',
      header: t('diagnosticCards.columns.actions'),
      hiddenHeader: true,
      cell: (card) => (
        <RowButtons
          icons
          actions={[
            {
              label: t('diagnosticCards.edit'),
              name: t('diagnosticCards.editNamed', { title: card.title }),
              icon: IconPencil,
              to: `/edit-diagnostic-card/${card.id}`,
            },
            {
              label: t('diagnosticCards.preview'),
              name: t('diagnosticCards.previewNamed', { title: card.title }),
              icon: IconEye,
              to: `/preview-diagnostic-card/${card.id}`,
            },
            {
              label: t('diagnosticCards.publish'),
              name: t('diagnosticCards.publishNamed', { title: card.title }),
              icon: IconSend,
              color: 'teal.9',
              hidden: card.status !== 'draft',
              loading: publish.isPending && publish.variables === card.id,
              onClick: () => void publishRow(card),
            },
            {
              label: t('diagnosticCards.delete'),
              name: t('diagnosticCards.deleteNamed', { title: card.title }),
              icon: IconTrash,
              color: 'red',
              onClick: () => setDeleting(card),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group align="flex-end" gap="sm" wrap="wrap" style={{ flex: 1 }}>
          <SearchInput label={t('diagnosticCards.search')} value={list.term} onChange={list.setTerm} />
          <Select
            label={t('diagnosticCards.statusFilter')}
            placeholder={t('diagnosticCards.any')}
            w={170}
            clearable
            data={DIAGNOSTIC_CARD_STATUSES.map((item) => ({
              value: item,
              label: t(`diagnosticCards.status.${item}`),
            }))}
            value={list.filter.status}
            onChange={(value) => list.setFilter({ status: value as DiagnosticCardStatus | null })}
          />
          <Select
            label={t('diagnosticCards.languageFilter')}
            placeholder={t('diagnosticCards.any')}
            w={170}
            clearable
            data={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
            value={list.filter.language}
            onChange={(value) => list.setFilter({ language: value as Language | null })}
          />
        </Group>
        <Button component={Link} to="/create-diagnostic-card" leftSection={<IconPlus size={16} />}>
          {t('diagnosticCards.add')}
        </Button>
      </Group>
      <ListTable
        query={query}
        failed={t('diagnosticCards.loadFailed')}
        empty={list.narrowed ? t('diagnosticCards.noMatches') : t('diagnosticCards.empty')}
        paging={list}
        rowKey={(card) => card.id}
        columns={columns}
        minWidth={760}
        highlightOnHover
      />
      <ConfirmTargetModal
        target={deleting}
        title={() => t('diagnosticCards.deleteTitle')}
        message={(card) => t('diagnosticCards.deleteQuestion', { title: card.title })}
        confirmLabel={t('diagnosticCards.delete')}
        onConfirm={async (card) => {
          await remove.mutateAsync(card.id);
          notifySuccess(t('diagnosticCards.deleted', { title: card.title }));
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
