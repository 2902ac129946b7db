import {
  PER_PAGE_DEFAULT,
  grantableRoles,
  mayManageMember,
  rolesMay,
  userUpdateBody,
  type ProjectUser,
  type RoleName,
} from '@logoschool/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconDownload, IconMailPlus, IconSelector } from '@tabler/icons-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { SearchInput } from '../../components/search-input.tsx';
import { useActingFor, useSession } from '../../session/session.tsx';
import { contractValidate } from '../../lib/form.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { notifySuccess } from '../../lib/notify.ts';
import {
  loginAsUser,
  useExportUsers,
  useProjectUsers,
  useUpdateProjectUser,
  type UsersFilter,
} from './api/project-users.ts';
import { DialogForm } from '../../components/dialog-form.tsx';
import { ConfirmActionModal } from '../../components/confirm-action-modal.tsx';

type Sort = UsersFilter['sort'];

/**
 * What the invitations feature puts on this screen: its tab and its invite dialog (`app/` composes
 * the two features; a feature never imports another).
 */
export interface InvitationParts {
  Panel: ComponentType;
  Dialog: ComponentType<{ opened: boolean; onClose: () => void }>;
}

/**
 * /users: the project's people, their roles and status (spec §2 manager index, §6). `projectPicker`
 * takes the place of the project's name where the caller picks the project here (root).
 */
