import type { Lesson } from '@logoschool/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { LessonPlayer } from './play-lesson-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const image = (id: number) => `/api/histories/files/${id}?workspace_id=1`;
const slide = (key: string, id: number, text: string, note: string) => ({
  key,
  image_file_id: id,
  text,
  note,
  audio_file_id: null,
  image_url: image(id),
  audio_url: null,
});

/** A lesson holding no presentations and one story part of two slides. */
const LESSON: Lesson = {
  id: 21,
  protocol_id: 7,
  plan_title: 'Sound [R]',
  client: { id: 3, child_name: 'Marko' },
  number: 1,
  starts_at: null,
  duration_minutes: 45,
  status: 'open',
  finished_at: null,
  locked: false,
  previous_lesson_id: null,
  next_lesson_id: 22,
  blocks: [],
  story_parts: [
    {
      id: 4,
      history_id: 9,
      story_title: 'The fox and the drum',
      version: 1,
      part_key: 'p1',
      episode_title: 'In the forest',
      title: 'The drum',
      slides: [slide('s1', 5, 'Rrr, says the drum', 'Ask for a long R'), slide('s2', 6, 'The fox runs', '')],
    },
  ],
  updated_at: '2026-11-20T10:00:00.000Z',
};

describe('a story part in the player', () => {
  it('plays its slides after the presentations, with the child’s text and the teacher’s note', async () => {
    const png = () => new Response(new Blob(['png']), { headers: { 'Content-Type': 'image/png' } });
    fakeApi({
      'GET /histories/files/5': png,
      'GET /histories/files/6': png,
      'GET /lesson/21/link': () => json({ message: 'Not found', code: 'not_found' }, 404),
    });
    await renderInApp(<LessonPlayer lesson={LESSON} />, { as: { roles: ['teacher'] } });
    expect(screen.getByText('Presentation 1 of 1')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The drum', level: 2 })).toBeTruthy();
    expect(screen.getByText('Rrr, says the drum')).toBeTruthy();
    expect(screen.getByText('Ask for a long R')).toBeTruthy();
    // No marks: a story part has no trials.
    expect(screen.queryByRole('button', { name: /correct/i })).toBeNull();

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByText('The fox runs')).toBeTruthy();
    expect(screen.getByText('No note for this slide.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
