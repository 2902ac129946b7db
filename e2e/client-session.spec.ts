import { API, type Language, type LessonSessionLink, type SessionMoveInput } from '@logoschool/contract';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { slidesRendered } from './support/content.ts';
import { fillLesson, settingR, studentWithPlan, type SettingRSchool } from './support/lessons.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

/**
 * A student of the school's teacher, learning in `language`, with a filled plan of the school's
 * [R] template whose first lesson is filled automatically. Returns the lesson and the teacher's API.
 */
async function filledLesson({ school, template }: SettingRSchool, child: string, language: Language) {
  const { teacher, lessons } = await studentWithPlan(school, template.id, {
    client_name: `Parent of ${child}`,
    child_name: child,
    language,
  });
  const lesson = await fillLesson(teacher, lessons[0]!.id);
  return { teacher, lesson };
}

/**
 * What the child's screen must show for what the teacher's player shows now: the same slide image
 * (named alike on both screens) or, for a deck without images yet, the presentation's title.
 */
async function childViewOf(teacher: Page, child: Page): Promise<Locator> {
  const title = (await teacher.getByRole('heading', { level: 2 }).first().textContent()) ?? '';
  const counter = teacher.getByText(/^Slide \d+ of \d+$/);
  if (await counter.isVisible()) {
    const [, index, total] = /^Slide (\d+) of (\d+)$/.exec((await counter.textContent()) ?? '') ?? [];
    return child.getByRole('img', { name: `${title}, slide ${index} of ${total}`, exact: true });
  }
  return child.getByRole('heading', { name: title, exact: true });
}

