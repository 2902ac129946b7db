import type { Lesson, LessonGeneration, LessonThemed } from '@logoschool/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../../testing/render.tsx';
import { LessonThemesPanel } from './lesson-themes-panel.tsx';
import { LockedLessonModal } from './locked-lesson-modal.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const presentation = (exercise_id: number, title: string) => ({
  exercise_id,
  title,
  usage_frequency: 1 as const,
  thumbnail_url: null,
});

/** A lesson of two blocks holding three decks, one of them twice. */
const LESSON: Lesson = {
  id: 21,
  story_parts: [],
  protocol_id: 7,
  plan_title: 'Sound [R]',
  client: { id: 3, child_name: 'Marko' },
  number: 3,
  starts_at: '2026-11-24T12:00:00.000Z',
  duration_minutes: 45,
  status: 'open',
  finished_at: null,
  locked: false,
  previous_lesson_id: null,
  next_lesson_id: null,
  updated_at: '2026-11-20T10:00:00.000Z',
  blocks: [
    {
      key: '6f1c1c1e-1111-4c69-9f57-6d0f8b1f4a11',
      target: 'Articulation',
      category_name: 'Sounds',
      folder_id: 11,
      folder_name: 'Whistling sounds',
      min_presentations: 1,
      max_presentations: 3,
      presentations: [presentation(101, 'Tongue clicks'), presentation(102, 'Snake hiss')],
    },
    {
      key: '6f1c1c1e-2222-4c69-9f57-6d0f8b1f4a11',
      target: 'Phrases',
      category_name: 'Sounds',
      folder_id: 12,
      folder_name: 'Hissing sounds',
      min_presentations: 1,
      max_presentations: 2,
      presentations: [presentation(103, 'Short phrases'), presentation(101, 'Tongue clicks')],
    },
  ],
};

const runOf = (values: Partial<LessonGeneration>): LessonGeneration => ({
  id: 5,
  lesson_id: 21,
  status: 'running',
  total: 12,
  done: 3,
  skipped: 0,
  error: null,
  created_at: '2026-11-24T10:00:00.000Z',
  started_at: '2026-11-24T10:00:01.000Z',
  finished_at: null,
  ...values,
});

const THEMED: LessonThemed = {
  themes: [
    { id: 1, name: 'Cars' },
    { id: 2, name: 'Space' },
  ],
  versions: [
    {
      id: 9,
      exercise_id: 101,
      theme: { id: 1, name: 'Cars' },
      file: {
        name: 'Tongue clicks — Cars.pptx',
        size: 10,
        url: '/api/lesson/21/themed/9/file?workspace_id=1',
      },
      created_at: '2026-11-24T10:00:02.000Z',
    },
  ],
};

describe('the blocking window of a lesson being regenerated', () => {
  it('shows the run’s progress, follows it every 2 s, and asks for the lesson once it is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = runOf({ status: 'running', done: 3, total: 12 });
    const calls = fakeApi({ 'GET /lesson/21/generation': () => json({ data: answer }) });
    const onCheck = vi.fn();
    await renderInApp(
      <LockedLessonModal opened backTo="/lessons-list" checking={false} onCheck={onCheck} lessonId={21} />,
    );
    const window = screen.getByRole('dialog', { name: 'The lesson is being regenerated' });
    expect(await within(window).findByText('3 of 12 decks ready')).toBeTruthy();
    expect(within(window).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(onCheck).not.toHaveBeenCalled();

    answer = runOf({ status: 'done', done: 12, total: 12, skipped: 2 });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await within(window).findByText('12 of 12 decks ready')).toBeTruthy();
    await vi.waitFor(() => expect(onCheck).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.path === '/lesson/21/generation').length).toBeGreaterThanOrEqual(2);
  });

  it('says a queued run waits for its turn', async () => {
    fakeApi({ 'GET /lesson/21/generation': () => json({ data: runOf({ status: 'queued', done: 0 }) }) });
    await renderInApp(
      <LockedLessonModal opened backTo="/lessons-list" checking={false} onCheck={() => {}} lessonId={21} />,
    );
    expect(await screen.findByText('Waiting for its turn…')).toBeTruthy();
  });
});

