import type { Lesson } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { LessonEditor } from './edit-lesson-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const ARTICULATION = '6f1c1c1e-1111-4c69-9f57-6d0f8b1f4a11';
const PHRASES = '6f1c1c1e-2222-4c69-9f57-6d0f8b1f4a11';

const presentation = (exercise_id: number, title: string, usage_frequency: 1 | 3 = 1) => ({
  exercise_id,
  title,
  usage_frequency,
  thumbnail_url: null,
});

/** Lesson 3 of a plan of two blocks: Articulation (2–3, holding 2) and Phrases (1–2, holding 1). */
function lessonOf(overrides: Partial<Lesson> = {}): Lesson {
  return {
    id: 21,
    protocol_id: 7,
    plan_title: 'Sound [R]',
    story_parts: [],
    client: { id: 3, child_name: 'Marko' },
    number: 3,
    starts_at: '2026-11-24T12:00:00.000Z',
    duration_minutes: 45,
    status: 'open',
    finished_at: null,
    locked: false,
    previous_lesson_id: 20,
    next_lesson_id: 22,
    updated_at: '2026-11-20T10:00:00.000Z',
    blocks: [
      {
        key: ARTICULATION,
        target: 'Articulation',
        category_name: 'Sounds',
        folder_id: 11,
        folder_name: 'Whistling sounds',
        min_presentations: 2,
        max_presentations: 3,
        presentations: [presentation(101, 'Tongue clicks', 3), presentation(102, 'Snake hiss')],
      },
      {
        key: PHRASES,
        target: 'Phrases',
        category_name: 'Sounds',
        folder_id: 12,
        folder_name: 'Hissing sounds',
        min_presentations: 1,
        max_presentations: 2,
        presentations: [presentation(201, 'Short phrases')],
      },
    ],
    ...overrides,
  };
}

/** Accepted exercises of a folder as `for-teacher` lists them (the fields the picker reads). */
const folderPage = (items: { id: number; title: string; usage_frequency: 1 | 3 }[]) =>
  json({
    data: items.map((item) => ({ ...item, category: { id: 11, name: 'Whistling sounds' } })),
    meta: { total: items.length, page: 1, per_page: 100 },
  });

const block = (target: string) => screen.getByRole('region', { name: target });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save lesson' }));
const puts = (calls: SentCall[]) => calls.filter((call) => call.method === 'PUT');

