import { API } from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import {
  acceptedExercise,
  categoryFolder,
  deckMedia,
  interest,
  libraryPicture,
  markMedia,
  tagOf,
  themeOf,
} from './support/content.ts';
import { expectAccessible } from './support/page-checks.ts';
import { newSchool } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

const THEME = 'Rockets';
const DECKS = ['Moon walk [S]', 'Star count [Sh]'];

test('a moderator generates a theme’s versions as a job and makes them read-only in one go', async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['moderator', 'author']);
  const moderator = await school.as('moderator');
  // Two accepted exercises whose decks mark a background and a character, ready for generation.
  const tree = await categoryFolder(school, 'Sounds', ['[S]']);
  const tag = await tagOf(school, 'articulation');
  for (const title of DECKS) {
    const exercise = await acceptedExercise(school, {
      title,
      categoryId: tree.ids['[S]']!,
      tagIds: [tag.id],
      media: deckMedia(3),
    });
    await markMedia(school, exercise.id, { 'image1.png': 'background', 'image2.png': 'character' });
  }
  const theme = await themeOf(school, { ...interest(THEME), ready: false }, [
    (await libraryPicture(request, 'background', 30)).id,
    (await libraryPicture(request, 'character', 220)).id,
  ]);

  // Not ready yet: it cannot be generated for.
  await signIn(page, school.person('moderator'), '/generated-list');
  await expect(page.getByRole('heading', { name: 'Generated versions' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: THEME });
  await expect(row.getByText('Not ready')).toBeVisible();
  await expect(row.getByRole('button', { name: `Generate “${THEME}”` })).toHaveCount(0);
  await expectAccessible(page);
  await moderator.call('post', API.themesToggleReady, { theme_id: theme.id });
  await page.reload();

  await row.getByRole('button', { name: `Generate “${THEME}”` }).click();
  await expect(page.getByText('Queued: 2 versions')).toBeVisible();
  // The job's progress shows until it is done.
  const progress = page.getByRole('region', { name: 'Progress: Generation for a theme' });
  await expect(progress.getByRole('status')).toHaveText(
    '2 versions in all · Made: 2 · Kept read-only: 0 · Failed: 0',
    {
      timeout: 30_000,
    },
  );
  await expect(progress.getByText(/^Done ·/)).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');

  await row.getByRole('link', { name: THEME }).click();
  await expect(page.getByRole('heading', { name: `Generated versions: ${THEME}` })).toBeVisible();
  for (const title of DECKS) await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('checkbox', { name: 'Select every version on this page' }).check();
  await expect(page.getByText('2 versions selected')).toBeVisible();
  await page.getByRole('button', { name: 'Make read-only' }).click();
  await expect(page.getByText('2 versions are read-only now')).toBeVisible();
  await page.getByRole('tab', { name: /^Read-only\s*2$/ }).click();
  await expect(page.getByRole('row').filter({ hasText: DECKS[0] }).getByText('Read-only')).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Editable\s*0$/ })).toBeVisible();
});
