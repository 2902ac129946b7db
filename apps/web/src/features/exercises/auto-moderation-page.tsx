import {
  AUTO_MODERATION_ON_PASS,
  AUTO_MODERATION_RULES,
  DEFAULT_AUTO_MODERATION,
  autoModerationSettingsInput,
  type AutoModerationSettings,
  type AutoModerationSettingsInput,
} from '@logoschool/contract';
import { Alert, Button, Checkbox, Group, Loader, Paper, Radio, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { errorTextOf } from '../../api/form-errors.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../session/session.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { contractValidate } from '../../lib/form.ts';
import { useAutoModeration, useSaveAutoModeration } from './api/auto-moderation.ts';

const copy = (settings: AutoModerationSettingsInput): AutoModerationSettingsInput => ({
  enabled: settings.enabled,
  rules: { ...settings.rules },
  on_pass: settings.on_pass,
});

/**
 * /auto-moderation (moderator): the project's rules that run when an exercise is submitted and
 * accept it or send it back with the reasons (issue 6).
 */
export function AutoModerationPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const settings = useAutoModeration();

  return (
    <Stack gap="md">
      <PageHeader title={t('autoModeration.title')} description={workspace?.workspaceTitle} />
      <Text>{t('autoModeration.intro')}</Text>
      {settings.isError && (
        <Alert color="red" role="alert">
          {errorTextOf(settings.error)}
        </Alert>
      )}
      {settings.isPending && !settings.isError ? (
        <Loader aria-label={t('autoModeration.loading')} />
      ) : (
        // The stored settings, once read, start the form; without them, the defaults do.
        <SettingsForm key={settings.data ? 'stored' : 'default'} settings={settings.data ?? null} />
      )}
    </Stack>
  );
}

/** The settings, by the contract's `autoModerationSettingsInput`. */
function SettingsForm({ settings }: { settings: AutoModerationSettings | null }) {
  const { t } = useTranslation();
  const save = useSaveAutoModeration();
  const [saved, setSaved] = useState(false);
  const form = useForm<AutoModerationSettingsInput>({
    initialValues: copy(settings ?? DEFAULT_AUTO_MODERATION),
    validate: contractValidate(autoModerationSettingsInput, t),
  });
  useUnsavedChanges(form.isDirty());

  const submit = (values: AutoModerationSettingsInput) => {
    setSaved(false);
    save.mutate(values, {
      onSuccess: () => {
        form.resetDirty(values);
        setSaved(true);
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Switch
            label={t('autoModeration.enabled')}
            description={t('autoModeration.enabledHint')}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <Stack gap="xs" role="group" aria-labelledby="auto-moderation-rules">
            <Text fw={600} id="auto-moderation-rules">
              {t('autoModeration.rules')}
            </Text>
            {AUTO_MODERATION_RULES.map((rule) => (
              <Checkbox
                key={rule}
                label={t(`autoModeration.rule.${rule}`)}
                description={t(`autoModeration.ruleHint.${rule}`)}
                {...form.getInputProps(`rules.${rule}`, { type: 'checkbox' })}
              />
            ))}
          </Stack>
          <Radio.Group label={t('autoModeration.onPass')} {...form.getInputProps('on_pass')}>
            <Stack gap="xs" mt="xs">
              {AUTO_MODERATION_ON_PASS.map((choice) => (
                <Radio key={choice} value={choice} label={t(`autoModeration.onPassChoice.${choice}`)} />
              ))}
            </Stack>
          </Radio.Group>
          {save.isError && (
            <Alert color="red" role="alert">
              {errorTextOf(save.error)}
            </Alert>
          )}
          {saved && !save.isError && (
            <Alert color="green" role="status">
              {t('autoModeration.saved')}
            </Alert>
          )}
          <Group justify="space-between">
            <Text size="sm" c="gray.7">
              {settings?.updated_at
                ? t('autoModeration.lastChanged', {
                    name: settings.updated_by?.name ?? t('exercises.someone'),
                    date: formatDateTime(settings.updated_at),
                  })
                : t('autoModeration.neverChanged')}
            </Text>
            <Button type="submit" loading={save.isPending}>
              {t('autoModeration.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export default AutoModerationPage;
