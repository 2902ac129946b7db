import {
  THEME_AGE_MAX,
  THEME_AGE_MIN,
  THEME_GENDERS,
  THEME_NAME_MAX,
  THEME_TYPES,
  mayInProject,
  type Theme,
  type ThemeInput,
} from '@logoschool/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Radio,
  Stack,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { errorTextOf, fieldErrorsOf } from '../../../api/form-errors.ts';
import { useSession } from '../../../app/session.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveTheme } from '../api/save-theme.ts';
import {
  THEME_FIELDS,
  themeFormValues,
  validateThemeForm,
  type ThemeField,
  type ThemeFormValues,
} from '../theme-form.ts';

/** What the form is open for: a new theme, or one of the project's to change. */
export type ThemeFormTarget = { kind: 'create' } | { kind: 'edit'; theme: Theme };

const toAge = (value: string | number) => (typeof value === 'number' ? value : null);

/**
 * Create or change a theme: name, genders, ages, type, and the other projects it is shared with
 * (offered only to someone who works in several). A refused save keeps everything typed and shows
 * the reasons under their fields.
 */
export function ThemeFormModal({ target, onClose }: { target: ThemeFormTarget | null; onClose(): void }) {
  const { t } = useTranslation();
  const { user, workspace, workspaces } = useSession();
  const save = useSaveTheme();
  const editing = target?.kind === 'edit' ? target.theme : null;
  const [values, setValues] = useState<ThemeFormValues>(() => themeFormValues(editing));
  const [errors, setErrors] = useState<Partial<Record<ThemeField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(target);
  if (target !== shownFor) {
    setShownFor(target);
    setValues(themeFormValues(target?.kind === 'edit' ? target.theme : null));
    setErrors({});
    setFormError(null);
  }
  // The other projects where the user manages themes: a theme can be shared with those (decision 008).
  const owner = editing?.workspace_id ?? workspace?.workspaceId;
  const others = workspaces.filter(
    (candidate) =>
      candidate.workspaceId !== owner &&
      user !== null &&
      mayInProject(user, candidate.workspaceId, 'themes.manage'),
  );
  const shareable = new Set(others.map((candidate) => candidate.workspaceId));

  const set = <K extends ThemeField>(field: K, value: ThemeFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const invalid = validateThemeForm(values, t);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    const input: ThemeInput = {
      name: values.name.trim(),
      genders: THEME_GENDERS.filter((gender) => values.genders.includes(gender)),
      age_from: values.age_from ?? THEME_AGE_MIN,
      age_to: values.age_to ?? THEME_AGE_MAX,
      type: values.type,
    };
    if (others.length > 0) {
      // Shares with projects the user does not see stay as they were.
      const unseen = (editing?.shared_workspace_ids ?? []).filter((id) => !shareable.has(id));
      input.shared_workspace_ids = [
        ...unseen,
        ...values.shared_workspace_ids.filter((id) => shareable.has(id)),
      ];
    }
    try {
      const saved = await save.mutateAsync({ id: editing?.id ?? null, input });
      notifySuccess(t(editing ? 'themes.saved' : 'themes.created', { name: saved.name }));
      onClose();
    } catch (error) {
      const byField = fieldErrorsOf(error) ?? {};
      const known: Partial<Record<ThemeField, string>> = Object.fromEntries(
        THEME_FIELDS.flatMap((field) => (byField[field] ? [[field, byField[field]]] : [])),
      );
      // The conflict's message names the theme that has the name.
      if (error instanceof ApiError && error.code === 'theme_exists') known.name = error.message;
      setErrors(known);
      if (Object.keys(known).length === 0) setFormError(errorTextOf(error));
    }
  };

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t(editing ? 'themes.editTitle' : 'themes.newTitle')}
      size="lg"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput
            label={t('themes.name')}
            value={values.name}
            maxLength={THEME_NAME_MAX}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            required
            data-autofocus
          />
          <Checkbox.Group
            label={t('themes.genders')}
            value={values.genders}
            onChange={(genders) => set('genders', genders as ThemeFormValues['genders'])}
            error={errors.genders}
            withAsterisk
          >
            <Group mt="xs">
              {THEME_GENDERS.map((gender) => (
                <Checkbox key={gender} value={gender} label={t(`themes.gender.${gender}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group grow align="flex-start">
            <NumberInput
              label={t('themes.ageFrom')}
              value={values.age_from ?? ''}
              onChange={(value) => set('age_from', toAge(value))}
              min={THEME_AGE_MIN}
              max={THEME_AGE_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              error={errors.age_from}
              required
            />
            <NumberInput
              label={t('themes.ageTo')}
              value={values.age_to ?? ''}
              onChange={(value) => set('age_to', toAge(value))}
              min={THEME_AGE_MIN}
              max={THEME_AGE_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              error={errors.age_to}
              required
            />
          </Group>
          <Radio.Group
            label={t('themes.type')}
            value={values.type}
            onChange={(type) => set('type', type as ThemeFormValues['type'])}
            error={errors.type}
          >
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
              value={values.shared_workspace_ids.filter((id) => shareable.has(id)).map(String)}
              onChange={(ids) => set('shared_workspace_ids', ids.map(Number))}
              error={errors.shared_workspace_ids}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('themes.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('themes.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
