import {
  AGE_CATEGORIES,
  API,
  EXERCISE_TITLE_MAX,
  REQUEST_DESCRIPTION_MAX,
  REQUEST_INTEREST_NAME_MAX,
  REQUEST_INTERESTS_MAX,
  exerciseInput,
  type AgeCategory,
  type ExerciseInput,
  type Theme,
} from '@logoschool/contract';
import {
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
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { Link, useNavigate } from 'react-router';
import { callApi } from '../../api/client.ts';
import { themeKeys } from '../../api/keys.ts';
import { errorTextOf } from '../../api/form-errors.ts';
import { useActingFor } from '../../session/session.tsx';
import { DateField } from '../../components/date-field.tsx';
import { contractValidate, showServerErrors, topField } from '../../lib/form.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useSaveExercise } from './api/exercise.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';

/** The project's interests, by name: what a request is usually for (free names are allowed too). */
function useInterestNames() {
  const acting = useActingFor('exercises.moderate');
  return useQuery({
    queryKey: themeKeys.seen(acting),
    queryFn: ({ signal }) => callApi<Theme[]>(API.themes, { query: { ...acting }, signal }),
    select: (themes) => themes.map((theme) => theme.name),
    enabled: acting !== null,
    meta: { silent: true },
  });
}

const today = () => new Date().toISOString().slice(0, 10);

interface RequestValues {
  title: string;
  description: string;
  interests: string[];
  age_categories: AgeCategory[];
  /** 'YYYY-MM-DD', empty while none is picked. */
  deadline: string;
}

/**
 * The body the form stands for (`exerciseInput` with its `request`); no deadline picked is none,
 * which the schema calls required.
 */
const toBody = ({ title, description, deadline, ...request }: RequestValues) => ({
  title: title.trim(),
  request: { ...request, description: description.trim(), ...(deadline ? { deadline } : {}) },
});

/** The request's fields come back as `request.description` and the like: shown on their inputs. */
const fieldOf = (path: string) => topField(path.replace(/^request\./, ''));

/**
 * /create-exercise-moderator: a moderator files a request for an exercise (spec §3 Request, §5:
 * a description, at least one interest and one age category, a deadline); authors take it. The
 * rules are the contract's `exerciseInput`; a deadline in the past is the server's to refuse.
 */
export function CreateRequestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveExercise();
  const interests = useInterestNames();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RequestValues>({
    initialValues: { title: '', description: '', interests: [], age_categories: [], deadline: '' },
    validate: contractValidate(exerciseInput, t, { toBody, fieldOf }),
  });
  const { release } = useUnsavedChanges(form.isDirty());

  const submit = async (values: RequestValues) => {
    setFailure(null);
    try {
      // The form has passed the schema: the body is an `ExerciseInput`.
      const saved = await save.mutateAsync({ id: null, body: toBody(values) as ExerciseInput });
      notifySuccess(t('exercises.request.filed', { title: saved.title }));
      release();
      void navigate('/moderator-list');
    } catch (error) {
      if (!showServerErrors(form, error, fieldOf)) setFailure(errorTextOf(error));
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
      <ErrorAlert>{failure}</ErrorAlert>
      <Paper withBorder p="md" radius="md">
        <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
          <Stack>
            <TextInput
              label={t('exercises.title')}
              maxLength={EXERCISE_TITLE_MAX}
              {...form.getInputProps('title')}
              required
            />
            <Textarea
              label={t('exercises.request.description')}
              description={t('exercises.request.descriptionHint')}
              maxLength={REQUEST_DESCRIPTION_MAX}
              autosize
              minRows={3}
              {...form.getInputProps('description')}
              required
            />
            <TagsInput
              label={t('exercises.request.interests')}
              description={t('exercises.request.interestsHint')}
              data={interests.data ?? []}
              maxTags={REQUEST_INTERESTS_MAX}
              maxLength={REQUEST_INTEREST_NAME_MAX}
              {...form.getInputProps('interests')}
              required
            />
            <Checkbox.Group
              label={t('exercises.request.ages')}
              {...form.getInputProps('age_categories')}
              required
            >
              <Group mt="xs">
                {AGE_CATEGORIES.map((age) => (
                  <Checkbox key={age} value={age} label={t('exercises.request.age', { age })} />
                ))}
              </Group>
            </Checkbox.Group>
            <DateField
              label={t('exercises.deadline')}
              minDate={today()}
              {...form.getInputProps('deadline')}
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
