import {
  BIRTHDATE_MIN,
  CLIENT_COMMENT_MAX,
  CLIENT_NAME_MAX,
  CLIENT_PARENT_REQUEST_MAX,
  CLIENT_REMOTE_ID_MAX,
  CLIENT_THEME_NAME_MAX,
  CLIENT_THEMES_MAX,
  clientInput,
  isLanguage,
  LANGUAGES,
  type Language,
  todayIso,
  type Client,
  type ClientDuplicate,
  type ClientInput,
} from '@logoschool/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTimeline } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { FormPage } from '../../components/form-page.tsx';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { DateField } from '../../components/date-field.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { contractValidate, showServerErrors } from '../../lib/form.ts';
import { useClient, useFindDuplicates, useSaveClient } from './api/clients.ts';
import { useProjectThemes } from './api/project-themes.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { routeId } from '../../lib/route-id.ts';

/** The form's values: the body's fields, the linked themes as the select's texts. */
type ClientValues = Required<Omit<ClientInput, 'theme_ids' | 'remote_id'>> & {
  theme_ids: string[];
  remote_id: string;
};

function valuesOf(client: Client | null, interfaceLanguage: string): ClientValues {
  const language: Language = isLanguage(interfaceLanguage) ? interfaceLanguage : 'uk';
  return {
    language: client?.language ?? language,
    parent_email: client?.parent_email ?? '',
    parent_phone: client?.parent_phone ?? '',
    theme_ids: client?.themes.map((theme) => String(theme.id)) ?? [],
    remote_id: client?.remote_id ?? '',
    client_name: client?.client_name ?? '',
    child_name: client?.child_name ?? '',
    birthdate: client?.birthdate ?? null,
    comment_for_teacher: client?.comment_for_teacher ?? '',
    custom_themes: client?.custom_themes ?? [],
    parent_request: client?.parent_request ?? '',
  };
}

/** The body the form sends: the linked themes as ids. */
function toBody(values: ClientValues): ClientInput {
  return { ...values, theme_ids: values.theme_ids.map(Number), remote_id: values.remote_id };
}

/**
 * /edit-client and /edit-client/:clientId: a new student, or one to change (spec §2, §3). `plans`
 * (another feature's section, composed in app/) shows below an existing student's form.
 */
