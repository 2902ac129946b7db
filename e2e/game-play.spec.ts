import {
  API,
  type Game,
  type GameFile,
  type GameInput,
  type GameTheme,
  type GameThemeInput,
} from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import { libraryPicture, solidPng } from './support/content.ts';
import { soundsTree, studentOf } from './support/lessons.ts';
import { expectAccessible } from './support/page-checks.ts';
import { newSchool, unique, type School } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

/**
 * A published Ukrainian game of the sound [R] as the school's moderator builds it through the API:
 * a theme (a background, a prop, two characters from the library), level 1 with a say item and two
 * find items (each its own picture), level 2 with one say item.
 */
async function publishedGame(school: School, request: Parameters<typeof libraryPicture>[0]) {
  const moderator = await school.as('moderator');
  const tree = await soundsTree(school, 'Sounds', { 'Sonorant sounds': ['[R]'] });
  const [background, prop, fox, owl] = await Promise.all([
    libraryPicture(request, 'game_background', 200),
    libraryPicture(request, 'game_prop', 60),
    libraryPicture(request, 'character', 120),
    libraryPicture(request, 'character', 30),
  ]);
  const theme = await moderator.call<GameTheme>('post', API.gameThemes, {
    title: unique('Space'),
    background_asset_id: background.id,
    prop_asset_ids: [prop.id],
    character_asset_ids: [fox.id, owl.id],
  } satisfies GameThemeInput);
  const picture = (red: number) =>
    moderator.upload<GameFile>(`${API.games}/files`, {
      name: `picture-${red}.png`,
      mimeType: 'image/png',
      buffer: solidPng(red, 120, 40),
    });
  const [crab, fish, rose, river] = await Promise.all([picture(10), picture(90), picture(170), picture(250)]);
  const title = unique('Rocket sounds');
  const game = await moderator.call<Game>('post', API.games, {
    title,
    language: 'uk',
    category_id: tree.id('[R]'),
    theme_id: theme.id,
    levels: [
      {
        title: 'Перші слова',
        stage: 'words',
        items: [
          { word: 'рак', mode: 'say', picture_file_id: crab.id },
          { word: 'риба', mode: 'find', picture_file_id: fish.id },
          { word: 'роза', mode: 'find', picture_file_id: rose.id },
        ],
      },
      {
        title: 'Фрази',
        stage: 'phrases',
        items: [{ word: 'річка тече', mode: 'say', picture_file_id: river.id }],
      },
    ],
  } satisfies GameInput);
  await moderator.call<Game>('post', `${API.games}/${game.id}/publish`);
  return { title, characters: [fox.name, owl.name] };
}

