import { clientInput, type Client, type ClientInput } from '@logoschool/contract';
import { Alert, Button, Group, Paper, Stack, TagsInput, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../app/screens/loader.tsx';
import { contractValidate, showServerErrors } from '../../lib/form.ts';
import { useClient, useSaveClient } from './api/clients.ts';
import { notifySuccess } from '../../lib/notify.ts';

type ClientValues = Required<ClientInput>;

function valuesOf(client: Client | null): ClientValues {
  return {
    client_name: client?.client_name ?? '',
    child_name: client?.child_name ?? '',
    birthdate: client?.birthdate ?? null,
    comment_for_teacher: client?.comment_for_teacher ?? '',
    custom_themes: client?.custom_themes ?? [],
    parent_request: client?.parent_request ?? '',
  };
}

/** /edit-client and /edit-client/:clientId: a new student, or one to change (spec §2, §3). */
export function EditClientPage() {
  const { t } = useTranslation();
  const params = useParams();
  const clientId = params.clientId ? Number(params.clientId) : null;
  const existing = useClient(clientId);

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
  return <ClientForm key={clientId ?? 'new'} clientId={clientId} client={existing.data ?? null} />;
}

/** The student's fields, by the rules of the contract's `clientInput`, checked before sending. */
function ClientForm({ clientId, client }: { clientId: number | null; client: Client | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveClient(clientId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ClientValues>({
    initialValues: valuesOf(client),
    validate: contractValidate(clientInput, t),
  });

  const submit = async (values: ClientValues) => {
    setFormError(null);
    try {
      await save.mutateAsync(values);
      notifySuccess(t('clients.saved'));
      void navigate('/clients');
    } catch (error) {
      if (!showServerErrors(form, error)) setFormError(errorTextOf(error));
    }
  };

  return (
    <Stack maw={640} gap="lg">
      <Title order={1} size="h2">
        {clientId === null ? t('clients.newTitle') : t('clients.editTitle')}
      </Title>
      <Paper
        withBorder
        p="lg"
        radius="md"
        component="form"
        onSubmit={form.onSubmit((values) => void submit(values))}
        noValidate
      >
        <Stack>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput label={t('clients.childName')} {...form.getInputProps('child_name')} required />
          <TextInput
            label={t('clients.birthdate')}
            type="date"
            max={dayjs().format('YYYY-MM-DD')}
            value={form.values.birthdate ?? ''}
            onChange={(event) => form.setFieldValue('birthdate', event.currentTarget.value || null)}
            error={form.errors.birthdate}
          />
          <TextInput
            label={t('clients.clientName')}
            description={t('clients.clientNameHint')}
            {...form.getInputProps('client_name')}
            required
          />
          <TagsInput
            label={t('clients.customThemes')}
            description={t('clients.customThemesHint')}
            {...form.getInputProps('custom_themes')}
            clearable
          />
          <Textarea
            label={t('clients.parentRequest')}
            autosize
            minRows={2}
            {...form.getInputProps('parent_request')}
          />
          <Textarea
            label={t('clients.commentForTeacher')}
            autosize
            minRows={2}
            {...form.getInputProps('comment_for_teacher')}
          />
          <Group justify="flex-end">
            <Button component={Link} to="/clients" variant="default">
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

export default EditClientPage;