export function EditClientPage({
  plans,
  copy,
}: {
  plans?: (clientId: number) => ReactNode;
  /** Another feature's "copy to another teacher" action (composed in app/). */
  copy?: (clientId: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const { id: clientId, bad } = routeId(useParams().clientId);
  const existing = useClient(clientId);

  // A bad id names no student: the not-found screen, without asking the API.
  if (bad) return <Navigate to="/not-found" replace />;
  if (clientId !== null && existing.isPending) return <FullLoader />;
  if (clientId !== null && existing.isError) {
    return (
      <Stack maw={560}>
        <Alert color="red">{t('clients.notFound')}</Alert>
        <Button component={Link} to="/clients" variant="default" w="fit-content">
          {t('clients.back')}
        </Button>
      </Stack>
    );
  }
  const form = <ClientForm key={clientId ?? 'new'} clientId={clientId} client={existing.data ?? null} />;
  if (clientId === null || !plans) return form;
  // What a therapist opens before a session first: the child's path, then the form and the plans.
  return (
    <Stack gap="xl">
      <Group gap="sm">
        <Button
          component={Link}
          to={`/correction-path/${clientId}`}
          variant="outline"
          leftSection={<IconTimeline size={16} aria-hidden />}
        >
          {t('planShare.path.title')}
        </Button>
        {copy?.(clientId)}
      </Group>
      {form}
      {plans(clientId)}
    </Stack>
  );
}

/**
 * The student's fields, by the rules of the contract's `clientInput` (the server's own): each field
 * is checked when left and all of them before sending, so the server's refusal is the last guard.
 * Interests are offered from the project's themes; a name of one's own is allowed too.
 */
function ClientForm({ clientId, client }: { clientId: number | null; client: Client | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveClient(clientId);
  const projectThemes = useProjectThemes();
  const [formError, setFormError] = useState<string | null>(null);
  const findDuplicates = useFindDuplicates();
  /** Students that look like this one, shown before saving; saving again goes ahead. */
  const [duplicates, setDuplicates] = useState<ClientDuplicate[] | null>(null);
  const form = useForm<ClientValues>({
    initialValues: valuesOf(client, i18n.language),
    validate: contractValidate(clientInput, t, { toBody }),
    validateInputOnBlur: true,
  });
  const { release } = useUnsavedChanges(form.isDirty());

  const submit = async (values: ClientValues, anyway = false) => {
    setFormError(null);
    if (!anyway && identityChanged(client, values)) {
      const found = await findDuplicates({
        child_name: values.child_name,
        birthdate: values.birthdate,
        parent_email: values.parent_email,
        except_id: clientId,
      }).catch(() => []); // Only a warning: without an answer the save goes on.
      if (found.length > 0) {
        setDuplicates(found);
        return;
      }
    }
    setDuplicates(null);
    try {
      await save.mutateAsync(toBody(values));
      notifySuccess(t('clients.saved'));
      release();
      void navigate('/clients');
    } catch (error) {
      if (!showServerErrors(form, error)) setFormError(errorTextOf(error));
    }
  };

  return (
    <FormPage
      title={clientId === null ? t('clients.newTitle') : t('clients.editTitle')}
      width={640}
      onSubmit={form.onSubmit((values) => void submit(values))}
      error={formError}
    >
      <TextInput
        label={t('clients.childName')}
        maxLength={CLIENT_NAME_MAX}
        {...form.getInputProps('child_name')}
        required
      />
      <DateField
        label={t('clients.birthdate')}
        minDate={BIRTHDATE_MIN}
        maxDate={todayIso()}
        // A child's birthday is years back: the calendar opens on the decade, then year, month, day.
        defaultLevel={form.values.birthdate ? 'month' : 'decade'}
        clearable
        maw={260}
        {...form.getInputProps('birthdate')}
      />
      <TextInput
        label={t('clients.clientName')}
        description={t('clients.clientNameHint')}
        maxLength={CLIENT_NAME_MAX}
        {...form.getInputProps('client_name')}
        required
      />
      <Select
        label={t('clients.language')}
        description={t('clients.languageHint')}
        data={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
        allowDeselect={false}
        maw={260}
        {...form.getInputProps('language')}
        required
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="email"
          autoComplete="off"
          label={t('clients.parentEmail')}
          {...form.getInputProps('parent_email')}
        />
        <TextInput
          type="tel"
          autoComplete="off"
          label={t('clients.parentPhone')}
          description={t('clients.parentPhoneHint')}
          {...form.getInputProps('parent_phone')}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('clients.themes')}
        description={t('clients.themesHint')}
        data={projectThemes.data ?? []}
        maxValues={CLIENT_THEMES_MAX}
        searchable
        clearable
        nothingFoundMessage={t('clients.noThemes')}
        {...form.getInputProps('theme_ids')}
      />
      <TagsInput
        label={t('clients.customThemes')}
        description={t('clients.customThemesHint')}
        maxTags={CLIENT_THEMES_MAX}
        maxLength={CLIENT_THEME_NAME_MAX}
        {...form.getInputProps('custom_themes')}
        clearable
      />
      <Textarea
        label={t('clients.parentRequest')}
        autosize
        minRows={2}
        maxLength={CLIENT_PARENT_REQUEST_MAX}
        {...form.getInputProps('parent_request')}
      />
      <Textarea
        label={t('clients.commentForTeacher')}
        autosize
        minRows={2}
        maxLength={CLIENT_COMMENT_MAX}
        {...form.getInputProps('comment_for_teacher')}
      />
      <TextInput
        label={t('clients.remoteId')}
        description={t('clients.remoteIdHint')}
        maxLength={CLIENT_REMOTE_ID_MAX}
        maw={320}
        {...form.getInputProps('remote_id')}
      />
      {duplicates && (
        <DuplicatesWarning
          duplicates={duplicates}
          saving={save.isPending}
          onSaveAnyway={() => {
            const checked = form.validate();
            if (!checked.hasErrors) void submit(form.getValues(), true);
          }}
        />
      )}
      <Group justify="flex-end">
        <Button component={Link} to="/clients" variant="default">
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
      </Group>
    </FormPage>
  );
}

/**
 * Whether what a duplicate is found by (the child's name and birthdate, the parent's e-mail) is new
 * or changed: a student saved again as it was is not asked about again.
 */
function identityChanged(client: Client | null, values: ClientValues): boolean {
  if (!client) return true;
  return (
    client.child_name !== values.child_name.trim() ||
    client.birthdate !== values.birthdate ||
    client.parent_email.toLowerCase() !== values.parent_email.trim().toLowerCase()
  );
}

/** The teacher's students that look like this one, each a link, and "save anyway". */
function DuplicatesWarning({
  duplicates,
  saving,
  onSaveAnyway,
}: {
  duplicates: ClientDuplicate[];
  saving: boolean;
  onSaveAnyway: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" role="alert">
      <Stack gap="xs">
        {/* In the body's colour: yellow's title shade is too light to read (WCAG AA). */}
        <Text fw={700}>{t('clients.duplicatesTitle')}</Text>
        <Text size="sm">{t('clients.duplicatesText')}</Text>
        <Stack component="ul" gap={4} m={0} pl="md">
          {duplicates.map((duplicate) => (
            <li key={duplicate.id}>
              <Anchor component={Link} to={`/edit-client/${duplicate.id}`} size="sm" fw={600}>
                {duplicate.child_name}
              </Anchor>{' '}
              <Text span size="sm">
                (
                {[duplicate.client_name, duplicate.birthdate && formatDate(duplicate.birthdate)]
                  .filter(Boolean)
                  .join(', ')}
                ){' — '}
                {duplicate.matched
                  .map((match) => t(match === 'child' ? 'clients.duplicateChild' : 'clients.duplicateEmail'))
                  .join('; ')}
              </Text>
            </li>
          ))}
        </Stack>
        <Button variant="default" w="fit-content" loading={saving} onClick={onSaveAnyway}>
          {t('clients.saveAnyway')}
        </Button>
      </Stack>
    </Alert>
  );
}

export default EditClientPage;
