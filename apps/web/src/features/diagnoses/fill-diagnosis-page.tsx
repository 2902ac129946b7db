import {
  type Answers,
  type BlockMarks,
  type Diagnosis,
  type DiagnosisUpdateInput,
  diagnosisUpdateInput,
} from '@logoschool/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { DateField } from '../../components/date-field.tsx';
import {
  ComputedResults,
  DiagnosisForm,
  DiagnosisStatusBadge,
  questionFieldId,
} from '../../components/diagnosis-form/index.ts';
import { formatDate } from '../../i18n/dates.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { routeId } from '../../lib/route-id.ts';
import { useCompleteDiagnosis, useDiagnosis, useSaveDiagnosis } from './api/diagnoses.ts';
import { useAutosave, type AutosaveState } from './autosave.ts';
import { clientPath } from './paths.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';

interface FillDiagnosisPageProps {
  /** Another feature's "send to the parents" panel (composed in app/), below the diagnosis. */
  share?: (diagnosis: Diagnosis) => ReactNode;
  /** Where "back" leads: the student's page of the teacher, or of the diagnostician. */
  backTo?: (clientId: number) => string;
}

/** /manage-client-dc/:cardId (the diagnosis' id): one diagnosis of a student, to fill (issue 16 item 4). */
export function FillDiagnosisPage({ share, backTo = clientPath }: FillDiagnosisPageProps) {
  const { t } = useTranslation();
  const { id, bad } = routeId(useParams().cardId);
  const diagnosis = useDiagnosis(id);
  if (bad) return <Navigate to="/not-found" replace />;
  // Without an id the address names no diagnosis: the teacher's students, where diagnoses start.
  if (id === null) return <Navigate to="/clients" replace />;
  if (diagnosis.isPending) return <FullLoader />;
  if (diagnosis.isError) {
    const missing = diagnosis.error instanceof ApiError && diagnosis.error.status === 404;
    return (
      <Stack maw={560}>
        <Alert color="red" role="alert">
          {missing ? t('diagnoses.notFound') : errorTextOf(diagnosis.error)}
        </Alert>
        {!missing && (
          <Group>
            <Button onClick={() => void diagnosis.refetch()}>{t('errors.tryAgain')}</Button>
          </Group>
        )}
      </Stack>
    );
  }
  // Keyed by id: another diagnosis starts from its own saved state.
  return (
    <DiagnosisEditor
      key={diagnosis.data.id}
      initial={diagnosis.data}
      latest={diagnosis.data}
      share={share}
      backTo={backTo}
    />
  );
}

function SaveState({ state }: { state: AutosaveState }) {
  const { t } = useTranslation();
  if (state === 'idle') return null;
  const text =
    state === 'error'
      ? t('diagnoses.autosave.error')
      : state === 'saved'
        ? t('diagnoses.autosave.saved')
        : t('diagnoses.autosave.saving');
  return (
    <Text size="sm" c={state === 'error' ? 'red.8' : 'gray.7'} role="status" aria-live="polite">
      {text}
    </Text>
  );
}

/** A refusal of the explicit save the screen answers with a dialog. */
type Asking =
  { kind: 'required'; questions: string[] } | { kind: 'scale'; message: string; lines: string[] } | null;

