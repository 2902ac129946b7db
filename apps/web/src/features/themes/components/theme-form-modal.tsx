import {
  THEME_AGE_MAX,
  THEME_AGE_MIN,
  THEME_GENDERS,
  THEME_NAME_MAX,
  THEME_TYPES,
  mayInProject,
  themeInput,
  type Theme,
} from '@logoschool/contract';
import { Checkbox, Group, MultiSelect, NumberInput, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { errorTextOf } from '../../../api/form-errors.ts';
import { useSession } from '../../../session/session.tsx';
import { showServerErrors } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveTheme } from '../api/save-theme.ts';
import { themeBody, themeFormValues, type ThemeFormValues } from '../theme-form.ts';
import { DialogForm, FormDialog, NameField, useDialogForm } from '../../../components/dialog-form.tsx';

/** What the form is open for: a new theme, or one of the project's to change. */
export type ThemeFormTarget = { kind: 'create' } | { kind: 'edit'; theme: Theme };

const toAge = (value: string | number) => (typeof value === 'number' ? value : null);

/**
 * Create or change a theme: name, genders, ages, type, and the other projects it is shared with
 * (offered only to someone who works in several). The rules are the contract's `themeInput`. A
 * refused save keeps everything typed and shows the reasons under their fields.
 */
export function ThemeFormModal({ target, onClose }: { target: ThemeFormTarget | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      target={target}
      title={(shown) => t(shown.kind === 'edit' ? 'themes.editTitle' : 'themes.newTitle')}
      onClose={onClose}
      size="lg"
    >
      {(shown) => <ThemeForm editing={shown.kind === 'edit' ? shown.theme : null} onClose={onClose} />}
    </FormDialog>
  );
}

function ThemeForm({ editing, onClose }: { editing: Theme | null; onClose(): void }) {
  const { t } = useTranslation();
  const { user, workspace, workspaces } = useSession();
  const save = useSaveTheme();
  // The other projects where the user manages themes: a theme can be shared with those (decision 008).
  const owner = editing?.workspace_id ?? workspace?.workspaceId;
  const others = workspaces.filter(
    (candidate) =>
      candidate.workspaceId !== owner &&
      user !== null &&
      mayInProject(user, candidate.workspaceId, 'themes.manage'),
  );
  const shareable = new Set(others.map((candidate) => candidate.workspaceId));
  // Shares with projects the user does not see stay as they were.
  const shares = (values: ThemeFormValues) =>
    others.length === 0
      ? undefined
      : [
          ...(editing?.shared_workspace_ids ?? []).filter((id) => !shareable.has(id)),
          ...values.shared_workspace_ids.filter((id) => shareable.has(id)),
        ];
  const toBody = (values: ThemeFormValues) => themeBody(values, shares(values));
  const { form, state } = useDialogForm<ThemeFormValues>({
    initialValues: themeFormValues(editing),
    schema: themeInput,
    toBody,
    save: async (values) => {
      const saved = await save.mutateAsync({ id: editing?.id ?? null, input: toBody(values) });
      notifySuccess(t(editing ? 'themes.saved' : 'themes.created', { name: saved.name }));
      onClose();
    },
    refused: (error, form) => {
      // The conflict's message names the theme that has the name.
      if (error instanceof ApiError && error.code === 'theme_exists') form.setErrors({ name: error.message });
      else if (!showServerErrors(form, error)) return errorTextOf(error);
      return null;
    },
  });

  return (
    <DialogForm {...state} onCancel={onClose}>
      <NameField form={form} label={t('themes.name')} max={THEME_NAME_MAX} />
      <Checkbox.Group label={t('themes.genders')} {...form.getInputProps('genders')} withAsterisk>
        <Group mt="xs">
          {THEME_GENDERS.map((gender) => (
            <Checkbox key={gender} value={gender} label={t(`themes.gender.${gender}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Group grow align="flex-start">
        {(['age_from', 'age_to'] as const).map((field) => (
          <NumberInput
            key={field}
            label={t(field === 'age_from' ? 'themes.ageFrom' : 'themes.ageTo')}
            value={form.values[field] ?? ''}
            onChange={(value) => form.setFieldValue(field, toAge(value))}
            min={THEME_AGE_MIN}
            max={THEME_AGE_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            error={form.errors[field]}
            required
          />
        ))}
      </Group>
      <Radio.Group label={t('themes.type')} {...form.getInputProps('type')}>
        <Stack gap="xs" mt="xs">
          {THEME_TYPES.map((type) => (
            <Radio
              key={type}
              value={type}
              label={t(`themes.typeName.${type}`)}
              description={t(`themes.typeHint.${type}`)}
            />
          ))}
        </Stack>
      </Radio.Group>
      {others.length > 0 && (
        <MultiSelect
          label={t('themes.sharedWith')}
          description={t('themes.sharedWithHint')}
          data={others.map((other) => ({
            value: String(other.workspaceId),
            label: other.workspaceTitle,
          }))}
          value={form.values.shared_workspace_ids.filter((id) => shareable.has(id)).map(String)}
          onChange={(ids) => form.setFieldValue('shared_workspace_ids', ids.map(Number))}
          error={form.errors.shared_workspace_ids}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </DialogForm>
  );
}