describe('the themed versions of a lesson', () => {
  it('lists the interests and, per deck, the versions to download; tells how the last run ended', async () => {
    const calls = fakeApi({
      'GET /lesson/21/themed': () => json({ data: THEMED }),
      'GET /lesson/21/generation': () =>
        json({
          data: runOf({ status: 'done', total: 6, done: 6, skipped: 5, finished_at: '2026-11-24T10:00:03Z' }),
        }),
      'GET /lesson/21/themed/9/file': () => new Response('pptx', { status: 200 }),
    });
    await renderInApp(<LessonThemesPanel lesson={LESSON} unsaved={false} />);
    const panel = screen.getByRole('region', { name: 'Themed versions' });
    expect(await within(panel).findByText('Space')).toBeTruthy();
    // Cars: the interest, and the name of its version's download.
    expect(within(panel).getAllByText('Cars')).toHaveLength(2);
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Tongue clicksCars',
      'Snake hissNone yet',
      'Short phrasesNone yet',
    ]);
    expect(await within(panel).findByText(/: 1 of 6 versions made\. 5 could not be made/)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Download “Tongue clicks” for “Cars”' }));
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/lesson/21/themed/9/file')).toBe(true));
    expect(within(panel).getByRole('button', { name: 'Prepare themed versions' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('starts a run, and says a refusal in the panel itself', async () => {
    const said =
      'The student has no interests yet: add them on the student’s page, then prepare the themed versions.';
    const calls = fakeApi({
      'GET /lesson/21/themed': () => json({ data: THEMED }),
      'GET /lesson/21/generation': () => json({ data: null }),
      'POST /generator/generate-before-lesson': () => json({ code: 'conflict', message: said }, 409),
    });
    await renderInApp(<LessonThemesPanel lesson={LESSON} unsaved={false} />);
    const panel = screen.getByRole('region', { name: 'Themed versions' });
    const prepare = await within(panel).findByRole('button', { name: 'Prepare themed versions' });
    await vi.waitFor(() => expect(prepare).toHaveProperty('disabled', false));
    fireEvent.click(prepare);
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('The themed versions were not started');
    expect(alert.textContent).toContain(said);
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.path).toBe('/generator/generate-before-lesson');
    expect(sent?.body).toEqual({ lesson_id: 21 });
    expect(sent?.query.get('workspace_id')).toBe('1');
  });

  it('says why it cannot start: no interests, no presentations, unsaved changes; a failed run says so', async () => {
    fakeApi({
      'GET /lesson/21/themed': () => json({ data: { themes: [], versions: [] } }),
      'GET /lesson/21/generation': () =>
        json({ data: runOf({ status: 'failed', error: 'The themed versions could not be made.' }) }),
    });
    const view = await renderInApp(<LessonThemesPanel lesson={LESSON} unsaved />);
    const panel = screen.getByRole('region', { name: 'Themed versions' });
    expect(
      await within(panel).findByText(
        'The student has no interests yet: add them on the student’s page to prepare themed versions.',
      ),
    ).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Prepare themed versions' })).toHaveProperty(
      'disabled',
      true,
    );
    const failed = await within(panel).findByRole('alert');
    expect(failed.textContent).toContain('The themed versions were not prepared');
    expect(failed.textContent).toContain('The themed versions could not be made.');
    view.unmount();

    fakeApi({
      'GET /lesson/21/themed': () => json({ data: THEMED }),
      'GET /lesson/21/generation': () => json({ data: null }),
    });
    await renderInApp(<LessonThemesPanel lesson={LESSON} unsaved />);
    expect(await screen.findByText('Save the lesson first: preparing the versions locks it.')).toBeTruthy();
    const prepare = screen.getByRole('button', { name: 'Prepare themed versions' });
    expect(prepare).toHaveProperty('disabled', true);
    expect(prepare.getAttribute('aria-describedby')).toBeTruthy();
    document.body.innerHTML = '';

    const empty = { ...LESSON, blocks: LESSON.blocks.map((block) => ({ ...block, presentations: [] })) };
    await renderInApp(<LessonThemesPanel lesson={empty} unsaved={false} />);
    expect(await screen.findByText('Add presentations to the lesson first.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prepare themed versions' })).toHaveProperty('disabled', true);
  });
});