function DiagnosisEditor({
  initial,
  latest,
  share,
  backTo,
}: {
  initial: Diagnosis;
  /** The diagnosis as the server last gave it (a sending elsewhere on the screen changes its status). */
  latest: Diagnosis;
  share?: (diagnosis: Diagnosis) => ReactNode;
  backTo: (clientId: number) => string;
}) {
  const { t } = useTranslation();
  const saveCall = useSaveDiagnosis(initial.id);
  const completeCall = useCompleteDiagnosis(initial.id);
  const [values, setValues] = useState<DiagnosisUpdateInput>(() => ({
    client_name: initial.client_name,
    child_name: initial.child_name,
    birthdate: initial.birthdate,
    diagnosed_on: initial.diagnosed_on,
    answers: initial.answers,
    block_marks: initial.block_marks,
    notes: initial.notes,
  }));
  const [current, setCurrent] = useState<Diagnosis>(initial);
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const [asking, setAsking] = useState<Asking>(null);
  const [withoutRequired, setWithoutRequired] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // What the server says of the sending (status, link, read-only) follows the latest copy; the
  // answers stay the screen's own, so typing is never overwritten by a refetch.
  const [seen, setSeen] = useState(latest);
  if (latest !== seen) {
    setSeen(latest);
    setCurrent((before) => ({
      ...before,
      status: latest.status,
      send_error: latest.send_error,
      sent_at: latest.sent_at,
      link: latest.link,
      read_only: latest.read_only,
      completed_at: latest.completed_at,
    }));
  }
  const readOnly = current.read_only;
  const headerErrors = useMemo(() => {
    const parsed = diagnosisUpdateInput.safeParse(values);
    if (parsed.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (['client_name', 'child_name', 'diagnosed_on'].includes(field))
        errors[field] ??= t('diagnoses.fieldInvalid');
    }
    return errors;
  }, [values, t]);
  const autosave = useAutosave(async (input) => {
    const saved = await saveCall.mutateAsync(input);
    setCurrent(saved);
  });
  // A save under way finishes when the screen is left; one that failed would be lost.
  useUnsavedChanges(autosave.state === 'error');

  const change = (next: Partial<DiagnosisUpdateInput>) => {
    const merged = { ...values, ...next };
    setValues(merged);
    if (next.answers) {
      setMissing((before) => {
        if (before.size === 0) return before;
        return new Set([...before].filter((key) => !(key in (next.answers as Answers))));
      });
    }
    // A header that does not validate is not sent: the field says so, and the answers wait with it.
    if (diagnosisUpdateInput.safeParse(merged).success) autosave.change(merged);
  };

  const complete = async (flags: { without_required?: boolean; scale_changes_seen?: boolean }) => {
    setRefusal(null);
    try {
      await autosave.flush();
      const done = await completeCall.mutateAsync(flags);
      setCurrent(done);
      setMissing(new Set());
      setAsking(null);
      notifySuccess(t('diagnoses.completed'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed') {
        const keys = Object.keys(error.fieldErrors)
          .filter((path) => path.startsWith('answers.'))
          .map((path) => path.slice('answers.'.length));
        if (keys.length > 0 && !flags.without_required) {
          setMissing(new Set(keys));
          const texts = new Map(
            current.content.blocks.flatMap((block) => block.questions.map((q) => [q.key, q.text] as const)),
          );
          setAsking({ kind: 'required', questions: keys.map((key) => texts.get(key) ?? key) });
          return;
        }
      }
      if (error instanceof ApiError && error.code === 'diagnosis_scale_change') {
        const texts = new Map(
          current.content.blocks.flatMap((block) => block.questions.map((q) => [q.key, q.text] as const)),
        );
        setAsking({
          kind: 'scale',
          message: error.message,
          lines: Object.entries(error.fieldErrors).map(
            ([path, messages]) =>
              `${texts.get(path.replace(/^answers\./, '')) ?? path}: ${messages[0] ?? ''}`,
          ),
        });
        return;
      }
      setAsking(null);
      setRefusal(errorTextOf(error));
    }
  };

  const answerThem = () => {
    setAsking(null);
    const first = [...missing][0];
    if (first) {
      const field = document.getElementById(questionFieldId(first));
      field?.scrollIntoView({ block: 'center' });
      (field?.querySelector('input, textarea') as HTMLElement | null)?.focus();
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Anchor component={Link} to={backTo(current.client.id)} size="sm">
            <Group gap={4}>
              <IconArrowLeft size={16} aria-hidden />
              {t('diagnoses.backToStudent', { name: current.client.child_name })}
            </Group>
          </Anchor>
          <Title order={1} size="h2" mt="xs">
            {current.card.title}
          </Title>
          <Group gap="xs" mt={4}>
            <DiagnosisStatusBadge status={current.status} />
            {current.completed_at && (
              <Badge color="teal.9" variant="outline">
                {t('diagnoses.completedBadge')}
              </Badge>
            )}
            <Text size="sm" c="gray.7">
              {t('diagnoses.filledBy', { name: current.filled_by.name })}
            </Text>
          </Group>
        </div>
        <Group gap="md">
          <SaveState state={autosave.state} />
          {autosave.state === 'error' && (
            <Button variant="default" size="xs" onClick={() => void autosave.flush().catch(() => undefined)}>
              {t('errors.tryAgain')}
            </Button>
          )}
          {!readOnly && (
            <Button
              onClick={() => void complete({ without_required: withoutRequired })}
              loading={completeCall.isPending}
            >
              {t('diagnoses.save')}
            </Button>
          )}
        </Group>
      </Group>
      {readOnly && (
        <Alert color="blue" variant="light">
          {t('diagnoses.readOnly')}
        </Alert>
      )}
      <ErrorAlert>{refusal}</ErrorAlert>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="diagnosis-header">
        <Title order={2} size="h4" id="diagnosis-header" mb="sm">
          {t('diagnoses.header')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('diagnoses.clientName')}
            value={values.client_name}
            readOnly={readOnly}
            error={headerErrors.client_name}
            onChange={(event) => change({ client_name: event.currentTarget.value })}
          />
          <TextInput
            label={t('diagnoses.childName')}
            value={values.child_name}
            readOnly={readOnly}
            error={headerErrors.child_name}
            onChange={(event) => change({ child_name: event.currentTarget.value })}
          />
          <DateField
            label={t('diagnoses.birthdate')}
            value={values.birthdate ?? null}
            readOnly={readOnly}
            clearable
            onChange={(value) => change({ birthdate: value })}
          />
          <DateField
            label={t('diagnoses.diagnosedOn')}
            value={values.diagnosed_on}
            readOnly={readOnly}
            error={headerErrors.diagnosed_on}
            onChange={(value) => value && change({ diagnosed_on: value })}
          />
        </SimpleGrid>
      </Paper>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <DiagnosisForm
            content={current.content}
            answers={values.answers}
            onAnswersChange={(answers) => change({ answers })}
            readOnly={readOnly}
            missing={missing}
            blockMarks={values.block_marks ?? {}}
            onBlockMarksChange={(block_marks: BlockMarks) => change({ block_marks })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg" style={{ position: 'sticky', top: 16 }}>
            <ComputedResults
              content={current.content}
              answers={values.answers}
              programs={current.results.flatMap((result) =>
                result.band?.program ? [result.band.program] : [],
              )}
            />
            <Textarea
              label={t('diagnoses.notes')}
              description={t('diagnoses.notesHint')}
              value={values.notes ?? ''}
              readOnly={readOnly}
              autosize
              minRows={3}
              onChange={(event) => change({ notes: event.currentTarget.value })}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      {/* ---- The "send to the parents" panel (features/diagnosis-sharing), composed in app/routes/manage-client-dc-screen.tsx ---- */}
      {share?.(current)}

      <Modal opened={asking?.kind === 'required'} onClose={answerThem} title={t('diagnoses.requiredTitle')}>
        {asking?.kind === 'required' && (
          <Stack>
            <Text>{t('diagnoses.requiredMessage', { count: asking.questions.length })}</Text>
            <List size="sm">
              {asking.questions.map((text) => (
                <List.Item key={text}>{text}</List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button variant="default" onClick={answerThem} data-autofocus>
                {t('diagnoses.answerThem')}
              </Button>
              <Button
                onClick={() => {
                  setWithoutRequired(true);
                  void complete({ without_required: true });
                }}
                loading={completeCall.isPending}
              >
                {t('diagnoses.saveWithout')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={asking?.kind === 'scale'}
        onClose={() => setAsking(null)}
        title={t('diagnoses.scaleTitle')}
      >
        {asking?.kind === 'scale' && (
          <Stack>
            <Text>{asking.message}</Text>
            <List size="sm">
              {asking.lines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)} data-autofocus>
                {t('diagnoses.scaleCheck')}
              </Button>
              <Button
                onClick={() => void complete({ without_required: withoutRequired, scale_changes_seen: true })}
                loading={completeCall.isPending}
              >
                {t('diagnoses.scaleSave')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      {current.previous && (
        <Text size="sm" c="gray.7">
          {t('diagnoses.previous', { date: formatDate(current.previous.diagnosed_on) })}
        </Text>
      )}
    </Stack>
  );
}

export default FillDiagnosisPage;
