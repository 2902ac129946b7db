import { STORY_EPISODES_MAX, STORY_PARTS_MAX, STORY_SLIDES_MAX, STORY_TITLE_MAX } from '@logoschool/contract';
import { Group, Paper, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DocumentSection } from '../../../components/versioned-document/document-frame.tsx';
import { ItemList } from '../../../components/versioned-document/item-list.tsx';
import { newEpisode, newPart, newSlide, type StoryValues } from '../story-form.ts';
import { SlideEditor } from './slide-editor.tsx';

/** The id of an item's place on the page, for the contents list's links. */
export const anchorOf = (uid: string) => `story-item-${uid}`;

/**
 * The story's episodes, each with its parts, each with its slides: every list ordered by drag or
 * keyboard (the kit's `ItemList`), added to and removed from within the contract's bounds.
 */
export function EpisodesEditor({ form }: { form: UseFormReturnType<StoryValues> }) {
  const { t } = useTranslation();
  const { episodes } = form.getValues();
  return (
    <DocumentSection id="story-episodes" title={t('stories.episodes')} hint={t('stories.episodesHint')}>
      <ItemList
        items={episodes}
        idOf={(episode) => episode.uid}
        nameOf={(e) => t('stories.episodeN', { n: e + 1 })}
        onMove={(from, to) => form.reorderListItem('episodes', { from, to })}
        onRemove={(e) => form.removeListItem('episodes', e)}
        error={form.errors.episodes}
        add={{
          label: t('stories.addEpisode'),
          max: STORY_EPISODES_MAX,
          onAdd: () => form.insertListItem('episodes', newEpisode()),
        }}
      >
        {(episode, e, controls) => (
          <Paper
            withBorder
            radius="md"
            p="md"
            id={anchorOf(episode.uid)}
            component="section"
            aria-label={t('stories.episodeN', { n: e + 1 })}
          >
            <Stack gap="sm">
              <Group align="flex-end" wrap="nowrap" gap="xs">
                {controls.move}
                <TextInput
                  style={{ flex: 1 }}
                  label={t('stories.episodeTitle')}
                  required
                  maxLength={STORY_TITLE_MAX}
                  {...form.getInputProps(`episodes.${e}.title`)}
                />
                {controls.remove}
              </Group>
              <ItemList
                items={episode.parts}
                idOf={(part) => part.uid}
                nameOf={(p) => `${t('stories.episodeN', { n: e + 1 })}, ${t('stories.partN', { n: p + 1 })}`}
                onMove={(from, to) => form.reorderListItem(`episodes.${e}.parts`, { from, to })}
                onRemove={(p) => form.removeListItem(`episodes.${e}.parts`, p)}
                error={form.errors[`episodes.${e}.parts`]}
                gap="sm"
                add={{
                  label: t('stories.addPart'),
                  max: STORY_PARTS_MAX,
                  compact: true,
                  onAdd: () => form.insertListItem(`episodes.${e}.parts`, newPart()),
                }}
              >
                {(part, p, partControls) => (
                  <Paper
                    withBorder
                    radius="sm"
                    p="sm"
                    bg="gray.0"
                    id={anchorOf(part.uid)}
                    component="section"
                    aria-label={`${t('stories.episodeN', { n: e + 1 })}, ${t('stories.partN', { n: p + 1 })}`}
                  >
                    <Stack gap="sm">
                      <Group align="flex-end" wrap="nowrap" gap="xs">
                        {partControls.move}
                        <TextInput
                          style={{ flex: 1 }}
                          label={t('stories.partTitle')}
                          required
                          maxLength={STORY_TITLE_MAX}
                          {...form.getInputProps(`episodes.${e}.parts.${p}.title`)}
                        />
                        {partControls.remove}
                      </Group>
                      <ItemList
                        items={part.slides}
                        idOf={(slide) => slide.uid}
                        nameOf={(s) =>
                          `${t('stories.episodeN', { n: e + 1 })}, ${t('stories.partN', { n: p + 1 })}, ${t('stories.slideN', { n: s + 1 })}`
                        }
                        onMove={(from, to) =>
                          form.reorderListItem(`episodes.${e}.parts.${p}.slides`, { from, to })
                        }
                        onRemove={(s) => form.removeListItem(`episodes.${e}.parts.${p}.slides`, s)}
                        error={form.errors[`episodes.${e}.parts.${p}.slides`]}
                        gap="xs"
                        add={{
                          label: t('stories.addSlide'),
                          max: STORY_SLIDES_MAX,
                          compact: true,
                          onAdd: () => form.insertListItem(`episodes.${e}.parts.${p}.slides`, newSlide()),
                        }}
                      >
                        {(slide, s, slideControls) => (
                          <SlideEditor
                            key={slide.uid}
                            form={form}
                            path={`episodes.${e}.parts.${p}.slides.${s}`}
                            name={t('stories.slideN', { n: s + 1 })}
                            controls={slideControls}
                          />
                        )}
                      </ItemList>
                    </Stack>
                  </Paper>
                )}
              </ItemList>
            </Stack>
          </Paper>
        )}
      </ItemList>
    </DocumentSection>
  );
}
