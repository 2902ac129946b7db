import {
  AGE_CATEGORIES,
  API,
  EXERCISE_TITLE_MAX,
  EXERCISE_TITLE_MIN,
  REQUEST_DESCRIPTION_MAX,
  REQUEST_INTEREST_NAME_MAX,
  REQUEST_INTERESTS_MAX,
  type AgeCategory,
  type Theme,
} from '@logoschool/contract';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  TagsInput,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { request } from '../../api/client.ts';
import { errorTextOf, fieldErrorsOf } from '../../api/form-errors.ts';
import { useActingFor } from '../../app/session.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { useSaveExercise } from './api/exercise.ts';

type Field = 'title' | 'description' | 'interests' | 'age_categories' | 'deadline';

/** The project's interests, by name: what a request is usually for (free names are allowed too). */
function useInterestNames() {
  const acting = useActingFor('exercises.moderate');
  return useQuery({
    queryKey: ['request-interests', acting],
    queryFn: async () =>
      (await request<Theme[]>(API.themes, { query: { ...acting }, silent: true })).map((theme) => theme.name),
    enabled: acting !== null,
  });
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * /create-exercise-moderator: a moderator files a request for an exercise (spec §3 Request, §5:
 * a description, at least one interest and one age category, a deadline); authors take it.
 */
export function CreateRequestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveExercise();
  const interests = useInterestNames();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [ages, setAges] = useState<AgeCategory[]>([]);
  const [deadline, setDeadline] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const validate = (): boolean => {
    const found: Partial<Record<Field, string>> = {};
    const name = title.trim();
    if (!name) found.title = t('validation.required');
    else if (name.length < EXERCISE_TITLE_MIN)
      found.title = t('validation.tooShort', { min: EXERCISE_TITLE_MIN });
    if (!description.trim()) found.description = t('validation.required');
    if (chosen.length === 0) found.interests = t('exercises.request.oneInterest');
    if (ages.length === 0) found.age_categories = t('exercises.request.oneAge');
    if (!deadline) found.deadline = t('validation.required');
    else if (deadline < today()) found.deadline = t('exercises.request.pastDeadline');
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!validate()) return;
    try {
      const saved = await save.mutateAsync({
        id: null,
        body: {
          title: title.trim(),
          request: { description: description.trim(), interests: chosen, age_categories: ages, deadline },
        },
      });
      notifySuccess(t('exercises.request.filed', { title: saved.title }));
      void navigate('/moderator-list');
    } catch (error) {
      const byField = fieldErrorsOf(error);
      if (byField) {
        // Request fields come back as `request.description` and the like: show them on their inputs.
        const flat = Object.fromEntries(
          Object.entries(byField).map(([field, message]) => [field.replace(/^request\./, ''), message]),
        );
        setErrors(flat);
      } else setFailure(errorTextOf(error));
    }
  };

  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to="/moderator-list" size="sm">
        ← {t('exercises.backToModeration')}
      </Anchor>
      <Title order={1} size="h2">
        {t('exercises.request.title')}
      </Title>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('exercises.title')}
              value={title}
              maxLength={EXERCISE_TITLE_MAX}
              onChange={(event) => setTitle(event.currentTarget.value)}
              error={errors.title}
              required
            />
            <Textarea
              label={t('exercises.request.description')}
              description={t('exercises.request.descriptionHint')}
              value={description}
              maxLength={REQUEST_DESCRIPTION_MAX}
              autosize
              minRows={3}
              onChange={(event) => setDescription(event.currentTarget.value)}
              error={errors.description}
              required
            />
            <TagsInput
              label={t('exercises.request.interests')}
              description={t('exercises.request.interestsHint')}
              data={interests.data ?? []}
              value={chosen}
              onChange={setChosen}
              maxTags={REQUEST_INTERESTS_MAX}
              maxLength={REQUEST_INTEREST_NAME_MAX}
              error={errors.interests}
              required
            />
            <Checkbox.Group
              label={t('exercises.request.ages')}
              value={ages}
              onChange={(value) => setAges(value as AgeCategory[])}
              error={errors.age_categories}
              required
            >
              <Group mt="xs">
                {AGE_CATEGORIES.map((age) => (
                  <Checkbox key={age} value={age} label={t('exercises.request.age', { age })} />
                ))}
              </Group>
            </Checkbox.Group>
            <TextInput
              type="date"
              label={t('exercises.deadline')}
              value={deadline}
              min={today()}
              onChange={(event) => setDeadline(event.currentTarget.value)}
              error={errors.deadline}
              required
              maw={220}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('exercises.request.file')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

export default CreateRequestPage;