export function UsersPage({
  invitations,
  projectPicker,
  crmAccess,
}: {
  invitations: InvitationParts;
  projectPicker?: ReactNode;
  /** Another feature's "CRM access" action for the project (composed in app/). */
  crmAccess?: ReactNode;
}) {
  const { t } = useTranslation();
  const { held, workspace, signInAs: startActingAs } = useSession();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const [status, setStatus] = useState<UsersFilter['status']>(undefined);
  const [sort, setSort] = useState<Sort>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ProjectUser | null>(null);
  const [deactivating, setDeactivating] = useState<ProjectUser | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const filter: UsersFilter = { term: debounced, status, sort, order, page, per_page: PER_PAGE_DEFAULT };
  const users = useProjectUsers(filter);
  const exportUsers = useExportUsers();
  const update = useUpdateProjectUser();
  const mayManage = useActingFor('users.manage') !== null;
  const mayInvite = useActingFor('users.invite') !== null;
  const [inviting, setInviting] = useState(false);
  const [tab, setTab] = useState<string | null>('members');
  const mayLoginAs = rolesMay(held, 'auth.loginAsUser');
  // Only members whose every role the caller could grant (the list does not say who is root: the
  // server refuses that one with its own message).
  const manageable = (user: ProjectUser) => mayManageMember(held, { isRoot: false, roles: user.roles });
  const rows = users.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((users.data?.meta.total ?? 0) / PER_PAGE_DEFAULT));

  const sortBy = (column: Sort) => {
    setOrder(sort === column && order === 'asc' ? 'desc' : 'asc');
    setSort(column);
  };
  const header = (column: Sort, label: string) => (
    <Table.Th aria-sort={sort === column ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => sortBy(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <IconSelector size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );

  const setActive = async (user: ProjectUser, active: boolean) => {
    await update.mutateAsync({ user_id: user.id, is_active: active });
    notifySuccess(t(active ? 'users.activated' : 'users.deactivated', { name: user.name }));
  };

  const notifyFailure = (error: unknown) => setFailure(errorTextOf(error));
  const signInAs = async (user: ProjectUser) => {
    const result = await loginAsUser(user.id);
    // The app starts over as that user (spec §4), with a way back to this account.
    startActingAs(result.token);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('users.title')}
          </Title>
          {projectPicker ??
            (workspace && (
              <Text c="gray.7" size="sm">
                {workspace.workspaceTitle}
              </Text>
            ))}
        </div>
        <Group gap="sm">
          {crmAccess}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void exportUsers(filter).catch(notifyFailure)}
          >
            {t('users.export')}
          </Button>
          {mayInvite && (
            <Button leftSection={<IconMailPlus size={16} />} onClick={() => setInviting(true)}>
              {t('invitations.invite')}
            </Button>
          )}
        </Group>
      </Group>
      {failure && (
        <Alert
          color="red"
          withCloseButton
          closeButtonLabel={t('errors.closeNotification')}
          onClose={() => setFailure(null)}
        >
          {failure}
        </Alert>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="members">{t('invitations.members')}</Tabs.Tab>
          <Tabs.Tab value="invitations">{t('invitations.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="members">
          <Stack gap="md">
            <Group>
              <SearchInput
                label={t('users.search')}
                value={term}
                onChange={(value) => {
                  setTerm(value);
                  setPage(1);
                }}
                width={320}
              />
              <SegmentedControl
                aria-label={t('users.statusFilter')}
                value={status ?? 'all'}
                onChange={(value) => {
                  setStatus(value === 'all' ? undefined : (value as UsersFilter['status']));
                  setPage(1);
                }}
                data={[
                  { value: 'all', label: t('users.all') },
                  { value: 'active', label: t('users.statusActive') },
                  { value: 'deactivated', label: t('users.statusDeactivated') },
                ]}
              />
            </Group>
            {users.isSuccess && rows.length === 0 ? (
              <Text c="gray.7" py="xl" ta="center">
                {t('users.empty')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={760}>
                <Table striped verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      {header('name', t('users.name'))}
                      {header('email', t('users.email'))}
                      <Table.Th>{t('users.roles')}</Table.Th>
                      {header('status', t('users.status'))}
                      <Table.Th>{t('users.invitation')}</Table.Th>
                      <Table.Th>{t('users.lastSignIn')}</Table.Th>
                      {(mayManage || mayLoginAs) && <Table.Th aria-label={t('users.actions')} />}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((user) => (
                      <Table.Tr key={user.id}>
                        <Table.Td>{user.name}</Table.Td>
                        <Table.Td>{user.email}</Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            {user.roles.map((role) => (
                              <Badge key={role} color="blue.9" size="sm">
                                {t(`roles.${role}`)}
                              </Badge>
                            ))}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Badge color={user.status === 'active' ? 'teal.9' : 'gray.7'} size="sm">
                            {t(user.status === 'active' ? 'users.statusActive' : 'users.statusDeactivated')}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          {user.invitation_status
                            ? t(
                                user.invitation_status === 'pending'
                                  ? 'users.invitationPending'
                                  : 'users.invitationAccepted',
                              )
                            : '—'}
                        </Table.Td>
                        <Table.Td>
                          {user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : '—'}
                        </Table.Td>
                        {(mayManage || mayLoginAs) && (
                          <Table.Td>
                            <Menu position="bottom-end" withinPortal>
                              <Menu.Target>
                                <ActionIcon
                                  variant="subtle"
                                  color="gray.7"
                                  aria-label={t('users.actionsFor', { name: user.name })}
                                >
                                  <IconDots size={18} />
                                </ActionIcon>
                              </Menu.Target>
                              <Menu.Dropdown>
                                {mayManage && manageable(user) && (
                                  <Menu.Item onClick={() => setEditing(user)}>
                                    {t('users.editRoles')}
                                  </Menu.Item>
                                )}
                                {mayManage && manageable(user) && (
                                  <Menu.Item
                                    onClick={() =>
                                      user.status === 'active'
                                        ? setDeactivating(user)
                                        : void setActive(user, true).catch(notifyFailure)
                                    }
                                  >
                                    {t(user.status === 'active' ? 'users.deactivate' : 'users.activate')}
                                  </Menu.Item>
                                )}
                                {mayLoginAs && (
                                  <Menu.Item onClick={() => void signInAs(user).catch(notifyFailure)}>
                                    {t('users.loginAs')}
                                  </Menu.Item>
                                )}
                              </Menu.Dropdown>
                            </Menu>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="invitations">
          <invitations.Panel />
        </Tabs.Panel>
      </Tabs>
      <RolesModal user={editing} onClose={() => setEditing(null)} />
      <DeactivateModal
        user={deactivating}
        project={workspace?.workspaceTitle ?? ''}
        onConfirm={(user) => setActive(user, false)}
        onClose={() => setDeactivating(null)}
      />
      <invitations.Dialog opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}

/**
 * Asks before deactivating a member: they lose the project at their next step (spec §6), which is
 * easy to do by a slip in the menu. Activating again needs no question.
 */
function DeactivateModal({
  user,
  project,
  onConfirm,
  onClose,
}: {
  user: ProjectUser | null;
  project: string;
  onConfirm: (user: ProjectUser) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The last member stays shown while the dialog closes.
  const [shown, setShown] = useState(user);
  if (user && user !== shown) setShown(user);
  const who = { name: shown?.name ?? '', email: shown?.email ?? '', project };
  return (
    <ConfirmActionModal
      opened={user !== null}
      title={t('users.deactivateTitle', who)}
      message={t('users.deactivateQuestion', who)}
      confirmLabel={t('users.deactivateConfirm')}
      onConfirm={() => (shown ? onConfirm(shown) : Promise.resolve())}
      onClose={onClose}
    />
  );
}

/** Change a member's roles, among those the caller may grant; at least one must stay (spec §5). */
function RolesModal({ user, onClose }: { user: ProjectUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  // The last member stays shown while the dialog closes; each opening starts a fresh form.
  const [shown, setShown] = useState(user);
  if (user && user !== shown) setShown(user);
  return (
    <Modal opened={user !== null} onClose={onClose} title={t('users.rolesOf', { name: shown?.name ?? '' })}>
      {shown && <RolesForm user={shown} onClose={onClose} />}
    </Modal>
  );
}

/** The roles, by the contract's `userUpdateBody`. */
function RolesForm({ user, onClose }: { user: ProjectUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { held } = useSession();
  const offered = grantableRoles(held);
  const update = useUpdateProjectUser();
  const form = useForm<{ roles: RoleName[] }>({
    initialValues: { roles: user.roles.filter((role) => offered.includes(role)) },
    validate: contractValidate<{ roles: RoleName[] }>(userUpdateBody, t, {
      toBody: ({ roles }) => ({ user_id: user.id, roles }),
    }),
  });

  const save = async ({ roles }: { roles: RoleName[] }) => {
    try {
      await update.mutateAsync({ user_id: user.id, roles });
      notifySuccess(t('users.rolesSaved', { name: user.name }));
      onClose();
    } catch (failure) {
      form.setFieldError('roles', errorTextOf(failure));
    }
  };

  return (
    <DialogForm
      onSubmit={form.onSubmit((values) => void save(values))}
      onCancel={onClose}
      error={null}
      saving={update.isPending}
    >
      <Checkbox.Group {...form.getInputProps('roles')}>
        <Stack gap="xs" mt="xs">
          {offered.map((role) => (
            <Checkbox key={role} value={role} label={t(`roles.${role}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
    </DialogForm>
  );
}
