import {
  PLAN_LESSONS,
  dayIn,
  planCreateInput,
  type Client,
  type TemplateListItem,
} from '@logoschool/contract';
import { Alert, Anchor, Button, Group, List, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { FormPage } from '../../components/form-page.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { DateField } from '../../components/date-field.tsx';
import { contractValidate, showServerErrors } from '../../lib/form.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { routeId } from '../../lib/route-id.ts';
import { usePublishedTemplates, useStudent, useStudentOptions, useTemplate } from './api/plan-sources.ts';
import { useCreatePlan } from './api/plans.ts';
import { PLANS_LIST_PATH, planPath } from './paths.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';

interface CreateValues {
  client_id: string | null;
  template_id: string | null;
  deadline: string | null;
}

/** A plan runs ten weeks by default: ten lessons, one a week. */
const DEFAULT_WEEKS = 10;

const bodyOf = (values: CreateValues) => ({
  client_id: values.client_id === null ? undefined : Number(values.client_id),
  template_id: values.template_id === null ? undefined : Number(values.template_id),
  deadline: values.deadline ?? '',
});

/** An id of the address's query (`?client=12`), or null. */
const queryId = (value: string | null) => routeId(value ?? undefined).id;

/**
 * /create-protocol: a new plan for one of the teacher's students from a published template, with
 * a deadline (spec §2, §3). `?client=` and `?template=` choose them ahead (from the student's page).
 */
export function CreatePlanPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const presetClient = queryId(params.get('client'));
  const presetTemplate = queryId(params.get('template'));
  const templates = usePublishedTemplates();
  const student = useStudent(presetClient);

  if (templates.isPending || (presetClient !== null && student.isPending)) return <FullLoader />;
  if (templates.isError) {
    return (
      <Stack maw={560}>
        <Alert color="red" role="alert">
          {errorTextOf(templates.error)}
        </Alert>
        <Button w="fit-content" onClick={() => void templates.refetch()}>
          {t('errors.tryAgain')}
        </Button>
      </Stack>
    );
  }
  const presetTemplateValue =
    presetTemplate !== null && templates.data.some((template) => template.id === presetTemplate)
      ? String(presetTemplate)
      : null;
  return (
    <CreatePlanForm
      templates={templates.data}
      presetStudent={student.data ?? null}
      presetTemplate={presetTemplateValue}
    />
  );
}

function CreatePlanForm({
  templates,
  presetStudent,
  presetTemplate,
}: {
  templates: TemplateListItem[];
  presetStudent: Client | null;
  presetTemplate: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePlan();
  const [formError, setFormError] = useState<string | null>(null);
  const today = dayIn(browserTimeZone());
  const form = useForm<CreateValues>({
    initialValues: {
      client_id: presetStudent ? String(presetStudent.id) : null,
      template_id: presetTemplate,
      deadline: dayjs(today).add(DEFAULT_WEEKS, 'week').format('YYYY-MM-DD'),
    },
    validate: contractValidate<CreateValues>(planCreateInput, t, { toBody: bodyOf }),
    validateInputOnBlur: true,
  });
  const { release } = useUnsavedChanges(form.isDirty());

  // Students are looked up as the teacher types (she may have more than one page of them).
  const [search, setSearch] = useState(presetStudent?.child_name ?? '');
  const [chosenStudent, setChosenStudent] = useState<Client | null>(presetStudent);
  const [term] = useDebouncedValue(search.trim() === chosenStudent?.child_name ? '' : search.trim(), 300);
  const students = useStudentOptions(term);
  const studentList = [...(students.data ?? [])];
  if (chosenStudent && !studentList.some((one) => one.id === chosenStudent.id))
    studentList.unshift(chosenStudent);
  const templateId = form.values.template_id === null ? null : Number(form.values.template_id);

  const submit = async (values: CreateValues) => {
    setFormError(null);
    try {
      const plan = await create.mutateAsync(bodyOf(values) as Parameters<typeof create.mutateAsync>[0]);
      notifySuccess(t('plans.created'));
      release();
      void navigate(planPath(plan.id));
    } catch (error) {
      if (!showServerErrors(form, error)) setFormError(errorTextOf(error));
    }
  };

  const noStudents = students.isSuccess && students.data.length === 0 && term === '' && !chosenStudent;

  return (
    <FormPage
      title={t('plans.newTitle')}
      width={720}
      onSubmit={form.onSubmit((values) => void submit(values))}
      error={formError}
    >
      {noStudents && (
        <Alert color="blue">
          {t('plans.noStudents')}{' '}
          <Anchor component={Link} to="/edit-client">
            {t('plans.addStudent')}
          </Anchor>
        </Alert>
      )}
      <Select
        label={t('plans.student')}
        placeholder={t('plans.studentPlaceholder')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage={t('plans.noStudentMatches')}
        data={studentList.map((one) => ({ value: String(one.id), label: one.child_name }))}
        required
        {...form.getInputProps('client_id')}
        onChange={(value) => {
          form.setFieldValue('client_id', value);
          setChosenStudent(studentList.find((one) => String(one.id) === value) ?? null);
        }}
      />
      <Select
        label={t('plans.template')}
        placeholder={t('plans.templatePlaceholder')}
        description={templates.length === 0 ? t('plans.noTemplates') : undefined}
        searchable
        nothingFoundMessage={t('plans.noTemplateMatches')}
        data={templates.map((template) => ({ value: String(template.id), label: template.title }))}
        required
        {...form.getInputProps('template_id')}
      />
      {templateId !== null && <TemplateSummary templateId={templateId} />}
      <DateField
        label={t('plans.deadline')}
        description={t('plans.deadlineHint', { count: PLAN_LESSONS })}
        minDate={today}
        required
        maw={280}
        {...form.getInputProps('deadline')}
      />
      <Group justify="flex-end">
        <Button component={Link} to={PLANS_LIST_PATH} variant="default">
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {t('plans.create')}
        </Button>
      </Group>
    </FormPage>
  );
}

/** What the chosen template holds: its description for the educator and its blocks. */
function TemplateSummary({ templateId }: { templateId: number }) {
  const { t } = useTranslation();
  const template = useTemplate(templateId);
  if (template.isPending) return <Skeleton height={72} radius="md" />;
  if (template.isError) return <Text c="red.9">{errorTextOf(template.error)}</Text>;
  const { data } = template;
  return (
    <Paper bg="gray.0" p="md" radius="md" aria-label={t('plans.templateSummary')} component="section">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600}>{data.title}</Text>
          <Text size="sm" c="gray.7">
            {t('plans.version', { version: data.version })} ·{' '}
            {t('plans.blockCount', { count: data.blocks.length })}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {data.description}
        </Text>
        <List size="sm" spacing={2}>
          {data.blocks.map((block) => (
            <List.Item key={block.key}>
              {block.target}{' '}
              <Text span size="sm" c="gray.7">
                ({block.category_name},{' '}
                {t('plans.update.bounds', { min: block.min_presentations, count: block.max_presentations })})
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

export default CreatePlanPage;
