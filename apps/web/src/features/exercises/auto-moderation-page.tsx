import {
  AUTO_MODERATION_ON_PASS,
  AUTO_MODERATION_RULES,
  DEFAULT_AUTO_MODERATION,
  type AutoModerationOnPass,
  type AutoModerationSettingsInput,
} from '@logoschool/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { useSession } from '../../app/session.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
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
  const save = useSaveAutoModeration();
  const [form, setForm] = useState<AutoModerationSettingsInput>(copy(DEFAULT_AUTO_MODERATION));
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (settings.data) setForm(copy(settings.data));
  }, [settings.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(form, { onSuccess: () => setSaved(true) });
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('autoModeration.title')}
        </Title>
        <Text c="gray.7" size="sm">
          {workspace?.workspaceTitle}
        </Text>
      </div>
      <Text>{t('autoModeration.intro')}</Text>
      {settings.isError && (
        <Alert color="red" role="alert">
          {errorTextOf(settings.error)}
        </Alert>
      )}
      {settings.isPending && !settings.isError ? (
        <Loader aria-label={t('autoModeration.loading')} />
      ) : (
        <Paper withBorder p="md" radius="md">
          <form onSubmit={submit} noValidate>
            <Stack>
              <Switch
                label={t('autoModeration.enabled')}
                description={t('autoModeration.enabledHint')}
                checked={form.enabled}
                onChange={(event) => setForm({ ...form, enabled: event.currentTarget.checked })}
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
                    checked={form.rules[rule]}
                    onChange={(event) =>
                      setForm({ ...form, rules: { ...form.rules, [rule]: event.currentTarget.checked } })
                    }
                  />
                ))}
              </Stack>
              <Radio.Group
                label={t('autoModeration.onPass')}
                value={form.on_pass}
                onChange={(value) => setForm({ ...form, on_pass: value as AutoModerationOnPass })}
              >
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
                  {settings.data?.updated_at
                    ? t('autoModeration.lastChanged', {
                        name: settings.data.updated_by?.name ?? t('exercises.someone'),
                        date: formatDateTime(settings.data.updated_at),
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
      )}
    </Stack>
  );
}

export default AutoModerationPage;
