import type { Lesson, LessonFromProgramResult, ProgramPlacement } from '@logoschool/contract';
import { Alert, Button, Group, List, Loader, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { useFillFromProgram, useLessonPrograms } from '../api/from-program.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';

/**
 * "Fill from a recommended program" (issue 16 item 7): the teacher picks one of the project's
 * programs or exercise complexes; the server puts its exercises into the blocks whose folders hold
 * them and says what was placed and what did not fit, and why; both show here after the fill.
 */
export function ProgramFillModal({
  lessonId,
  opened,
  unsaved,
  onFilled,
  onClose,
}: {
  lessonId: number;
  opened: boolean;
  /** The editor holds unsaved changes to the presentations, which the fill gives way to. */
  unsaved: boolean;
  onFilled: (lesson: Lesson) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const programs = useLessonPrograms(opened);
  const fill = useFillFromProgram(lessonId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [result, setResult] = useState<LessonFromProgramResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** Closed, it starts afresh next time: no program chosen, nothing said. */
  const close = () => {
    setChosen(null);
    setResult(null);
    setError(null);
    onClose();
  };
  const run = async () => {
    if (chosen === null) return;
    setError(null);
    try {
      const answer = await fill.mutateAsync(Number(chosen));
      setResult(answer);
      if (answer.placed.length > 0) onFilled(answer.lesson);
    } catch (refused) {
      setError(errorTextOf(refused));
    }
  };

  const rows = programs.data?.data ?? [];
  const group = (kind: 'program' | 'complex', label: string) => ({
    group: label,
    items: rows.filter((row) => row.kind === kind).map((row) => ({ value: String(row.id), label: row.name })),
  });
  const data = [
    group('program', t('lessons.fromProgram.programs')),
    group('complex', t('lessons.fromProgram.complexes')),
  ].filter((entry) => entry.items.length > 0);

  let body;
  if (programs.isPending) body = <Loader size="sm" aria-label={t('app.loading')} />;
  else if (programs.isError)
    body = (
      <Alert color="red" role="alert">
        {errorTextOf(programs.error)}
      </Alert>
    );
  else if (rows.length === 0) body = <Text c="gray.7">{t('lessons.fromProgram.none')}</Text>;
  else if (result) body = <Outcome result={result} />;
  else
    body = (
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('lessons.fromProgram.intro')}
        </Text>
        {unsaved && <Alert color="yellow">{t('lessons.fromProgram.unsaved')}</Alert>}
        <Select
          label={t('lessons.fromProgram.pick')}
          placeholder={t('lessons.fromProgram.pickPlaceholder')}
          data={data}
          value={chosen}
          onChange={setChosen}
          searchable
        />
        <ErrorAlert>{error}</ErrorAlert>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void run()} loading={fill.isPending} disabled={chosen === null}>
            {t('lessons.fromProgram.fill')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <Modal opened={opened} onClose={close} title={t('lessons.fromProgram.title')} size="lg">
      {result ? (
        <Stack gap="md">
          {body}
          <Group justify="flex-end">
            <Button onClick={close}>{t('lessons.fromProgram.done')}</Button>
          </Group>
        </Stack>
      ) : (
        body
      )}
    </Modal>
  );
}

/** What the fill did: the exercises placed (and where), those that did not fit (and why). */
function Outcome({ result }: { result: LessonFromProgramResult }) {
  const { t } = useTranslation();
  const line = (item: ProgramPlacement) =>
    item.reason === null ? (
      <List.Item key={item.exercise_id}>
        <Text span fw={600}>
          {item.title}
        </Text>{' '}
        <Text span c="gray.7">
          {t('lessons.fromProgram.into', { target: item.target ?? '' })}
        </Text>
      </List.Item>
    ) : (
      <List.Item key={item.exercise_id}>
        <Text span fw={600}>
          {item.title}
        </Text>
        {': '}
        <Text span>{item.message}</Text>
      </List.Item>
    );
  return (
    <Stack gap="md" aria-live="polite">
      {result.placed.length === 0 ? (
        <Alert color="yellow">{t('lessons.fromProgram.nonePlaced')}</Alert>
      ) : (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('lessons.fromProgram.placed', { count: result.placed.length })}
          </Title>
          <List size="sm">{result.placed.map(line)}</List>
        </Stack>
      )}
      {result.not_placed.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('lessons.fromProgram.notPlaced', { count: result.not_placed.length })}
          </Title>
          <List size="sm">{result.not_placed.map(line)}</List>
        </Stack>
      )}
    </Stack>
  );
}
