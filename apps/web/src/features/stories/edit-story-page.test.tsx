import type { Story } from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type * as ReactRouter from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { EditStoryPage } from './edit-story-page.tsx';

const params: { historyId?: string } = {};

vi.mock('react-router', async (original) => ({
  ...(await original<typeof ReactRouter>()),
  useParams: () => params,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  delete params.historyId;
  document.body.innerHTML = '';
});

const slide = (key: string, text: string) => ({ key, image_file_id: 5, text, note: '', audio_file_id: null });

const STORY: Story = {
  id: 9,
  title: 'The fox and the drum',
  description: '',
  language: 'en',
  age_from: 4,
  age_to: 7,
  sounds: ['R'],
  category_ids: [],
  episodes: [
    {
      key: 'e1',
      title: 'In the forest',
      parts: [
        { key: 'p1', title: 'The drum', slides: [slide('s1', 'Rrr'), slide('s2', 'The fox runs')] },
        { key: 'p2', title: 'The river', slides: [slide('s3', 'Rain')] },
      ],
    },
    { key: 'e2', title: 'At home', parts: [{ key: 'p3', title: 'Supper', slides: [slide('s4', 'Soup')] }] },
  ],
  status: 'moderation',
  version: 1,
  writer: { id: 7, name: 'Andrii Author' },
  comment: '',
  steps: ['return', 'publish'],
  editable: true,
  lessons: 2,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const routes = (story: Story) => ({
  'GET /histories/9': () => json({ data: story }),
  'GET /histories/files/5': () =>
    new Response(new Blob(['png']), { headers: { 'Content-Type': 'image/png' } }),
});

describe('the story editor on the versioned-document frame', () => {
  it('shows a story in review with its steps, lessons in use and contents, and moves a part by its buttons', async () => {
    params.historyId = '9';
    fakeApi(routes(STORY));
    await renderInApp(<EditStoryPage />, { as: { roles: ['moderator'] } });
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(within(status).getByText('In review')).toBeTruthy();
    expect(within(status).getByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(within(status).getByRole('button', { name: 'Return to the writer' })).toBeTruthy();
    expect(within(status).getByText(/2 lessons hold parts of it/)).toBeTruthy();

    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(
      within(contents)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['In the forest', 'The drum', 'The river', 'At home', 'Supper']);

    const episode = screen.getByRole('region', { name: 'Episode 1' });
    fireEvent.click(within(episode).getByRole('button', { name: 'Move Episode 1, Part 2 up' }));
    expect(
      within(episode)
        .getAllByRole('textbox', { name: 'Part title' })
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['The river', 'The drum']);
    // The contents list follows the form.
    expect(within(contents).getAllByRole('button')[1]?.textContent).toBe('The river');
  });

  it('refuses to save a slide without an image and says so under it, as the server would', async () => {
    const calls = fakeApi({});
    await renderInApp(<EditStoryPage />, { as: { roles: ['author'] } });
    const status = await screen.findByRole('region', { name: 'Status' });
    // An author's new story is sent for review, not published.
    expect(within(status).getByRole('button', { name: 'Send for review' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'The owl' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Episode title' }), { target: { value: 'Night' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Part title' }), { target: { value: 'The moon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText(/^Image:/)).toBeTruthy());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