test('a teacher gives a game and its link; on a phone the child picks a character and plays level 1 in both ways for its stars; the teacher sees the play; a withdrawn link says the game is not found', async ({
  page,
  request,
  browser,
}) => {
  // Two browsers (the teacher's, the child's phone) and six axe runs.
  test.slow();
  const school = await newSchool(request, ['moderator', 'teacher']);
  const game = await publishedGame(school, request);
  const student = await studentOf(school, {
    client_name: 'Olena Bondar',
    child_name: 'Marko Bondar',
    language: 'uk',
  });

  // The teacher gives the game on the student's page (the child's language preset) and copies its link.
  await signIn(page, school.person('teacher'), `/edit-client/${student.id}`);
  const games = page.getByRole('region', { name: 'Games', exact: true });
  await expect(games.getByText('No games yet.')).toBeVisible();
  await games.getByRole('button', { name: 'Give a game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give a game' });
  await expect(dialog.getByRole('combobox', { name: 'Language' })).toHaveValue('Ukrainian');
  await expect(dialog.getByText(game.title)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: `Give “${game.title}”` }).click();
  await expect(dialog).toBeHidden();
  const given = games.getByRole('article', { name: game.title });
  await expect(given.getByText('Levels done: 0 of 2')).toBeVisible();
  const link = given.getByRole('textbox', { name: 'Link to the game' });
  await expect(link).toHaveValue(/\/game\/[\w-]{43}$/);
  const url = new URL(await link.inputValue());
  await expectAccessible(page);

  // The child, on a 390 px phone in Ukrainian: a character, then level 1.
  const phone = await browser.newContext({ locale: 'uk-UA', viewport: { width: 390, height: 844 } });
  const child = await phone.newPage();
  await child.goto(url.pathname);
  await expect(child.getByRole('heading', { level: 1, name: game.title })).toBeVisible();
  await expect(child.getByRole('heading', { name: 'Хто гратиме з тобою?' })).toBeVisible();
  await expectAccessible(child);
  await child.getByRole('button', { name: game.characters[0] }).click();
  await expect(child.getByRole('heading', { name: 'Обери рівень' })).toBeVisible();
  await expect(child.getByRole('button', { name: /^Рівень 2/ })).toBeDisabled();
  await expectAccessible(child);
  await child.getByRole('button', { name: /^Рівень 1/ }).click();

  // Say: the adult taps "Правильно". Find: a wrong picture first, then the right ones.
  await expect(child.getByText('1 з 3')).toBeVisible();
  await expect(child.getByRole('heading', { name: 'рак' })).toBeVisible();
  await expectAccessible(child);
  await child.getByRole('button', { name: 'Правильно' }).click();
  await expect(child.getByRole('heading', { name: 'риба' })).toBeVisible();
  await child.getByRole('button', { name: /^Картинка \d: риба$/ }).click();
  await expect(child.getByRole('heading', { name: 'роза' })).toBeVisible();
  await child
    .getByRole('button', { name: /^Картинка \d: (рак|риба)$/ })
    .first()
    .click();
  await expect(child.getByText('Не ця. Спробуй ще раз!')).toBeVisible();
  await expectAccessible(child);
  await child.getByRole('button', { name: /^Картинка \d: роза$/ }).click();

  // Two of three right at the first try: two stars, and level 2 opens.
  await expect(child.getByRole('heading', { name: 'Рівень пройдено!' })).toBeVisible();
  await expect(child.getByText('2 зірки', { exact: true })).toBeVisible();
  await expect(child.getByRole('img', { name: '2 зірки з 3' })).toBeVisible();
  await expect(child.getByRole('button', { name: 'Далі' })).toBeVisible();
  await expectAccessible(child);

  // The teacher sees the play on the correction path, beside the marks.
  await page.goto(`/correction-path/${student.id}`);
  const path = page.getByRole('region', { name: 'Games', exact: true });
  await expect(path.getByText(/not your marks/)).toBeVisible();
  const play = path.getByRole('row', { name: /Перші слова/ });
  await expect(play.getByRole('cell').nth(3)).toHaveText(game.characters[0] ?? '');
  await expect(play.getByRole('cell').nth(4)).toHaveText('2 of 3');
  await expect(play.getByRole('cell').nth(5)).toHaveText('4');
  await expect(play.getByRole('cell').nth(7)).toHaveText('2');
  await expectAccessible(page);

  // She withdraws the link: the child's page says the game is not found.
  await page.goto(`/edit-client/${student.id}`);
  const again = page
    .getByRole('region', { name: 'Games', exact: true })
    .getByRole('article', { name: game.title });
  await expect(again.getByText('Levels done: 1 of 2')).toBeVisible();
  await again.getByRole('button', { name: 'Withdraw link' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw the link?' });
  await withdraw.getByRole('button', { name: 'Withdraw link' }).click();
  await expect(again.getByText('Link withdrawn')).toBeVisible();

  await child.goto(url.pathname);
  await expect(
    child.getByRole('heading', { level: 1, name: 'Гру не знайдено (або хибне посилання)' }),
  ).toBeVisible();
  await expectAccessible(child);
  await phone.close();
});
