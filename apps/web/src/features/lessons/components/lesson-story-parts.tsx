import type { Lesson, LessonStoryPart } from '@logoschool/contract';
import { ActionIcon, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmTargetModal } from '../../../components/confirm-action-modal.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useRemoveStoryPart } from '../api/lessons.ts';

/**
 * The story parts a lesson holds (issue 30 item 1), played after its presentations in this order:
 * each with its story, episode and version, and, while the lesson may change, a way to take it out.
 */
export function LessonStoryParts({ lesson, readOnly }: { lesson: Lesson; readOnly: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const remove = useRemoveStoryPart(lesson.id);
  const [removing, setRemoving] = useState<LessonStoryPart | null>(null);
  if (lesson.story_parts.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {t('lessons.storyParts.title', { count: lesson.story_parts.length })}
          </Title>
          <Text size="sm" c="gray.7">
            {t('lessons.storyParts.hint')}
          </Text>
        </div>
        {lesson.story_parts.map((part) => (
          <Group key={part.id} justify="space-between" wrap="nowrap" gap="sm">
            <div>
              <Text fw={500}>{part.title}</Text>
              <Text size="sm" c="gray.7">
                {t('lessons.storyParts.from', {
                  story: part.story_title,
                  episode: part.episode_title,
                  version: part.version,
                  count: part.slides.length,
                })}
              </Text>
            </div>
            {!readOnly && (
              <Tooltip label={t('lessons.storyParts.remove', { title: part.title })}>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  aria-label={t('lessons.storyParts.remove', { title: part.title })}
                  onClick={() => setRemoving(part)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ))}
      </Stack>
      <ConfirmTargetModal
        target={removing}
        title={() => t('lessons.storyParts.removeTitle')}
        message={(part) =>
          t('lessons.storyParts.removeQuestion', { title: part.title, story: part.story_title })
        }
        confirmLabel={t('lessons.storyParts.removeConfirm')}
        onConfirm={async (part) => {
          await remove.mutateAsync(part.id);
          notifySuccess(t('lessons.storyParts.removed', { title: part.title }));
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}