test('the child’s screen follows the teacher’s player live under the lesson’s link, and says when it ended', async ({
  page,
  browser,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Two presentations, so that the teacher moves from one to the next.
  const setting = await settingR(request, ['Drum roll [R]', 'Motor start [R]'], { min: 1, max: 2 });
  const { lesson } = await filledLesson(setting, 'Nina Follower', 'en');
  // The slide images are rendered by LibreOffice after each upload: both decks' before the player.
  for (const exercise of setting.exercises) await slidesRendered(setting.school, exercise.id);
  await signIn(page, setting.school.person('teacher'), `/conduct-lesson/${lesson.id}`);
  await expect(page.getByRole('heading', { name: 'Lesson 1 · Nina Follower', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /, slide 1 of \d+$/ })).toBeVisible();

  // The teacher starts the session: the link is made, copied, and shown.
  await page.getByRole('button', { name: "Child's screen" }).click();
  const control = page.getByRole('dialog', { name: "Child's screen" });
  await expect(control.getByText('No link yet: starting the session makes one.')).toBeVisible();
  await control.getByRole('button', { name: 'Start session' }).click();
  await expect(
    control.getByText("The session is live: the child's screen follows your slides."),
  ).toBeVisible();
  const link = await control.getByLabel("Child's link").inputValue();
  expect(link).toMatch(/\/client-session\/[\w-]{43}$/);
  await control.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('The link is copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectAccessible(page);
  for (const width of [1440, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: test.info().outputPath(`player-session-control-en-${width}.png`),
      animations: 'disabled',
    });
  }
  await page.keyboard.press('Escape');
  await expect(control).toBeHidden();
  await expect(page.getByRole('button', { name: 'Live' })).toBeVisible();

  // A second browser, not signed in, opens the link: the same slide.
  const childContext = await browser.newContext({ locale: 'en-GB' });
  const child = await childContext.newPage();
  const problems = watchConsole(child);
  await child.goto(link);
  await expect(await childViewOf(page, child)).toBeVisible();
  await expect(child.getByRole('heading', { name: 'Lesson 1 · Nina', level: 1 })).toBeAttached();
  await expectAccessible(child);

  // The teacher moves on: the child's screen follows, slide by slide and to the next presentation.
  for (let move = 0; move < 3; move += 1) {
    await page.keyboard.press('ArrowRight');
    await expect(await childViewOf(page, child)).toBeVisible({ timeout: 10_000 });
  }
  await page.keyboard.press('ArrowLeft');
  await expect(await childViewOf(page, child)).toBeVisible({ timeout: 10_000 });

  // Finishing the lesson ends the session: the child's screen says so.
  await page.getByRole('button', { name: 'Finish lesson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Finish the lesson' });
  const boxes = dialog.getByRole('checkbox');
  for (let index = 0; index < (await boxes.count()); index += 1) await boxes.nth(index).check();
  await dialog.getByRole('button', { name: 'Finish lesson' }).click();
  await expect(dialog.getByText('The lesson is finished.')).toBeVisible();
  await expect(child.getByRole('heading', { name: 'The session has ended' })).toBeVisible({
    timeout: 10_000,
  });
  await expect(child.getByText('Well done, Nina! You can close this page.')).toBeVisible();
  await expectAccessible(child);

  // A wrong link says it is not valid.
  await child.goto(`/client-session/${'x'.repeat(43)}`);
  await expect(child.getByRole('heading', { name: 'This link is not valid or was withdrawn' })).toBeVisible();
  await expectAccessible(child);
  await child.screenshot({
    path: test.info().outputPath('client-session-en-invalid.png'),
    animations: 'disabled',
  });
  expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  await childContext.close();
});

test('the teacher withdraws the link: the open child’s screen says it is no longer valid', async ({
  page,
  browser,
  request,
}) => {
  const setting = await settingR(request, ['Drum roll [R]'], { min: 1, max: 1 });
  const { lesson } = await filledLesson(setting, 'Oleh Withdrawn', 'en');
  await signIn(page, setting.school.person('teacher'), `/conduct-lesson/${lesson.id}`);
  await page.getByRole('button', { name: "Child's screen" }).click();
  const control = page.getByRole('dialog', { name: "Child's screen" });
  await control.getByRole('button', { name: 'Start session' }).click();
  const link = await control.getByLabel("Child's link").inputValue();

  const childContext = await browser.newContext({ locale: 'en-GB' });
  const child = await childContext.newPage();
  await child.goto(link);
  await expect(child.getByRole('heading', { name: 'Lesson 1 · Oleh', level: 1 })).toBeAttached();

  await control.getByRole('button', { name: 'Withdraw link' }).click();
  const confirm = page.getByRole('dialog', { name: 'Withdraw the link?' });
  await confirm.getByRole('button', { name: 'Withdraw link' }).click();
  await expect(page.getByText('The link is withdrawn: it opens nothing from now on.')).toBeVisible();
  await expect(child.getByRole('heading', { name: 'This link is not valid or was withdrawn' })).toBeVisible({
    timeout: 10_000,
  });
  await childContext.close();
});

test('the child’s screen in Ukrainian and English, wide and narrow', async ({ browser, request }) => {
  const TEXTS = {
    uk: { waiting: 'Сесія ще не почалася', ended: 'Сесію завершено' },
    en: { waiting: 'The session has not started yet', ended: 'The session has ended' },
  };
  const setting = await settingR(request, ['Drum roll [R]'], { min: 1, max: 1 });
  for (const language of ['uk', 'en'] as const) {
    const { teacher, lesson } = await filledLesson(setting, `Screen ${language}`, language);
    const session = `${API.lesson}/${lesson.id}/session`;
    const link = (await teacher.call<LessonSessionLink>('post', `${API.lesson}/${lesson.id}/link`)).url!;
    const screens = await Promise.all(
      [1440, 800].map(async (width) => {
        const childContext = await browser.newContext({ locale: 'en-GB', viewport: { width, height: 900 } });
        const child = await childContext.newPage();
        await child.goto(link);
        return { width, child, childContext };
      }),
    );
    const shoot = (child: Page, width: number, state: string) =>
      child.screenshot({
        path: test.info().outputPath(`client-session-${language}-${width}-${state}.png`),
        animations: 'disabled',
      });
    for (const { width, child } of screens) {
      await expect(child.getByRole('heading', { name: TEXTS[language].waiting })).toBeVisible();
      await expectAccessible(child);
      await shoot(child, width, 'waiting');
    }
    await teacher.call('post', session, { action: 'start' } satisfies SessionMoveInput);
    for (const { width, child } of screens) {
      const slide = child.getByRole('img').or(child.getByRole('heading', { level: 2 }));
      await expect(slide).toBeVisible({ timeout: 10_000 });
      await expectAccessible(child);
      await shoot(child, width, 'live');
    }
    await teacher.call('post', session, { action: 'end' } satisfies SessionMoveInput);
    for (const { width, child, childContext } of screens) {
      await expect(child.getByRole('heading', { name: TEXTS[language].ended })).toBeVisible({
        timeout: 10_000,
      });
      await shoot(child, width, 'ended');
      await childContext.close();
    }
  }
});
