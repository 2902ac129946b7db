import { PER_PAGE_DEFAULT, type StoryListItem } from '@logoschool/contract';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListView } from '../../components/list/list-view.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { useStories } from './api/stories.ts';
import { StoryImage } from './components/story-image.tsx';

/** One published story as a card: its first slide, title, age, sounds and size, opening the reader. */
function StoryCard({ story }: { story: StoryListItem }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="sm" component={Link} to={`/preview-history/${story.id}`}>
      <Card.Section>
        <StoryImage
          fileId={story.cover_file_id}
          alt={t('stories.preview.cover', { title: story.title })}
          height={150}
        />
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Title order={2} size="h5">
          {story.title}
        </Title>
        <Text size="sm" c="gray.7">
          {t('stories.ageRange', { from: story.age_from, to: story.age_to })} ·{' '}
          {t(`stories.languages.${story.language}`)}
        </Text>
        <Text size="sm" c="gray.7">
          {t('stories.preview.episodesCount', { count: story.episodes })} ·{' '}
          {t('stories.preview.slidesCount', { count: story.slides })}
        </Text>
        {story.sounds.length > 0 && (
          <Group gap={4}>
            {story.sounds.map((sound) => (
              <Badge key={sound} size="sm" variant="outline" color="gray.8">
                {sound}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** /histories-preview (issue 30 item 1): the school's published stories for a teacher to read. */
export function PreviewStoriesPage() {
  const { t } = useTranslation();
  const list = useListControls();
  const query = useStories({
    status: 'published',
    term: list.search,
    page: list.page,
    per_page: PER_PAGE_DEFAULT,
  });
  return (
    <Stack gap="md">
      <PageHeader title={t('stories.preview.title')} description={t('stories.preview.intro')} />
      <SearchInput label={t('stories.search')} value={list.term} onChange={list.setTerm} />
      <ListView
        query={query}
        failed={t('stories.loadFailed')}
        empty={list.search ? t('stories.noMatches') : t('stories.preview.empty')}
        paging={list}
      >
        {(rows) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {rows.map((story) => (
              <StoryCard key={story.id} story={story} />
            ))}
          </SimpleGrid>
        )}
      </ListView>
    </Stack>
  );
}

export default PreviewStoriesPage;
