import { API, LOCAL_KEYS, type WorkspaceInput, type WorkspaceListItem } from '@logoschool/contract';
import { expect, test, type Page } from './support/test.ts';
import { interest, openRequest, themeOf } from './support/content.ts';
import { pickDate } from './support/dates.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { joinSchool } from './support/people.ts';
import { newSchool, unique } from './support/school.ts';
import { E2E_VACANCY_URL } from './support/services.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The request of the moderator's that the tests below find: about animals, for children of 5-6. */
const MOUSE = {
  description: 'A mouse hides in, on, under and behind things: the child says where it is.',
  interests: ['Animals'],
  age_categories: ['5-6' as const],
};

/** Switches the interface language with the switcher of the page (header, login or logout). */
async function switchLanguage(page: Page, language: 'uk' | 'en') {
  await page.getByRole('combobox', { name: /^(Interface language|Мова інтерфейсу)$/ }).selectOption(language);
}

test.describe('dates', () => {
  test('follow the interface language: a Ukrainian calendar from Monday, one short format in the field and the list', async ({
    page,
    request,
  }) => {
    const problems = watchConsole(page);
    const school = await newSchool(request, ['teacher']);
    await signIn(page, school.person('teacher'));
    await switchLanguage(page, 'uk');
    await page.getByRole('link', { name: 'Додати учня' }).click();
    await page.getByRole('textbox', { name: "Ім'я дитини" }).fill('Мирослава Дата');
    await page.getByRole('textbox', { name: 'Батьки (клієнт)' }).fill('Ірина Дата');

    const birthdate = page.getByRole('button', { name: 'Дата народження' });
    await pickDate(page, birthdate, '2019-05-14');
    await expect(birthdate).toHaveText('14.05.2019');

    // Opened again, the calendar shows the chosen month in Ukrainian, its weeks from Monday.
    await birthdate.click();
    const calendar = page.locator('[data-dates-dropdown]');
    await expect(calendar.locator('.mantine-DatePickerInput-calendarHeaderLevel')).toHaveText(
      /^травень 2019$/i,
    );
    await expect(calendar.locator('thead th')).toHaveText(
      ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'нд'].map((day) => new RegExp(`^${day}$`, 'i')),
    );
    await expect(calendar.getByRole('button', { name: '14 травня 2019' })).toHaveAttribute(
      'data-selected',
      'true',
    );
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();

    await page.getByRole('button', { name: 'Зберегти' }).click();
    const row = page.getByRole('row', { name: /Мирослава Дата/ });
    await expect(row).toContainText('14.05.2019');

    // Another language, the same date in its format at once.
    await switchLanguage(page, 'en');
    await expect(page.getByRole('row', { name: /Мирослава Дата/ })).toContainText('14/05/2019');
    expect(problems).toEqual([]);
  });

  test("the request on the exercise editor says its deadline in the interface's format", async ({
    page,
    request,
  }) => {
    // The moderator's request, taken by the author: it is her draft now.
    const school = await newSchool(request, ['moderator', 'author']);
    const filed = await openRequest(school, 'Where is the mouse?', MOUSE);
    const author = await school.as('author');
    await author.call('post', `${API.exercises}/${filed.id}/take`);
    await signIn(page, school.person('author'));
    await page.getByRole('tab', { name: /^Drafts/ }).click();
    await page.getByRole('link', { name: 'Where is the mouse?' }).click();
    const asked = page.getByText(/^For: Animals; ages 5-6; due /);
    await expect(asked).toHaveText(/due \d{2}\/\d{2}\/\d{4}\.$/);
    await expect(asked).not.toHaveText(/\d{4}-\d{2}-\d{2}/);
  });
});

