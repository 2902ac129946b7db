import {
  EXAMINATION_STATUSES,
  EXAMINATION_TIMES,
  type Answer,
  type Answers,
  type Block,
  type BlockMark,
  type BlockMarks,
  type DiagnosticCardContent,
  type ExaminationTime,
} from '@logoschool/contract';
import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QuestionField } from './question-field.tsx';

export interface DiagnosisFormProps {
  /** The card version the diagnosis is made from (or the card being previewed). */
  content: DiagnosticCardContent;
  answers: Answers;
  onAnswersChange?: (answers: Answers) => void;
  /** Shown, not changed: a sent diagnosis, the parents' copy. */
  readOnly?: boolean;
  /** Required questions left unanswered, by key: each says so at its field (spec §5). */
  missing?: ReadonlySet<string>;
  /** Each block's examination flag and status (spec §4); without them the controls are not shown. */
  blockMarks?: BlockMarks;
  onBlockMarksChange?: (marks: BlockMarks) => void;
}

/** The id of a question's field, for scrolling to it (the first unanswered required one). */
export function questionFieldId(questionKey: string): string {
  return `dq-${questionKey}`;
}

/** `answers` with one question's answer set, or dropped when it says nothing. */
function withAnswer(answers: Answers, key: string, answer: Answer | null): Answers {
  const rest = Object.fromEntries(Object.entries(answers).filter(([own]) => own !== key));
  return answer === null ? rest : { ...rest, [key]: answer };
}

interface BlockMarksControlProps {
  block: Block;
  mark: BlockMark | undefined;
  readOnly: boolean;
  onChange: (mark: BlockMark | null) => void;
}

/** A block's examination flag (none / at the start / during the work) and, once flagged, its status. */
function BlockMarksControl({ block, mark, readOnly, onChange }: BlockMarksControlProps) {
  const { t } = useTranslation();
  const flagId = `dq-mark-${block.key}`;
  return (
    <Group gap="lg" align="flex-end" wrap="wrap">
      <div>
        <Text size="sm" fw={500} id={`${flagId}-examination`} mb={4}>
          {t('diagnosisForm.examination')}
        </Text>
        <SegmentedControl
          aria-labelledby={`${flagId}-examination`}
          size="xs"
          disabled={readOnly}
          value={mark?.examination ?? 'none'}
          onChange={(value) =>
            onChange(
              value === 'none'
                ? null
                : { examination: value as ExaminationTime, status: mark?.status ?? 'ready' },
            )
          }
          data={[
            { value: 'none', label: t('diagnosisForm.examinationNone') },
            ...EXAMINATION_TIMES.map((time) => ({
              value: time,
              label: t(`diagnosisForm.examinationTime.${time}`),
            })),
          ]}
        />
      </div>
      {mark && (
        <div>
          <Text size="sm" fw={500} id={`${flagId}-status`} mb={4}>
            {t('diagnosisForm.examinationStatusLabel')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${flagId}-status`}
            size="xs"
            disabled={readOnly}
            value={mark.status}
            onChange={(value) => onChange({ ...mark, status: value as BlockMark['status'] })}
            data={EXAMINATION_STATUSES.map((status) => ({
              value: status,
              label: t(`diagnosisForm.examinationStatus.${status}`),
            }))}
          />
        </div>
      )}
    </Group>
  );
}

/**
 * A diagnostic card as it is filled (issue 16 items 3, 4): its blocks in order, each question by
 * its answer type, required ones marked and, when `missing` names them, saying they need an answer.
 * The same renderer serves the card's preview, the filling screen and read-only copies.
 */
export function DiagnosisForm({
  content,
  answers,
  onAnswersChange,
  readOnly = false,
  missing,
  blockMarks,
  onBlockMarksChange,
}: DiagnosisFormProps) {
  const { t } = useTranslation();
  const locked = readOnly || onAnswersChange === undefined;
  return (
    <Stack gap="lg">
      {content.blocks.map((block, index) => {
        const headingId = `dq-block-${block.key}`;
        return (
          <Paper
            key={block.key}
            withBorder
            radius="md"
            p="lg"
            component="section"
            aria-labelledby={headingId}
          >
            <Stack gap="md">
              <div>
                <Text size="xs" c="gray.7">
                  {t('diagnosisForm.blockOf', { index: index + 1, total: content.blocks.length })}
                </Text>
                <Title order={3} size="h4" id={headingId}>
                  {block.title}
                </Title>
                {block.description.trim() && (
                  <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-line' }}>
                    {block.description}
                  </Text>
                )}
              </div>
              {blockMarks !== undefined && (
                <BlockMarksControl
                  block={block}
                  mark={blockMarks[block.key]}
                  readOnly={readOnly || onBlockMarksChange === undefined}
                  onChange={(mark) => {
                    const rest = Object.fromEntries(
                      Object.entries(blockMarks).filter(([key]) => key !== block.key),
                    );
                    onBlockMarksChange?.(mark === null ? rest : { ...rest, [block.key]: mark });
                  }}
                />
              )}
              {block.questions.map((question) => (
                <QuestionField
                  key={question.key}
                  id={questionFieldId(question.key)}
                  question={question}
                  answer={answers[question.key]}
                  readOnly={locked}
                  missing={missing?.has(question.key) ?? false}
                  onChange={(answer) => onAnswersChange?.(withAnswer(answers, question.key, answer))}
                />
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
