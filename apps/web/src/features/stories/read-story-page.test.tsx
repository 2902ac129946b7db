import type { Story } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderInApp } from '../../testing/render.tsx';
import { StoryReader } from './read-story-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const slide = (key: string, text: string, note = '') => ({
  key,
  image_file_id: 5,
  text,
  note,
  audio_file_id: null,
});

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
        {
          key: 'p1',
          title: 'The drum',
          slides: [slide('s1', 'Rrr', 'Ask for a long R'), slide('s2', 'The fox runs')],
        },
      ],
    },
    { key: 'e2', title: 'At home', parts: [{ key: 'p2', title: 'Supper', slides: [slide('s3', 'Soup')] }] },
  ],
  status: 'published',
  version: 1,
  writer: { id: 7, name: 'Oksana Moderator' },
  comment: '',
  steps: [],
  editable: false,
  lessons: null,
  updated_at: '2026-11-20T10:00:00.000Z',
};

describe('the story reader', () => {
  it('turns slides by keys and buttons, follows the contents list, and shows the teacher’s note', async () => {
    fakeApi({
      'GET /histories/files/5': () =>
        new Response(new Blob(['png']), { headers: { 'Content-Type': 'image/png' } }),
    });
    await renderInApp(<StoryReader story={STORY} />, { as: { roles: ['teacher'] } });
    expect(screen.getByRole('heading', { name: 'The fox and the drum', level: 1 })).toBeTruthy();
    expect(screen.getByText('Rrr')).toBeTruthy();
    expect(screen.getByText('Ask for a long R')).toBeTruthy();
    expect(screen.getByText('Slide 1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByText('The fox runs')).toBeTruthy();
    expect(screen.getByText('No note for this slide.')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'PageDown' });
    expect(screen.getByText('Soup')).toBeTruthy();
    // The last slide: "Next" stops there.
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByText('The fox runs')).toBeTruthy();

    const contents = screen.getByRole('navigation', { name: 'Contents' });
    fireEvent.click(within(contents).getByRole('button', { name: 'Supper' }));
    expect(screen.getByText('Soup')).toBeTruthy();
    expect(within(contents).getByRole('button', { name: 'Supper' }).getAttribute('aria-current')).toBe(
      'true',
    );
  });
});
