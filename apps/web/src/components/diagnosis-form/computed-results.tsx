import {
  computedOutcomes,
  formulaErrorKey,
  type Answers,
  type DiagnosticCardContent,
} from '@logoschool/contract';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface ProgramName {
  id: number;
  name: string;
}

export interface ComputedResultsProps {
  content: DiagnosticCardContent;
  answers: Answers;
  /** The names of the programs the bands point at; without one the program is not named. */
  programs?: readonly ProgramName[];
  /** Only the blocks parents may see (the parents' copy). */
  parentsOnly?: boolean;
}

/**
 * The computed blocks of a card from the answers so far (issue 16 item 2), evaluated with the
 * contract's formula language as the server does: each block's value and band, the violation or
 * qualification the band names and the program it recommends, or which answers it still needs.
 */
export function ComputedResults({ content, answers, programs, parentsOnly = false }: ComputedResultsProps) {
  const { t } = useTranslation();
  const results = useMemo(() => computedOutcomes(content, answers), [content, answers]);
  const questionText = useMemo(() => {
    const names = new Map<string, string>();
    for (const block of content.blocks)
      for (const question of block.questions) names.set(question.code, question.text);
    for (const block of content.computed) names.set(block.code, block.title);
    return names;
  }, [content]);
  const shown = results.filter((result) => !parentsOnly || result.block.parents_visible);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dq-results-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="dq-results-title">
          {t('diagnosisForm.results.title')}
        </Title>
        {shown.length === 0 && (
          <Text size="sm" c="gray.7">
            {t('diagnosisForm.results.none')}
          </Text>
        )}
        {shown.map(({ block, outcome, band }) => {
          const program =
            band?.program_id != null ? programs?.find((item) => item.id === band.program_id) : undefined;
          return (
            <div key={block.key} data-computed-block={block.code}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <div>
                  <Text fw={700}>{block.title}</Text>
                  {block.description.trim() && (
                    <Text size="sm" c="gray.7">
                      {block.description}
                    </Text>
                  )}
                </div>
                {outcome.kind === 'value' && (
                  <Text
                    fw={700}
                    size="xl"
                    aria-label={`${t('diagnosisForm.results.value')}: ${outcome.value}`}
                  >
                    {outcome.value}
                  </Text>
                )}
              </Group>
              {outcome.kind === 'incomplete' && (
                <Text size="sm" c="gray.7">
                  {t('diagnosisForm.results.needs', {
                    names: outcome.missing.map((name) => questionText.get(name) ?? name).join('; '),
                  })}
                </Text>
              )}
              {outcome.kind === 'error' && (
                <Text size="sm" c="red.8">
                  {t('diagnosisForm.results.error', {
                    message: t(formulaErrorKey(outcome.error), { ...outcome.error.params }),
                  })}
                </Text>
              )}
              {outcome.kind === 'value' && band === null && block.bands.length > 0 && (
                <Text size="sm" c="gray.7">
                  {t('diagnosisForm.results.outOfBands')}
                </Text>
              )}
              {band && (
                <Group gap="xs" mt={4}>
                  <Badge color={band.kind === 'violation' ? 'red.9' : 'teal.9'} autoContrast>
                    {t(`diagnosisForm.results.${band.kind}`)}
                  </Badge>
                  <Text size="sm" fw={500}>
                    {band.label}
                  </Text>
                </Group>
              )}
              {program && (
                <Text size="sm" mt={4}>
                  {t('diagnosisForm.results.program', { name: program.name })}
                </Text>
              )}
            </div>
          );
        })}
      </Stack>
    </Paper>
  );
}