test.describe('the student form', () => {
  test("offers the project's themes as interests and checks the contract's rules in the browser", async ({
    page,
    request,
  }) => {
    const school = await newSchool(request, ['moderator', 'teacher']);
    for (const name of ['Animals', 'Cars', 'Dinosaurs', 'Space']) await themeOf(school, interest(name));
    const sent: string[] = [];
    page.on('request', (sending) => {
      if (sending.method() === 'POST' && new URL(sending.url()).pathname === '/api/clients') {
        sent.push(sending.url());
      }
    });
    await signIn(page, school.person('teacher'), '/edit-client');
    const child = page.getByRole('textbox', { name: "Child's name" });
    await child.fill('A');
    await child.blur();
    // Said when the field is left, before anything is sent.
    await expect(child).toHaveAttribute('aria-invalid', 'true');
    await expect(child).toHaveAccessibleDescription(/At least 2 characters\./);

    await page.getByRole('combobox', { name: 'Interests (project themes)', exact: true }).click();
    for (const theme of ['Animals', 'Cars', 'Dinosaurs', 'Space']) {
      await expect(page.getByRole('option', { name: theme })).toBeVisible();
    }
    await page.getByRole('option', { name: 'Dinosaurs' }).click();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('textbox', { name: 'Parent (client)' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(sent).toEqual([]);

    await child.fill('Bohdan Themes');
    await page.getByRole('textbox', { name: 'Parent (client)' }).fill('Oksana Themes');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('row', { name: /Bohdan Themes/ })).toContainText('Dinosaurs');
    expect(sent).toHaveLength(1);
  });
});

test.describe('the profile photo', () => {
  test('a file that is no image is refused when picked, saying why at the field, and the photo stays', async ({
    page,
    request,
  }) => {
    const school = await newSchool(request, ['teacher']);
    const teacher = school.person('teacher');
    await signIn(page, teacher, '/profile');
    const upload = page.getByRole('button', { name: 'Upload a photo' });
    const pick = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await upload.click();
      await (await chooser).setFiles(file);
    };

    // A document renamed to .png: its name says image, its bytes do not.
    await pick({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7 a document') });
    const reason = 'This file is not a PNG, JPEG, WebP or GIF image. Choose another one.';
    await expect(page.getByRole('alert')).toHaveText(reason);
    await expect(upload).toHaveAccessibleDescription(new RegExp(reason.replace('.', '\\.')));
    await expect(page.getByRole('img', { name: teacher.name })).toHaveCount(0);

    // A real image is taken and previewed; then a wrong one keeps it.
    await pick({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('alert')).toHaveCount(0);
    const photo = page.getByRole('img', { name: teacher.name });
    await expect(photo).toHaveAttribute('src', /^blob:/);
    const preview = await photo.getAttribute('src');
    await pick({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await expect(page.getByRole('alert')).toHaveText(reason);
    await expect(photo).toHaveAttribute('src', preview ?? '');
  });
});

test.describe('the shell', () => {
  test('notifications open below the header, not over its language switcher and avatar', async ({
    page,
    request,
  }) => {
    const school = await newSchool(request, ['teacher']);
    await signIn(page, school.person('teacher'), '/profile');
    await page.getByRole('button', { name: 'Save' }).click();
    const toast = page.getByText('Profile saved.');
    await expect(toast).toBeVisible();
    const header = await page.getByRole('banner').boundingBox();
    const box = await page.locator('.mantine-Notification-root').filter({ has: toast }).boundingBox();
    expect(header && box && box.y >= header.y + header.height).toBe(true);
  });

  test('at medium widths the navigation shrinks to icons with tooltips, its toggle is kept, and tables scroll sideways', async ({
    page,
    request,
  }) => {
    // The moderation list opens on its requests: one fills its table.
    const school = await newSchool(request, ['moderator']);
    await openRequest(school, 'Where is the mouse?', MOUSE);
    await page.setViewportSize({ width: 820, height: 900 });
    await signIn(page, school.person('moderator'));
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    const moderation = navigation.getByRole('link', { name: 'Moderation' });
    expect((await navigation.boundingBox())?.width).toBeLessThan(80);
    await expect(moderation).not.toContainText('Moderation');
    await moderation.hover();
    await expect(page.getByRole('tooltip', { name: 'Moderation' })).toBeVisible();
    await moderation.click();
    await expect(page).toHaveURL(/\/moderator-list$/);

    // The table is wider than the room left: it scrolls, with its scrollbar in sight.
    const table = page.locator('.mantine-ScrollArea-root').filter({ has: page.getByRole('table') });
    const viewport = table.locator('.mantine-ScrollArea-viewport');
    await expect(page.getByRole('columnheader', { name: 'Title' })).toBeVisible();
    const [scrollWidth, clientWidth] = await viewport.evaluate((element) => [
      element.scrollWidth,
      element.clientWidth,
    ]);
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await expect(table.locator('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]')).toBeVisible();
    const likes = page.getByRole('columnheader', { name: 'Likes' });
    await likes.scrollIntoViewIfNeeded();
    await expect(likes).toBeInViewport();
    await expectAccessible(page);

    // Widened by hand, it stays wide after a reload.
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect(moderation).toContainText('Moderation');
    expect((await navigation.boundingBox())?.width).toBeGreaterThan(150);
    await page.reload();
    await expect(navigation.getByRole('link', { name: 'Moderation' })).toContainText('Moderation');
    expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.navigationCollapsed)).toBe('0');
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await expect(navigation.getByRole('link', { name: 'Moderation' })).not.toContainText('Moderation');

    // With no choice kept, a wide screen shows the whole navigation.
    await page.evaluate((key) => localStorage.removeItem(key), LOCAL_KEYS.navigationCollapsed);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expect(navigation.getByRole('link', { name: 'Moderation' })).toContainText('Moderation');
  });

  test('the vacancy banner links where the server is configured for the environment, and is absent where it is not', async ({
    page,
    request,
  }) => {
    // A moderator of a school of environment 1, and a teacher of another of environment 2: root
    // makes that project and invites her, and she accepts by signing in.
    const school = await newSchool(request, ['moderator']);
    const person = school.person('moderator');
    const second = await school.root.call<WorkspaceListItem>('post', API.workspaces, {
      title: unique('Second school'),
      env_id: 2,
    } satisfies WorkspaceInput);
    await joinSchool(request, second, person, ['teacher']);

    await signIn(page, person);
    // The first school: environment 1, configured.
    await expect(
      page.getByTestId('vacancy-banner').getByRole('link', { name: 'See the vacancies' }),
    ).toHaveAttribute('href', E2E_VACANCY_URL);
    // The second school: environment 2, shown by spec but without a configured link.
    await page.evaluate(([key, id]) => localStorage.setItem(key, id), [
      LOCAL_KEYS.workspace,
      String(second.workspaceId),
    ] as const);
    await page.reload();
    await expect(page.getByTestId('role-label')).toHaveText('Role: Speech therapist');
    await expect(page.getByTestId('vacancy-banner')).toHaveCount(0);
  });
});

test.describe('little texts', () => {
  test("the password field's eye button is named in the interface language", async ({ page }) => {
    await page.goto('/login');
    await switchLanguage(page, 'uk');
    const password = page.locator('input[autocomplete="current-password"]');
    await password.fill('secret-words');
    const eye = page.getByRole('button', { name: 'Показати пароль' });
    await expect(eye).toHaveAttribute('aria-pressed', 'false');
    await eye.click();
    await expect(eye).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
    await expectAccessible(page);
  });

  test('the logout page offers the language switcher', async ({ page, request }) => {
    const school = await newSchool(request, ['teacher']);
    await signIn(page, school.person('teacher'), '/logout');
    await expect(page.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
    await switchLanguage(page, 'uk');
    await expect(page.getByRole('heading', { name: 'Ви вийшли' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Увійти знову' })).toBeVisible();
    await expectAccessible(page);
  });
});
