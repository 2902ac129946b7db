import { DC_BLOCKS_MAX, DC_QUESTIONS_MAX, DC_TEXT_MAX, DC_TITLE_MAX } from '@logoschool/contract';
import { Group, Paper, Stack, TextInput, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DocumentSection } from '../../../components/versioned-document/document-frame.tsx';
import { ItemList } from '../../../components/versioned-document/item-list.tsx';
import { newBlock, newQuestion, type CardValues } from '../card-form.ts';
import { QuestionEditor } from './question-editor.tsx';

/**
 * The card's blocks of questions: each block's title and description and its questions, blocks and
 * questions added, removed (a card keeps one block, a block one question) and moved by drag, by
 * keyboard or by the arrows.
 */
export function CardBlocks({ form }: { form: UseFormReturnType<CardValues> }) {
  const { t } = useTranslation();
  const blocks = form.getValues().blocks;
  return (
    <DocumentSection
      id="card-blocks"
      title={t('diagnosticCards.blocks')}
      hint={t('diagnosticCards.blocksHint')}
    >
      <ItemList
        items={blocks}
        idOf={(block) => block.uid}
        nameOf={(b) => t('diagnosticCards.blockN', { n: b + 1 })}
        onMove={(from, to) => form.reorderListItem('blocks', { from, to })}
        onRemove={(b) => form.removeListItem('blocks', b)}
        min={1}
        add={{
          label: t('diagnosticCards.addBlock'),
          max: DC_BLOCKS_MAX,
          onAdd: () => form.insertListItem('blocks', newBlock(form.getValues())),
        }}
      >
        {(block, b, controls) => {
          const blockName = t('diagnosticCards.blockN', { n: b + 1 });
          const questions = `blocks.${b}.questions`;
          return (
            <Paper withBorder radius="md" p="md" bg="gray.0" component="section" aria-label={blockName}>
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    {controls.move}
                    <Title order={3} size="h5">
                      {blockName}
                    </Title>
                  </Group>
                  {controls.remove}
                </Group>
                <TextInput
                  label={t('diagnosticCards.blockTitle')}
                  maxLength={DC_TITLE_MAX}
                  required
                  {...form.getInputProps(`blocks.${b}.title`)}
                />
                <Textarea
                  label={t('diagnosticCards.blockDescription')}
                  autosize
                  minRows={1}
                  maxLength={DC_TEXT_MAX}
                  {...form.getInputProps(`blocks.${b}.description`)}
                />
                <ItemList
                  items={block.questions}
                  idOf={(question) => question.uid}
                  nameOf={(q) => t('diagnosticCards.questionN', { n: `${b + 1}.${q + 1}` })}
                  onMove={(from, to) => form.reorderListItem(questions, { from, to })}
                  onRemove={(q) => form.removeListItem(questions, q)}
                  min={1}
                  gap="sm"
                  add={{
                    label: t('diagnosticCards.addQuestion'),
                    max: DC_QUESTIONS_MAX,
                    onAdd: () => form.insertListItem(questions, newQuestion(form.getValues())),
                  }}
                >
                  {(question, q, questionControls) => (
                    <QuestionEditor
                      form={form}
                      path={`${questions}.${q}`}
                      question={question}
                      number={`${b + 1}.${q + 1}`}
                      controls={questionControls}
                    />
                  )}
                </ItemList>
              </Stack>
            </Paper>
          );
        }}
      </ItemList>
    </DocumentSection>
  );
}
