import {
  ANSWER_TYPES,
  DC_LABEL_MAX,
  DC_SCALE_LIMIT,
  DC_TABLE_COLUMNS_MAX,
  DC_TABLE_ROWS_MAX,
  DC_TEXT_MAX,
  DC_VARIANTS_MAX,
  VARIANT_TYPES,
} from '@logoschool/contract';
import {
  Box,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { ItemControls } from '../../../components/versioned-document/item-list.tsx';
import type { CardValues, QuestionValues, ScaleValues } from '../card-form.ts';
import { ItemsEditor } from './items-editor.tsx';

/** The divisions of a scale as typed, when they make one (at most 100, as the schema says). */
function divisionsOf(scale: ScaleValues): number[] | null {
  const from = Number(scale.from);
  const to = Number(scale.to);
  if (scale.from === '' || scale.to === '' || !Number.isInteger(from) || !Number.isInteger(to)) return null;
  if (to <= from || to - from > 100) return null;
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** What the diagnostician will see of a scale: its divisions, the start, centre and end marks labelled. */
export function ScalePreview({ scale }: { scale: ScaleValues }) {
  const { t } = useTranslation();
  const divisions = divisionsOf(scale);
  if (!divisions) return null;
  const centre = divisions[Math.floor((divisions.length - 1) / 2)];
  const labelOf = (value: number) =>
    value === divisions[0]
      ? scale.start_label
      : value === divisions.at(-1)
        ? scale.end_label
        : value === centre
          ? scale.centre_label
          : '';
  return (
    <Box
      aria-label={t('diagnosticCards.scalePreview')}
      role="img"
      p="xs"
      bg="gray.0"
      style={{ borderRadius: 8 }}
    >
      <Text size="xs" c="gray.7" mb={4}>
        {t('diagnosticCards.scalePreview')}
      </Text>
      <Group gap={0} wrap="nowrap" justify="space-between" align="flex-start">
        {divisions.map((value) => (
          <Stack key={value} gap={2} align="center" style={{ flex: 1, minWidth: 0 }}>
            <Box w={2} h={labelOf(value) ? 14 : 8} bg="gray.6" />
            <Text size="xs" c="gray.8">
              {value}
            </Text>
            {labelOf(value) && (
              <Text size="xs" c="gray.8" ta="center" lineClamp={2}>
                {labelOf(value)}
              </Text>
            )}
          </Stack>
        ))}
      </Group>
    </Box>
  );
}

/**
 * One question of a block: its text, hint, code (the name formulas use), required switch and answer
 * type, and what the type needs (variants, a scale with its preview, a table's rows and columns).
 */
export function QuestionEditor({
  form,
  path,
  question,
  number,
  controls,
}: {
  form: UseFormReturnType<CardValues>;
  path: string;
  question: QuestionValues;
  number: string;
  /** Its move and remove controls, from the block's list of questions. */
  controls: ItemControls;
}) {
  const { t } = useTranslation();
  const name = t('diagnosticCards.questionN', { n: number });
  const types = ANSWER_TYPES.map((type) => ({ value: type, label: t(`diagnosticCards.types.${type}`) }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {controls.move}
            <Text fw={600} size="sm">
              {name}
            </Text>
          </Group>
          {controls.remove}
        </Group>
        <Textarea
          label={t('diagnosticCards.questionText')}
          autosize
          minRows={1}
          maxLength={DC_TEXT_MAX}
          required
          {...form.getInputProps(`${path}.text`)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t('diagnosticCards.answerType')}
            placeholder={t('diagnosticCards.chooseType')}
            data={types}
            allowDeselect={false}
            required
            {...form.getInputProps(`${path}.type`)}
          />
          <TextInput
            label={t('diagnosticCards.code')}
            description={t('diagnosticCards.codeHint')}
            maxLength={40}
            required
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps(`${path}.code`)}
          />
          <Switch
            mt={{ sm: 'xl' }}
            label={t('diagnosticCards.required')}
            {...form.getInputProps(`${path}.required`, { type: 'checkbox' })}
          />
        </SimpleGrid>
        <TextInput
          label={t('diagnosticCards.hint')}
          maxLength={DC_TEXT_MAX}
          {...form.getInputProps(`${path}.hint`)}
        />
        {question.type !== null && VARIANT_TYPES.includes(question.type) && (
          <ItemsEditor
            form={form}
            path={`${path}.variants`}
            items={question.variants}
            kind="variant"
            min={0}
            max={DC_VARIANTS_MAX}
          />
        )}
        {question.type === 'scale' && (
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 2, lg: 5 }} spacing="sm">
              <NumberInput
                label={t('diagnosticCards.scaleFrom')}
                allowDecimal={false}
                min={-DC_SCALE_LIMIT}
                max={DC_SCALE_LIMIT}
                {...form.getInputProps(`${path}.scale.from`)}
              />
              <NumberInput
                label={t('diagnosticCards.scaleTo')}
                allowDecimal={false}
                min={-DC_SCALE_LIMIT}
                max={DC_SCALE_LIMIT}
                {...form.getInputProps(`${path}.scale.to`)}
              />
              <TextInput
                label={t('diagnosticCards.startLabel')}
                maxLength={DC_LABEL_MAX}
                required
                {...form.getInputProps(`${path}.scale.start_label`)}
              />
              <TextInput
                label={t('diagnosticCards.centreLabel')}
                maxLength={DC_LABEL_MAX}
                {...form.getInputProps(`${path}.scale.centre_label`)}
              />
              <TextInput
                label={t('diagnosticCards.endLabel')}
                maxLength={DC_LABEL_MAX}
                required
                {...form.getInputProps(`${path}.scale.end_label`)}
              />
            </SimpleGrid>
            <ScalePreview scale={question.scale} />
          </Stack>
        )}
        {question.type === 'table' && (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <ItemsEditor
                form={form}
                path={`${path}.rows`}
                items={question.rows}
                kind="row"
                min={0}
                max={DC_TABLE_ROWS_MAX}
              />
              <ItemsEditor
                form={form}
                path={`${path}.columns`}
                items={question.columns}
                kind="column"
                min={0}
                max={DC_TABLE_COLUMNS_MAX}
              />
            </SimpleGrid>
            <Switch
              label={t('diagnosticCards.multiplePerRow')}
              {...form.getInputProps(`${path}.multiple`, { type: 'checkbox' })}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
