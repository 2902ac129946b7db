import {
  PER_PAGE_DEFAULT,
  grantableRoles,
  mayManageMember,
  rolesMay,
  userUpdateBody,
  type ProjectUser,
  type RoleName,
} from '@logoschool/contract';
import { Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconDownload, IconMailPlus } from '@tabler/icons-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { ConfirmTargetModal } from '../../components/confirm-action-modal.tsx';
import { DismissibleAlert } from '../../components/dismissible-alert.tsx';
import { DialogForm, FormDialog, useDialogForm } from '../../components/dialog-form.tsx';
import { nextSort, type Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { RowMenu } from '../../components/list/row-actions.tsx';
import { StatusTabs } from '../../components/list/status-tabs.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { RoleBadges, RoleChoice } from '../../components/roles.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { useActingFor, useSession } from '../../session/session.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { notifySuccess } from '../../lib/notify.ts';
import {
  loginAsUser,
  useExportUsers,
  useProjectUsers,
  useUpdateProjectUser,
  type UsersFilter,
} from './api/project-users.ts';

type Sort = UsersFilter['sort'];
type Status = NonNullable<UsersFilter['status']> | 'all';

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
  const list = useListControls<{ status: Status }>({ status: 'all' });
  const [sort, setSort] = useState<{ by: Sort; order: 'asc' | 'desc' }>({ by: 'name', order: 'asc' });
  const [editing, setEditing] = useState<ProjectUser | null>(null);
  const [deactivating, setDeactivating] = useState<ProjectUser | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { status } = list.filter;
  const filter: UsersFilter = {
    term: list.search,
    status: status === 'all' ? undefined : status,
    sort: sort.by,
    order: sort.order,
    page: list.page,
    per_page: PER_PAGE_DEFAULT,
  };
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

  const columns: Column<ProjectUser>[] = [
    { key: 'name', header: t('users.name'), sortable: true, cell: (user) => user.name },
    { key: 'email', header: t('users.email'), sortable: true, cell: (user) => user.email },
    { key: 'roles', header: t('users.roles'), cell: (user) => <RoleBadges roles={user.roles} /> },
    {
      key: 'status',
      header: t('users.status'),
      sortable: true,
      cell: (user) => (
        <Badge color={user.status === 'active' ? 'teal.9' : 'gray.7'} size="sm">
          {t(user.status === 'active' ? 'users.oneActive' : 'users.oneDeactivated')}
        </Badge>
      ),
    },
    {
      key: 'invitation',
      header: t('users.invitation'),
      cell: (user) =>
        user.invitation_status
          ? t(user.invitation_status === 'pending' ? 'users.invitationPending' : 'users.invitationAccepted')
          : '—',
    },
    {
      key: 'lastSignIn',
      header: t('users.lastSignIn'),
      cell: (user) => (user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : '—'),
    },
    {
      key: 'actions',
      header: t('users.actions'),
      hiddenHeader: true,
      hidden: !mayManage && !mayLoginAs,
      cell: (user) => (
        <RowMenu
          label={t('users.actionsFor', { name: user.name })}
          actions={[
            {
              label: t('users.editRoles'),
              hidden: !mayManage || !manageable(user),
              onClick: () => setEditing(user),
            },
            {
              label: t(user.status === 'active' ? 'users.deactivate' : 'users.activate'),
              hidden: !mayManage || !manageable(user),
              onClick: () =>
                user.status === 'active'
                  ? setDeactivating(user)
                  : void setActive(user, true).catch(notifyFailure),
            },
            {
              label: t('users.loginAs'),
              hidden: !mayLoginAs,
              onClick: () => void signInAs(user).catch(notifyFailure),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('users.title')}
        description={
          projectPicker ??
          (workspace && (
            <Text c="gray.7" size="sm">
              {workspace.workspaceTitle}
            </Text>
          ))
        }
        actions={
          <>
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
          </>
        }
      />
      <DismissibleAlert message={failure} onClose={() => setFailure(null)} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="members">{t('invitations.members')}</Tabs.Tab>
          <Tabs.Tab value="invitations">{t('invitations.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="members">
          <Stack gap="md">
            <Group>
              <SearchInput label={t('users.search')} value={list.term} onChange={list.setTerm} width={320} />
              <StatusTabs
                label={t('users.statusFilter')}
                value={status}
                onChange={(next) => list.setFilter({ status: next })}
                options={[
                  { value: 'all', label: t('users.all') },
                  { value: 'active', label: t('users.statusActive') },
                  { value: 'deactivated', label: t('users.statusDeactivated') },
                ]}
              />
            </Group>
            <ListTable
              query={users}
              empty={t('users.empty')}
              paging={list}
              rowKey={(user) => user.id}
              columns={columns}
              minWidth={760}
              sort={{ ...sort, onSort: (by) => setSort(nextSort(sort, by) as typeof sort) }}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="invitations">
          <invitations.Panel />
        </Tabs.Panel>
      </Tabs>
      <FormDialog
        target={editing}
        title={(user) => t('users.rolesOf', { name: user.name })}
        onClose={() => setEditing(null)}
      >
        {(user) => <RolesForm user={user} onClose={() => setEditing(null)} />}
      </FormDialog>
      {/* Deactivating loses them the project at their next step (spec §6): easy to do by a slip. */}
      <ConfirmTargetModal
        target={deactivating}
        title={(user) => t('users.deactivateTitle', whoOf(user, workspace?.workspaceTitle))}
        message={(user) => t('users.deactivateQuestion', whoOf(user, workspace?.workspaceTitle))}
        confirmLabel={t('users.deactivateConfirm')}
        onConfirm={(user) => setActive(user, false)}
        onClose={() => setDeactivating(null)}
      />
      <invitations.Dialog opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}

/** The words of the deactivation question: who, and from which project. */
const whoOf = (user: ProjectUser, project = '') => ({ name: user.name, email: user.email, project });

/** The roles, by the contract's `userUpdateBody`; at least one must stay (spec §5). */
function RolesForm({ user, onClose }: { user: ProjectUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { held } = useSession();
  const offered = grantableRoles(held);
  const update = useUpdateProjectUser();
  const { form, state } = useDialogForm<{ roles: RoleName[] }>({
    initialValues: { roles: user.roles.filter((role) => offered.includes(role)) },
    schema: userUpdateBody,
    toBody: ({ roles }) => ({ user_id: user.id, roles }),
    save: async ({ roles }) => {
      await update.mutateAsync({ user_id: user.id, roles });
      notifySuccess(t('users.rolesSaved', { name: user.name }));
      onClose();
    },
    refused: (error, form) => {
      form.setFieldError('roles', errorTextOf(error));
      return null;
    },
  });

  return (
    <DialogForm {...state} onCancel={onClose}>
      <RoleChoice offered={offered} {...form.getInputProps('roles')} />
    </DialogForm>
  );
}
