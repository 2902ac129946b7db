import {
  MAINTENANCE_MESSAGE_MAX,
  PER_PAGE_DEFAULT,
  appSettingsSchema,
  type AppSettings,
  type SettingsChange,
  type SettingsOverview,
} from '@logoschool/contract';
import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormChanges } from '../../components/dialog-form.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PanelSection } from '../../components/panel-section.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { contractValidate, showServerErrors } from '../../lib/form.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useSaveSettings, useSettingsHistory, useSettingsOverview } from './api/settings.ts';

/** The settings the product reads from `app_settings`, for one environment. */
function SettingsForm({ overview }: { overview: SettingsOverview }) {
  const { t } = useTranslation();
  const save = useSaveSettings(overview.env_id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<AppSettings>({
    initialValues: overview.values,
    validate: contractValidate(appSettingsSchema, t),
  });
  const { release } = useFormChanges(form.isDirty());
  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      await save.mutateAsync(values);
      release();
      form.resetDirty(values);
      notifySuccess(t('settings.saved'));
    } catch (error) {
      if (!showServerErrors(form, error))
        setRefusal(error instanceof Error ? error.message : t('errors.generic'));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {refusal && <Alert color="red">{refusal}</Alert>}
        <Switch
          label={t('settings.maintenance')}
          description={t('settings.maintenanceHint')}
          {...form.getInputProps('maintenance', { type: 'checkbox' })}
        />
        <Textarea
          label={t('settings.maintenanceMessage')}
          description={t('settings.maintenanceMessageHint', { count: MAINTENANCE_MESSAGE_MAX })}
          autosize
          minRows={2}
          {...form.getInputProps('maintenance_message')}
        />
        <Switch
          label={t('settings.forceUpdate')}
          description={t('settings.forceUpdateHint')}
          {...form.getInputProps('force_update', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A value of the history as the screen shows it: a text in quotes, yes or no, none. */
function Value({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined)
    return (
      <Text size="sm" c="gray.7">
        {t('settings.history.none')}
      </Text>
    );
  if (typeof value === 'boolean')
    return <Text size="sm">{value ? t('settings.on') : t('settings.off')}</Text>;
  return <Code>{typeof value === 'string' ? value : JSON.stringify(value)}</Code>;
}

function History({ envId }: { envId: number }) {
  const { t } = useTranslation();
  const list = useListControls();
  const history = useSettingsHistory(envId, list.page, PER_PAGE_DEFAULT);
  return (
    <ListTable<SettingsChange>
      query={history}
      empty={t('settings.history.empty')}
      paging={list}
      label={t('settings.history.title')}
      rowKey={(change) => change.id}
      columns={[
        {
          key: 'when',
          header: t('settings.history.when'),
          nowrap: true,
          cell: (change) => formatDateTime(change.changed_at),
        },
        { key: 'key', header: t('settings.history.setting'), cell: (change) => <Code>{change.key}</Code> },
        {
          key: 'before',
          header: t('settings.history.before'),
          cell: (change) => <Value value={change.before} />,
        },
        {
          key: 'after',
          header: t('settings.history.after'),
          cell: (change) => <Value value={change.after} />,
        },
        {
          key: 'who',
          header: t('settings.history.who'),
          cell: (change) => change.changed_by?.name ?? t('settings.history.nobody'),
        },
      ]}
    />
  );
}

/** The settings that live elsewhere: what they are now, and where they are changed. */
function Elsewhere({ overview }: { overview: SettingsOverview }) {
  const { t } = useTranslation();
  const { configured } = overview;
  const rows = [
    {
      what: t('settings.elsewhere.vacancy'),
      value: configured.vacancy_shown
        ? (configured.vacancy_url ?? t('settings.elsewhere.notSet'))
        : t('settings.elsewhere.vacancyHidden'),
      where: (
        <Text size="sm">
          {t('settings.elsewhere.serverConfig')} <Code>VACANCY_URLS</Code>
        </Text>
      ),
    },
    {
      what: t('settings.elsewhere.chat'),
      value: configured.chat
        ? `${configured.chat.script_url} · ${configured.chat.host}`
        : t('settings.elsewhere.chatOff'),
      where: (
        <Text size="sm">
          {t('settings.elsewhere.serverConfig')} <Code>CHAT_SCRIPT_URL</Code>, <Code>CHAT_HOST</Code>,{' '}
          <Code>CHAT_TOKEN</Code>
        </Text>
      ),
    },
    {
      what: t('settings.elsewhere.phoneAgent'),
      value: t('settings.elsewhere.perProject'),
      where: (
        <Anchor component={Link} to="/call-requests" size="sm">
          {t('settings.elsewhere.callRequests')}
        </Anchor>
      ),
    },
    {
      what: t('settings.elsewhere.merchandise'),
      value: t('settings.elsewhere.perProject'),
      where: (
        <Anchor component={Link} to="/merchandise" size="sm">
          {t('settings.elsewhere.merchandiseScreen')}
        </Anchor>
      ),
    },
    {
      what: t('settings.elsewhere.booking'),
      value: t('settings.elsewhere.bookingDefaults', {
        values: [
          t('settings.elsewhere.lessonMinutes', { count: configured.booking_defaults.lesson_minutes }),
          t('settings.elsewhere.horizonDays', { count: configured.booking_defaults.horizon_days }),
          t('settings.elsewhere.groupSeats', { count: configured.booking_defaults.group_seats }),
        ].join(', '),
      }),
      where: (
        <Anchor component={Link} to="/booking-settings" size="sm">
          {t('settings.elsewhere.bookingScreen')}
        </Anchor>
      ),
    },
  ];
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.elsewhere.setting')}</Table.Th>
            <Table.Th>{t('settings.elsewhere.now')}</Table.Th>
            <Table.Th>{t('settings.elsewhere.where')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.what}>
              <Table.Td>{row.what}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{row.value}</Table.Td>
              <Table.Td>{row.where}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /settings (root; spec §3 Settings, issue 33 item 4): an environment's settings the product reads
 * (maintenance and its message, the forced update), saved as the spec saves them (`POST
 * /storage/app_settings`) and checked by the contract's schema; the settings kept elsewhere,
 * read-only with where they are changed; the history of changes.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const [envId, setEnvId] = useState<number | null>(null);
  const overview = useSettingsOverview(envId);
  const data = overview.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('settings.title')}
        description={t('settings.description')}
        actions={
          data && (
            <Select
              label={t('settings.environment')}
              value={String(data.env_id)}
              allowDeselect={false}
              onChange={(next) => next && setEnvId(Number(next))}
              data={data.environments.map((id) => ({
                value: String(id),
                label: t('settings.environmentNumber', { envId: String(id) }),
              }))}
              w={200}
            />
          )
        }
      />
      {overview.isError && <Alert color="red">{t('errors.generic')}</Alert>}
      {data && (
        <>
          <PanelSection id="settings-app" title={t('settings.app')}>
            <SettingsForm key={`${data.env_id}:${JSON.stringify(data.values)}`} overview={data} />
          </PanelSection>
          <PanelSection
            id="settings-elsewhere"
            title={t('settings.elsewhere.title')}
            hint={t('settings.elsewhere.description')}
          >
            <Elsewhere overview={data} />
          </PanelSection>
          <PanelSection id="settings-history" title={t('settings.history.title')}>
            <History envId={data.env_id} />
          </PanelSection>
        </>
      )}
    </Stack>
  );
}

export default SettingsPage;
