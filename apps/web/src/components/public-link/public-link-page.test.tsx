import type { Language } from '@logoschool/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import type * as Router from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { ApiError } from '../../api/client.ts';
import { renderInApp } from '../../testing/render.tsx';
import { PublicLinkPage } from './public-link-page.tsx';

const TOKEN = 'Ab3_-'.repeat(8) + 'xyz';
let token = TOKEN;

vi.mock('react-router', async (original) => ({
  ...(await original<typeof Router>()),
  useParams: () => ({ token }),
}));

beforeEach(() => {
  document.documentElement.lang = 'en';
});
afterEach(() => {
  token = TOKEN;
  document.documentElement.lang = 'en';
  document.body.innerHTML = '';
});

interface Opened {
  language: Language;
  name: string;
}

/** What a public page shows: a text of the app's own, in the page's language, and the data. */
function Content({ data, token: opened }: { data: Opened; token: string }) {
  const { t } = useTranslation();
  return (
    <main>
      <h1>{data.name}</h1>
      <p>{t('errors.tryAgain')}</p>
      <p>token {opened}</p>
    </main>
  );
}

const notFound = () =>
  new ApiError({ status: 404, code: 'not_found', message: 'This link is not valid or was withdrawn.' });

describe('the public page’s frame', () => {
  it('waits, then shows the page in the student’s language, leaving the app’s own language', async () => {
    const read = vi.fn(async () => ({ language: 'uk' as const, name: 'Марко' }));
    const view = await renderInApp(
      <PublicLinkPage read={read}>
        {(data, page) => <Content data={data} token={page.token} />}
      </PublicLinkPage>,
      { as: null },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Марко' })).toBeTruthy();
    expect(read).toHaveBeenCalledWith(TOKEN, expect.any(AbortSignal));
    expect(screen.getByText(`token ${TOKEN}`)).toBeTruthy();
    expect(screen.getByText('Спробувати ще раз')).toBeTruthy();
    // The page's `lang` is set in an effect, which a loaded machine may run just after the heading shows.
    await waitFor(() => expect(document.documentElement.lang).toBe('uk'));
    expect(i18n.language).toBe('en');
    view.unmount();
    expect(document.documentElement.lang).toBe('en');
  });

  it('says plainly that the link is not valid or was withdrawn, for the API’s 404 and for no token at all', async () => {
    const read = vi.fn(async (): Promise<Opened> => {
      throw notFound();
    });
    const view = await renderInApp(<PublicLinkPage read={read}>{() => <p>never</p>}</PublicLinkPage>, {
      as: null,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is not valid or was withdrawn' }),
    ).toBeTruthy();
    expect(screen.getByText(/ask your speech therapist for a new one/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    view.unmount();

    token = 'not a token!';
    read.mockClear();
    await renderInApp(<PublicLinkPage read={read}>{() => <p>never</p>}</PublicLinkPage>, { as: null });
    expect(screen.getByRole('heading', { name: 'This link is not valid or was withdrawn' })).toBeTruthy();
    expect(read).not.toHaveBeenCalled();
  });

  it('says what failed otherwise, and tries again', async () => {
    let answers = 0;
    const read = vi.fn(async (): Promise<Opened> => {
      answers += 1;
      if (answers === 1)
        throw new ApiError({ status: 500, code: 'internal_error', message: 'Something went wrong.' });
      return { language: 'en', name: 'Marko' };
    });
    await renderInApp(
      <PublicLinkPage read={read} large>
        {(data, page) => <Content data={data} token={page.token} />}
      </PublicLinkPage>,
      { as: null },
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Marko' })).toBeTruthy();
  });

  it('turns into the "not valid" page when the content says the link was withdrawn meanwhile', async () => {
    const read = vi.fn(async () => ({ language: 'en' as const, name: 'Marko' }));
    await renderInApp(
      <PublicLinkPage read={read}>
        {(data, page) => (
          <button type="button" onClick={page.invalidate}>
            {data.name}
          </button>
        )}
      </PublicLinkPage>,
      { as: null },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Marko' }));
    expect(screen.getByRole('heading', { name: 'This link is not valid or was withdrawn' })).toBeTruthy();
  });
});
