import { type ClientInput } from '@logoschool/contract';
import { Alert, Button, Group, Paper, Stack, TagsInput, TextInput, Textarea, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorTextOf, fieldErrorsOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../app/screens/loader.tsx';
import { useClient, useSaveClient } from './api/clients.ts';
import { notifySuccess } from '../../lib/notify.ts';

type Field = keyof ClientInput;

const EMPTY: ClientInput = {
  client_name: '',
  child_name: '',
  birthdate: null,
  comment_for_teacher: '',
  custom_themes: [],
  parent_request: '',
};

/** /edit-client and /edit-client/:clientId: a new student, or one to change (spec §2, §3). */
export function EditClientPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const clientId = params.clientId ? Number(params.clientId) : null;
  const existing = useClient(clientId);
  const save = useSaveClient(clientId);
  const [values, setValues] = useState<ClientInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    const client = existing.data;
    if (!client) return;
    setValues({
      client_name: client.client_name,
      child_name: client.child_name,
      birthdate: client.birthdate,
      comment_for_teacher: client.comment_for_teacher,
      custom_themes: client.custom_themes,
      parent_request: client.parent_request,
    });
  }, [existing.data]);

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

  const set = <K extends Field>(field: K, value: ClientInput[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    try {
      await save.mutateAsync(values);
      notifySuccess(t('clients.saved'));
      void navigate('/clients');
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      else setFormError(errorTextOf(error));
    }
  };

  return (
    <Stack maw={640} gap="lg">
      <Title order={1} size="h2">
        {clientId === null ? t('clients.newTitle') : t('clients.editTitle')}
      </Title>
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput
            label={t('clients.childName')}
            value={values.child_name}
            onChange={(event) => set('child_name', event.currentTarget.value)}
            error={errors.child_name}
            required
          />
          <TextInput
            label={t('clients.birthdate')}
            type="date"
            max={dayjs().format('YYYY-MM-DD')}
            value={values.birthdate ?? ''}
            onChange={(event) => set('birthdate', event.currentTarget.value || null)}
            error={errors.birthdate}
          />
          <TextInput
            label={t('clients.clientName')}
            description={t('clients.clientNameHint')}
            value={values.client_name}
            onChange={(event) => set('client_name', event.currentTarget.value)}
            error={errors.client_name}
            required
          />
          <TagsInput
            label={t('clients.customThemes')}
            description={t('clients.customThemesHint')}
            value={values.custom_themes}
            onChange={(themes) => set('custom_themes', themes)}
            error={errors.custom_themes}
            clearable
          />
          <Textarea
            label={t('clients.parentRequest')}
            autosize
            minRows={2}
            value={values.parent_request}
            onChange={(event) => set('parent_request', event.currentTarget.value)}
            error={errors.parent_request}
          />
          <Textarea
            label={t('clients.commentForTeacher')}
            autosize
            minRows={2}
            value={values.comment_for_teacher}
            onChange={(event) => set('comment_for_teacher', event.currentTarget.value)}
            error={errors.comment_for_teacher}
          />
          <Group justify="flex-end">
            <Button component={Link} to="/clients" variant="default">
              {t('clients.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('clients.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

export default EditClientPage;
