import type { LessonStoryPart } from '@logoschool/contract';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApiFileUrl } from '../../../api/file-url.ts';

/** Beside a story part's slide: the story and episode it comes from, the teacher's note, its sound. */
export function StorySide({ part, slide }: { part: LessonStoryPart; slide: number }) {
  const { t } = useTranslation();
  const shown = part.slides[slide] ?? null;
  const sound = useApiFileUrl(shown?.audio_url ?? null);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Text size="xs" fw={700} c="gray.7" tt="uppercase">
          {t('player.story.from', { title: part.story_title, label: part.episode_title })}
        </Text>
        <Title order={2} size="h3">
          {part.title}
        </Title>
        <Title order={3} size="h5">
          {t('player.story.note')}
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{shown?.note || t('player.story.noNote')}</Text>
        {sound.data && (
          <audio controls src={sound.data} aria-label={t('player.story.sound')} style={{ width: '100%' }} />
        )}
      </Stack>
    </Paper>
  );
}
