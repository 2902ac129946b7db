import { NavLink, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** An episode as the contents list shows it: its title and its parts. */
export interface ContentsEpisode {
  id: string;
  title: string;
  parts: { id: string; title: string }[];
}

/**
 * A story's contents (the H5P book's table of contents): episodes and their parts, each a link;
 * `current` marks the part shown. `onPick` goes to a part (or an episode, by its id).
 */
export function StoryContents({
  episodes,
  current,
  onPick,
}: {
  episodes: readonly ContentsEpisode[];
  current?: string | null;
  onPick: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} component="nav" aria-labelledby="story-contents-title">
      <Title order={2} size="h5" id="story-contents-title">
        {t('stories.contents')}
      </Title>
      {episodes.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('stories.contentsEmpty')}
        </Text>
      )}
      {episodes.map((episode, e) => (
        <NavLink
          key={episode.id}
          label={episode.title || t('stories.episodeN', { n: e + 1 })}
          component="button"
          type="button"
          opened
          childrenOffset="sm"
          onClick={() => onPick(episode.id)}
          styles={{ label: { fontWeight: 600 } }}
        >
          {episode.parts.map((part, p) => (
            <NavLink
              key={part.id}
              component="button"
              type="button"
              label={part.title || t('stories.partN', { n: p + 1 })}
              active={current === part.id}
              aria-current={current === part.id ? 'true' : undefined}
              onClick={() => onPick(part.id)}
            />
          ))}
        </NavLink>
      ))}
    </Stack>
  );
}