describe('the lesson editor', () => {
  it('refuses a block below its minimum naming the block, and sends nothing', async () => {
    const calls = fakeApi({
      'GET /exercises/for-teacher': () =>
        folderPage([
          { id: 101, title: 'Tongue clicks', usage_frequency: 3 },
          { id: 103, title: 'Lip trill', usage_frequency: 1 },
        ]),
      'PUT /lesson/21': () => json({ data: lessonOf() }),
    });
    await renderInApp(<LessonEditor lesson={lessonOf()} refresh={async () => {}} />);
    expect(within(block('Articulation')).getByText('Within the bounds')).toBeTruthy();

    fireEvent.click(within(block('Articulation')).getByRole('button', { name: 'Remove “Snake hiss”' }));
    expect(within(block('Articulation')).getByText('Presentations still needed: 1')).toBeTruthy();
    save();
    const refusal = 'The block “Articulation” needs at least 2 presentations.';
    expect(await within(block('Articulation')).findByText(refusal)).toBeTruthy();
    expect(within(block('Phrases')).queryByText(/needs at least/)).toBeNull();
    const summary = screen.getAllByRole('alert').find((alert) => alert.textContent?.includes('not saved'));
    expect(summary?.textContent).toContain(refusal);
    expect(puts(calls)).toEqual([]);
  });

  it('adds a presentation from the block’s folder and saves the lesson', async () => {
    const calls = fakeApi({
      'GET /exercises/for-teacher': () =>
        folderPage([
          { id: 101, title: 'Tongue clicks', usage_frequency: 3 },
          { id: 103, title: 'Lip trill', usage_frequency: 1 },
        ]),
      'PUT /lesson/21': () => json({ data: lessonOf() }),
    });
    const below = lessonOf({
      blocks: lessonOf().blocks.map((one) =>
        one.key === ARTICULATION ? { ...one, presentations: one.presentations.slice(0, 1) } : one,
      ),
    });
    await renderInApp(<LessonEditor lesson={below} refresh={async () => {}} />);
    // The picker offers the block's folder within the plan; what the block holds is not offered again.
    fireEvent.click(
      within(block('Articulation')).getByRole('button', { name: 'Add a presentation to “Articulation”' }),
    );
    const picker = await screen.findByRole('dialog', { name: 'Add a presentation to “Articulation”' });
    expect(await within(picker).findByText('Lip trill')).toBeTruthy();
    const asked = calls.find((call) => call.path === '/exercises/for-teacher');
    expect(asked?.query.get('protocol_id')).toBe('7');
    expect(asked?.query.get('category_id')).toBe('11');
    expect(within(picker).getByText('In this block')).toBeTruthy();
    expect(within(picker).queryByRole('button', { name: 'Add “Tongue clicks”' })).toBeNull();
    fireEvent.click(within(picker).getByRole('button', { name: 'Add “Lip trill”' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(block('Articulation')).getByText('Within the bounds')).toBeTruthy();

    save();
    await vi.waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({
      starts_at: expect.stringMatching(/^2026-11-2\dT\d\d:00:00([+-]\d\d:\d\d|Z)$/),
      duration_minutes: 45,
      blocks: [
        { key: ARTICULATION, exercise_ids: [101, 103] },
        { key: PHRASES, exercise_ids: [201] },
      ],
    });
    expect(new Date(String((puts(calls)[0]?.body as { starts_at: string }).starts_at)).toISOString()).toBe(
      '2026-11-24T12:00:00.000Z',
    );
  });

  it('moves a presentation and replaces another', async () => {
    const calls = fakeApi({
      'GET /exercises/for-teacher': () => folderPage([{ id: 104, title: 'Whistle', usage_frequency: 3 }]),
      'PUT /lesson/21': () => json({ data: lessonOf() }),
    });
    await renderInApp(<LessonEditor lesson={lessonOf()} refresh={async () => {}} />);
    fireEvent.click(within(block('Articulation')).getByRole('button', { name: 'Move “Snake hiss” up' }));
    const titles = () =>
      within(block('Articulation'))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(titles()[0]).toContain('Snake hiss');
    fireEvent.click(within(block('Articulation')).getByRole('button', { name: 'Replace “Tongue clicks”' }));
    const picker = await screen.findByRole('dialog', { name: 'Replace “Tongue clicks”' });
    fireEvent.click(await within(picker).findByRole('button', { name: 'Choose “Whistle”' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(titles()[1]).toContain('Whistle');
    save();
    await vi.waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as { blocks: unknown[] }).blocks[0]).toEqual({
      key: ARTICULATION,
      exercise_ids: [102, 104],
    });
  });

  it('shows the server’s refusal on the block it names', async () => {
    const said =
      '“Short phrases” (block “Phrases”) is used in the plan’s lessons more often than it may be: at most 1.';
    fakeApi({
      'PUT /lesson/21': () =>
        json(
          {
            code: 'validation_failed',
            message: 'Please check the data you entered.',
            errors: { 'blocks.1.exercise_ids': [said] },
          },
          422,
        ),
    });
    await renderInApp(<LessonEditor lesson={lessonOf()} refresh={async () => {}} />);
    save();
    expect(await within(block('Phrases')).findByText(said)).toBeTruthy();
    expect(within(block('Articulation')).queryByText(said)).toBeNull();
  });

  it('fills the lesson automatically, keeping the length being edited', async () => {
    const filled = lessonOf({
      updated_at: '2026-11-20T11:00:00.000Z',
      blocks: lessonOf().blocks.map((one) =>
        one.key === PHRASES
          ? { ...one, presentations: [...one.presentations, presentation(202, 'Long phrases')] }
          : one,
      ),
    });
    const calls = fakeApi({ 'POST /exercises/generate-lesson': () => json({ data: filled }) });
    await renderInApp(<LessonEditor lesson={lessonOf()} refresh={async () => {}} />);
    const duration = screen.getByRole('textbox', { name: 'Duration, minutes' });
    fireEvent.change(duration, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fill automatically' }));
    expect(await within(block('Phrases')).findByText('Long phrases')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ lesson_id: 21, replace: false });
    expect((screen.getByRole('textbox', { name: 'Duration, minutes' }) as HTMLInputElement).value).toBe('50');
  });

  it('says a fill the folders cannot give on the block', async () => {
    const said =
      'The block “Phrases” needs at least 1 presentations, and its folder has only 0 exercises the plan may still use.';
    fakeApi({
      'POST /exercises/generate-lesson': () =>
        json(
          {
            code: 'lesson_cannot_fill',
            message: `The lesson cannot be filled automatically. ${said}`,
            errors: { 'blocks.1.exercise_ids': [said] },
          },
          409,
        ),
    });
    await renderInApp(<LessonEditor lesson={lessonOf()} refresh={async () => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fill automatically' }));
    expect(await within(block('Phrases')).findByText(said)).toBeTruthy();
  });

  it('blocks everything with the regeneration window while the lesson is locked', async () => {
    fakeApi({});
    const refresh = vi.fn(async () => {});
    await renderInApp(<LessonEditor lesson={lessonOf({ locked: true })} refresh={refresh} />);
    const window = screen.getByRole('dialog', { name: 'The lesson is being regenerated' });
    expect(within(window).getByText(/Nothing in the lesson can be changed/)).toBeTruthy();
    expect(within(window).queryByRole('button', { name: /close/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save lesson', hidden: true })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fill automatically', hidden: true })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove “Snake hiss”', hidden: true })).toBeNull();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'The lesson is being regenerated' })).toBeTruthy();
    fireEvent.click(within(window).getByRole('button', { name: 'Check again' }));
    expect(refresh).toHaveBeenCalled();
    expect(within(window).getByRole('link', { name: 'Back to lessons' }).getAttribute('href')).toBe(
      '/lessons-list?week=2026-11-23',
    );
  });

  it('says the API’s refusal while the lesson is being regenerated, and asks for the lesson again', async () => {
    const said =
      'The lesson is being regenerated for the student’s interests. Wait until it is done, then try again.';
    fakeApi({ 'PUT /lesson/21': () => json({ code: 'lesson_locked', message: said }, 409) });
    const refresh = vi.fn(async () => {});
    await renderInApp(<LessonEditor lesson={lessonOf()} refresh={refresh} />);
    save();
    expect(await screen.findByText(said)).toBeTruthy();
    expect(refresh).toHaveBeenCalled();
  });

  it('shows a finished lesson read-only', async () => {
    fakeApi({});
    await renderInApp(
      <LessonEditor
        lesson={lessonOf({ status: 'finished', finished_at: '2026-11-24T13:00:00.000Z' })}
        refresh={async () => {}}
      />,
    );
    expect(screen.getByText(/This lesson was finished on .*it can no longer be changed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save lesson' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove “Snake hiss”' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Duration, minutes' }).hasAttribute('disabled')).toBe(true);
    expect(within(block('Articulation')).getByText('Snake hiss')).toBeTruthy();
  });

  it('is locked at once by a run just started, before the lesson is asked again', async () => {
    // The lesson as last read is free; the run the teacher has just started is under way.
    fakeApi({
      'GET /lesson/21/generation': () =>
        json({
          data: {
            id: 5,
            lesson_id: 21,
            status: 'queued',
            total: 3,
            done: 0,
            skipped: 0,
            error: null,
            created_at: '2026-11-24T10:00:00.000Z',
            started_at: null,
            finished_at: null,
          },
        }),
    });
    await renderInApp(<LessonEditor lesson={lessonOf()} refresh={async () => {}} />);
    expect(await screen.findByRole('dialog', { name: 'The lesson is being regenerated' })).toBeTruthy();
    expect(
      screen.getByRole('textbox', { name: 'Duration, minutes', hidden: true }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('lists its story parts and takes one out after asking', async () => {
    const part = {
      id: 9,
      history_id: 4,
      story_title: 'The brave rocket',
      version: 2,
      part_key: '6f1c1c1e-3333-4c69-9f57-6d0f8b1f4a11',
      episode_title: 'Lift-off',
      title: 'Countdown',
      slides: [],
    };
    const calls = fakeApi({
      'DELETE /lesson/21/story-parts/9': () => json({ data: lessonOf({ story_parts: [] }) }),
    });
    await renderInApp(<LessonEditor lesson={lessonOf({ story_parts: [part] })} refresh={async () => {}} />);
    const section = screen.getByRole('region', { name: '1 story part' });
    expect(within(section).getByText('“The brave rocket”, Lift-off · version 2 · 0 slides')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Take “Countdown” out of the lesson' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take the story part out?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take it out' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/lesson/21/story-parts/9');
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Take the story part out?' })).toBeNull(),
    );
  });
});
