import { GAME_ITEMS_MAX, GAME_LEVELS_MAX, GAME_STAGES, GAME_TITLE_MAX } from '@logoschool/contract';
import { Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DocumentSection } from '../../../components/versioned-document/document-frame.tsx';
import { ItemList } from '../../../components/versioned-document/item-list.tsx';
import { newItem, newLevel, type GameValues } from '../game-form.ts';
import { ItemEditor } from './item-editor.tsx';

/**
 * The game's levels in order, each of one stage (the sound, syllables, words, phrases, sentences;
 * never before the level above it), each a list of items: every list ordered by drag or keyboard
 * (the kit's `ItemList`), added to and removed from within the contract's bounds.
 */
export function LevelsEditor({ form }: { form: UseFormReturnType<GameValues> }) {
  const { t } = useTranslation();
  const { levels } = form.getValues();
  const levelName = (l: number) => t('games.levelN', { n: l + 1 });
  return (
    <DocumentSection id="game-levels" title={t('games.levels')} hint={t('games.levelsHint')}>
      <ItemList
        items={levels}
        idOf={(level) => level.uid}
        nameOf={levelName}
        onMove={(from, to) => form.reorderListItem('levels', { from, to })}
        onRemove={(l) => form.removeListItem('levels', l)}
        error={form.errors.levels}
        add={{
          label: t('games.addLevel'),
          max: GAME_LEVELS_MAX,
          onAdd: () => form.insertListItem('levels', newLevel(levels.at(-1)?.stage)),
        }}
      >
        {(level, l, controls) => (
          <Paper withBorder radius="md" p="md" component="section" aria-label={levelName(l)}>
            <Stack gap="sm">
              <Group align="flex-start" wrap="wrap" gap="xs">
                {controls.move}
                <TextInput
                  style={{ flex: '1 1 240px' }}
                  label={t('games.levelTitle')}
                  required
                  maxLength={GAME_TITLE_MAX}
                  {...form.getInputProps(`levels.${l}.title`)}
                />
                <Select
                  w={200}
                  label={t('games.stage')}
                  required
                  allowDeselect={false}
                  data={GAME_STAGES.map((stage) => ({ value: stage, label: t(`games.stages.${stage}`) }))}
                  {...form.getInputProps(`levels.${l}.stage`)}
                />
                {controls.remove}
              </Group>
              <ItemList
                items={level.items}
                idOf={(item) => item.uid}
                nameOf={(i) => `${levelName(l)}, ${t('games.itemN', { n: i + 1 })}`}
                onMove={(from, to) => form.reorderListItem(`levels.${l}.items`, { from, to })}
                onRemove={(i) => form.removeListItem(`levels.${l}.items`, i)}
                error={form.errors[`levels.${l}.items`]}
                gap="sm"
                add={{
                  label: t('games.addItem'),
                  max: GAME_ITEMS_MAX,
                  compact: true,
                  onAdd: () => form.insertListItem(`levels.${l}.items`, newItem()),
                }}
              >
                {(item, i, itemControls) => (
                  <ItemEditor
                    form={form}
                    path={`levels.${l}.items.${i}`}
                    uid={item.uid}
                    name={`${levelName(l)}, ${t('games.itemN', { n: i + 1 })}`}
                    controls={itemControls}
                  />
                )}
              </ItemList>
            </Stack>
          </Paper>
        )}
      </ItemList>
    </DocumentSection>
  );
}
