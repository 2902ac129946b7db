import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  List,
  Loader,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorTextOf } from '../../../api/form-errors.ts';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { DiagnosisStatusBadge } from '../../../components/diagnosis-form/index.ts';
import { formatDate } from '../../../i18n/dates.ts';
import {
  useAssignDiagnosticians,
  useClientDiagnoses,
  useDeleteDiagnosis,
  useDiagnosticians,
  usePublishedCards,
  useStartDiagnosis,
} from '../api/diagnoses.ts';
import { fillDiagnosisPath } from '../paths.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';

/** How the delete question names a diagnosis: its card and its date. */
function nameOf(diagnosis: { card: { title: string }; diagnosed_on: string }): string {
  return `${diagnosis.card.title}, ${formatDate(diagnosis.diagnosed_on)}`;
}

/** "New diagnosis": pick one of the project's published cards, then fill it. */
function NewDiagnosisButton({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [cardId, setCardId] = useState<string | null>(null);
  const cards = usePublishedCards(opened);
  const start = useStartDiagnosis(clientId);
  const published = (cards.data?.data ?? []).filter((card) => card.version > 0);
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t('diagnoses.new')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('diagnoses.newTitle')}>
        <Stack>
          {cards.isPending ? (
            <Loader size="sm" aria-label={t('diagnoses.loading')} />
          ) : published.length === 0 ? (
            <Text>{t('diagnoses.noCards')}</Text>
          ) : (
            <Select
              label={t('diagnoses.card')}
              placeholder={t('diagnoses.cardPlaceholder')}
              data={published.map((card) => ({ value: String(card.id), label: card.title }))}
              value={cardId}
              onChange={setCardId}
              searchable
              data-autofocus
            />
          )}
          <ErrorAlert>{start.isError && errorTextOf(start.error)}</ErrorAlert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('actions.cancel')}
            </Button>
            <Button
              disabled={cardId === null}
              loading={start.isPending}
              onClick={() =>
                start.mutate(Number(cardId), {
                  onSuccess: (diagnosis) => navigate(fillDiagnosisPath(diagnosis.id)),
                })
              }
            >
              {t('diagnoses.start')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Who diagnoses the student: the project's diagnosticians, several may be picked. */
function DiagnosticiansField({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const { all, assigned, allowed } = useDiagnosticians(clientId);
  const assign = useAssignDiagnosticians(clientId);
  if (!allowed) return null;
  if (all.isPending || assigned.isPending) return <Loader size="sm" aria-label={t('diagnoses.loading')} />;
  if (all.isError || assigned.isError) return null;
  const value = assigned.data.map((user) => String(user.id));
  return (
    <Stack gap={4}>
      <MultiSelect
        label={t('diagnoses.diagnosticians')}
        description={t('diagnoses.diagnosticiansHint')}
        placeholder={value.length === 0 ? t('diagnoses.diagnosticiansNone') : undefined}
        data={all.data.map((user) => ({ value: String(user.id), label: `${user.name} (${user.email})` }))}
        value={value}
        onChange={(ids) => assign.mutate(ids.map(Number))}
        error={assign.isError ? errorTextOf(assign.error) : undefined}
        nothingFoundMessage={t('diagnoses.diagnosticiansEmpty')}
        searchable
        clearable
        maw={560}
      />
      {/* Who assigned each, so that the teacher sees an assignment an admin made (decision 026). */}
      {assigned.data.length > 0 && (
        <List size="sm" c="gray.7" aria-label={t('diagnoses.diagnosticians')}>
          {assigned.data.map((user) => (
            <List.Item key={user.id}>
              {t('diagnoses.diagnosticianAssigned', {
                name: user.name,
                date: formatDate(user.assigned_at),
                by: user.assigned_by?.name ?? t('diagnoses.diagnosticianAssignerGone'),
              })}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * A student's diagnostics: every diagnosis with its card, date, status, who filled it; a new one
 * from a published card; a draft's deletion, asked first (one sent or not sent stays on record);
 * and, for whoever may assign, the student's diagnosticians.
 */
export function ClientDiagnosesSection({ clientId, assign = true }: { clientId: number; assign?: boolean }) {
  const { t } = useTranslation();
  const list = useClientDiagnoses(clientId);
  const remove = useDeleteDiagnosis(clientId);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="client-diagnoses-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3" id="client-diagnoses-title">
            {t('diagnoses.title')}
          </Title>
          <NewDiagnosisButton clientId={clientId} />
        </Group>
        {list.isPending && <Loader size="sm" aria-label={t('diagnoses.loading')} />}
        <ErrorAlert>{list.isError && errorTextOf(list.error)}</ErrorAlert>
        {list.data && list.data.diagnoses.length === 0 && <Text c="gray.7">{t('diagnoses.empty')}</Text>}
        {list.data && list.data.diagnoses.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('diagnoses.card')}</Table.Th>
                  <Table.Th>{t('diagnoses.diagnosedOn')}</Table.Th>
                  <Table.Th>{t('diagnoses.status')}</Table.Th>
                  <Table.Th>{t('diagnoses.filledByColumn')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('diagnoses.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.diagnoses.map((diagnosis) => (
                  <Table.Tr key={diagnosis.id}>
                    <Table.Td>
                      <Anchor component={Link} to={fillDiagnosisPath(diagnosis.id)}>
                        {diagnosis.card.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDate(diagnosis.diagnosed_on)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <DiagnosisStatusBadge status={diagnosis.status} />
                        {diagnosis.completed_at === null && (
                          <Text size="xs" c="gray.7">
                            {t('diagnoses.inProgress')}
                          </Text>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{diagnosis.filled_by.name}</Table.Td>
                    <Table.Td>
                      {diagnosis.status === 'draft' && (
                        <ActionIcon
                          variant="subtle"
                          color="red.9"
                          aria-label={t('diagnoses.deleteOne', { name: nameOf(diagnosis) })}
                          onClick={() => setDeleting({ id: diagnosis.id, name: nameOf(diagnosis) })}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {assign && <DiagnosticiansField clientId={clientId} />}
      </Stack>
      <ConfirmDeleteModal
        item={deleting}
        texts="diagnoses"
        remove={(id) => remove.mutateAsync(id)}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
