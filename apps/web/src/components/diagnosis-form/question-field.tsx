import type { Answer, Question } from '@logoschool/contract';
import {
  Box,
  Button,
  Checkbox,
  Group,
  Radio,
  Slider,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
  Textarea,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './diagnosis-form.module.css';

/** Scales with at most this many divisions are a row of choices; longer ones a slider. */
const SEGMENTED_SCALE_MAX = 12;

export interface QuestionFieldProps {
  id: string;
  question: Question;
  answer: Answer | undefined;
  readOnly: boolean;
  /** A required question left unanswered on save (spec §5). */
  missing: boolean;
  /** The new answer, or null when it no longer says anything. */
  onChange: (answer: Answer | null) => void;
}

/** A labelled group of inputs (a scale, a table): a fieldset with the question as its legend. */
function QuestionFieldset({
  id,
  question,
  error,
  children,
}: {
  id: string;
  question: Question;
  error: string | null;
  children: ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <fieldset
      id={id}
      className={classes.fieldset}
      aria-invalid={error ? true : undefined}
      aria-describedby={
        [question.hint.trim() ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
      }
    >
      <legend className={classes.legend}>
        {question.text}
        {question.required && (
          <span className={classes.asterisk} aria-hidden>
            {' *'}
          </span>
        )}
      </legend>
      {question.hint.trim() && (
        <Text size="sm" c="gray.7" id={hintId} mb="xs">
          {question.hint}
        </Text>
      )}
      {children}
      {error && (
        <Text size="sm" c="red.8" id={errorId} mt={4}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}

/** The "clear the answer" button of an answer that cannot be taken back otherwise (a radio, a scale). */
function ClearAnswer({ onClear, label }: { onClear: () => void; label: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="default"
      size="compact-xs"
      onClick={onClear}
      aria-label={`${t('diagnosisForm.clear')}: ${label}`}
    >
      {t('diagnosisForm.clear')}
    </Button>
  );
}

/** A scale: a row of its divisions (short scales) or a slider, with its start, centre and end labels. */
function ScaleInput({ id, question, answer, readOnly, onChange }: Omit<QuestionFieldProps, 'missing'>) {
  const { t } = useTranslation();
  const scale = question.scale;
  if (scale === null) return null;
  const value = answer !== undefined && 'value' in answer ? answer.value : null;
  const divisions = scale.to - scale.from;
  const centre = scale.from + Math.round(divisions / 2);
  const labels = (
    <Group justify="space-between" wrap="nowrap" gap="xs" mt={4} aria-hidden>
      <Text size="xs" c="gray.7">
        {scale.from}: {scale.start_label}
      </Text>
      {scale.centre_label.trim() && (
        <Text size="xs" c="gray.7" ta="center">
          {centre}: {scale.centre_label}
        </Text>
      )}
      <Text size="xs" c="gray.7" ta="right">
        {scale.to}: {scale.end_label}
      </Text>
    </Group>
  );
  const describe = (division: number) => {
    if (division === scale.from) return `${division} — ${scale.start_label}`;
    if (division === scale.to) return `${division} — ${scale.end_label}`;
    if (division === centre && scale.centre_label.trim()) return `${division} — ${scale.centre_label}`;
    return String(division);
  };
  const status = (
    <Group gap="xs" mt="xs">
      <Text size="sm" aria-live="polite">
        {value === null
          ? t('diagnosisForm.scaleNotAnswered')
          : t('diagnosisForm.scaleValue', { value: describe(value) })}
      </Text>
      {value !== null && !readOnly && <ClearAnswer label={question.text} onClear={() => onChange(null)} />}
    </Group>
  );
  if (divisions <= SEGMENTED_SCALE_MAX) {
    const divisionsList = Array.from({ length: divisions + 1 }, (_, i) => scale.from + i);
    return (
      <>
        <Radio.Group
          name={`${id}-scale`}
          value={value === null ? '' : String(value)}
          onChange={(next) => onChange({ value: Number(next) })}
          aria-label={question.text}
        >
          <div className={classes.scaleRow}>
            {divisionsList.map((division) => (
              <label
                key={division}
                className={classes.scaleCell}
                data-checked={division === value || undefined}
              >
                <Radio
                  value={String(division)}
                  disabled={readOnly}
                  aria-label={describe(division)}
                  classNames={{ root: classes.scaleRadio }}
                />
                <span aria-hidden>{division}</span>
              </label>
            ))}
          </div>
        </Radio.Group>
        {labels}
        {status}
      </>
    );
  }
  return (
    <>
      <Box px="xs" pt="xs">
        <Slider
          min={scale.from}
          max={scale.to}
          step={1}
          value={value ?? centre}
          disabled={readOnly}
          onChange={(next) => onChange({ value: next })}
          thumbLabel={question.text}
          label={(division) => describe(division)}
          marks={[{ value: scale.from }, { value: centre }, { value: scale.to }]}
          styles={value === null ? { thumb: { opacity: 0.45 } } : undefined}
        />
      </Box>
      {labels}
      {status}
    </>
  );
}

/** A table of variants: a row of radios (one per row) or checkboxes (several) under the columns. */
function TableInput({ id, question, answer, readOnly, onChange }: Omit<QuestionFieldProps, 'missing'>) {
  const { t } = useTranslation();
  const cells = answer !== undefined && 'cells' in answer ? answer.cells : {};
  const setRow = (rowKey: string, picked: string[]) => {
    const rest = Object.fromEntries(Object.entries(cells).filter(([key]) => key !== rowKey));
    const next = picked.length === 0 ? rest : { ...rest, [rowKey]: picked };
    onChange(Object.keys(next).length === 0 ? null : { cells: next });
  };
  return (
    <>
      <Table.ScrollContainer minWidth={Math.max(320, 140 + question.columns.length * 96)}>
        <Table withTableBorder withColumnBorders verticalSpacing="xs" className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <VisuallyHidden>{t('diagnosisForm.tableRow')}</VisuallyHidden>
              </Table.Th>
              {question.columns.map((column) => (
                <Table.Th key={column.key} scope="col" ta="center">
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {question.rows.map((row) => {
              const picked = cells[row.key] ?? [];
              return (
                <Table.Tr key={row.key}>
                  <Table.Th scope="row" fw={500}>
                    {row.label}
                  </Table.Th>
                  {question.columns.map((column) => {
                    const checked = picked.includes(column.key);
                    const label = `${row.label}: ${column.label}`;
                    return (
                      <Table.Td key={column.key} ta="center">
                        <Group justify="center">
                          {question.multiple ? (
                            <Checkbox
                              aria-label={label}
                              checked={checked}
                              disabled={readOnly}
                              onChange={(event) =>
                                setRow(
                                  row.key,
                                  event.currentTarget.checked
                                    ? [...picked, column.key]
                                    : picked.filter((key) => key !== column.key),
                                )
                              }
                            />
                          ) : (
                            <Radio
                              aria-label={label}
                              name={`${id}-${row.key}`}
                              checked={checked}
                              disabled={readOnly}
                              onChange={() => setRow(row.key, [column.key])}
                            />
                          )}
                        </Group>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!readOnly && Object.keys(cells).length > 0 && !question.multiple && (
        <Group mt={4}>
          <ClearAnswer label={question.text} onClear={() => onChange(null)} />
        </Group>
      )}
    </>
  );
}

/** One question, by its answer type (spec §3: six types). */
export function QuestionField({ id, question, answer, readOnly, missing, onChange }: QuestionFieldProps) {
  const { t } = useTranslation();
  const error = missing ? t('diagnosisForm.requiredMissing') : null;
  const common = {
    id,
    label: question.text,
    description: question.hint.trim() || undefined,
    withAsterisk: question.required,
    error,
  };
  switch (question.type) {
    case 'short_text':
    case 'long_text': {
      const text = answer !== undefined && 'text' in answer ? answer.text : '';
      const change = (next: string) => onChange(next === '' ? null : { text: next });
      return question.type === 'short_text' ? (
        <TextInput
          {...common}
          value={text}
          readOnly={readOnly}
          aria-required={question.required || undefined}
          maxLength={4000}
          onChange={(event) => change(event.currentTarget.value)}
        />
      ) : (
        <Textarea
          {...common}
          value={text}
          readOnly={readOnly}
          aria-required={question.required || undefined}
          autosize
          minRows={3}
          maxLength={4000}
          onChange={(event) => change(event.currentTarget.value)}
        />
      );
    }
    case 'one_variant': {
      const value = answer !== undefined && 'variant' in answer ? answer.variant : null;
      return (
        <Stack gap={4}>
          <Radio.Group {...common} value={value} onChange={(next) => onChange({ variant: next })}>
            <Stack gap="xs" mt="xs">
              {question.variants.map((variant) => (
                <Radio key={variant.key} value={variant.key} label={variant.label} disabled={readOnly} />
              ))}
            </Stack>
          </Radio.Group>
          {value !== null && !readOnly && (
            <Group>
              <ClearAnswer label={question.text} onClear={() => onChange(null)} />
            </Group>
          )}
        </Stack>
      );
    }
    case 'many_variants': {
      const value = answer !== undefined && 'variants' in answer ? answer.variants : [];
      return (
        <Checkbox.Group
          {...common}
          value={value}
          onChange={(next) => onChange(next.length === 0 ? null : { variants: next })}
        >
          <Stack gap="xs" mt="xs">
            {question.variants.map((variant) => (
              <Checkbox key={variant.key} value={variant.key} label={variant.label} disabled={readOnly} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
    case 'scale':
      return (
        <QuestionFieldset id={id} question={question} error={error}>
          <ScaleInput id={id} question={question} answer={answer} readOnly={readOnly} onChange={onChange} />
        </QuestionFieldset>
      );
    case 'table':
      return (
        <QuestionFieldset id={id} question={question} error={error}>
          <TableInput id={id} question={question} answer={answer} readOnly={readOnly} onChange={onChange} />
        </QuestionFieldset>
      );
  }
}
