/** Stories (issue 30 item 1): moderators' and authors' stories of episodes, parts and slides; teachers read them. */
import type { AppModule } from '../module.ts';
import { storiesRoutes } from './stories.routes.ts';

export const storiesModule: AppModule = { name: 'stories', routes: [storiesRoutes] };

export { lessonStoryParts, stories } from './stories.schema.ts';
export { STORY_FILES, storyFileFromAsset, storyFileRow } from './story-files.service.ts';
export { createStory, latestPublished, stepStory, storyContents } from './stories.service.ts';
