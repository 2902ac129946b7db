import type { CourseTemplate } from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type * as ReactRouter from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { EditCourseTemplatePage } from './edit-course-template-page.tsx';

const params: { templateId?: string } = {};

vi.mock('react-router', async (original) => ({
  ...(await original<typeof ReactRouter>()),
  useParams: () => params,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  delete params.templateId;
  document.body.innerHTML = '';
});

const lesson = (key: string, title: string, exercises: { id: number; title: string }[]) => ({
  key,
  title,
  description_parents: '',
  description_teacher: '',
  exercise_ids: exercises.map((exercise) => exercise.id),
  exercises,
});

const K1 = '11111111-1111-4111-8111-111111111111';
const K2 = '22222222-2222-4222-8222-222222222222';

const TEMPLATE: CourseTemplate = {
  id: 6,
  name: 'Sound [R] course',
  description: '',
  language: 'en',
  lessons: [
    lesson(K1, 'Warm-up', [{ id: 1, title: 'Rolling R' }]),
    lesson(K2, 'Words', [
      { id: 2, title: 'Rabbit' },
      { id: 3, title: 'Rocket' },
    ]),
  ],
  status: 'published',
  version: 2,
  writer: { id: 1, name: 'Oksana Moderator' },
  actions: ['edit', 'delete'],
  courses: 3,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const EXERCISES = {
  data: [
    { id: 1, title: 'Rolling R', category: null },
    { id: 9, title: 'Radio', category: null },
  ],
  meta: { total: 2, page: 1, per_page: 20 },
};

describe('the course template editor on the versioned-document frame', () => {
  it('shows a published template with its courses as the in-use notice and offers publishing once changed', async () => {
    params.templateId = '6';
    fakeApi({ 'GET /course-templates/6': () => json({ data: TEMPLATE }) });
    await renderInApp(<EditCourseTemplatePage />, { as: { roles: ['moderator'] } });
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(within(status).getByText('Published')).toBeTruthy();
    expect(within(status).getByText(/3 courses are made from this template/)).toBeTruthy();
    expect(within(status).queryByRole('button', { name: 'Publish' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Move Lesson 2 up' }));
    expect(
      screen
        .getAllByRole('textbox', { name: 'Lesson title' })
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Words', 'Warm-up']);
    expect(within(status).getByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it("adds accepted exercises to a lesson and saves the lessons' keys and exercises in order", async () => {
    params.templateId = '6';
    const calls = fakeApi({
      'GET /course-templates/6': () => json({ data: TEMPLATE }),
      'GET /exercises': () => json(EXERCISES),
      'PUT /course-templates/6': (call) => {
        const body = call.body as { lessons: { key: string; title: string; exercise_ids: number[] }[] };
        const lessons = body.lessons.map((one) =>
          lesson(
            one.key,
            one.title,
            one.exercise_ids.map((id) => ({ id, title: `Exercise ${id}` })),
          ),
        );
        return json({ data: { ...TEMPLATE, status: 'draft', lessons } });
      },
    });
    await renderInApp(<EditCourseTemplatePage />, { as: { roles: ['moderator'] } });
    const first = await screen.findByRole('region', { name: 'Lesson 1' });
    fireEvent.click(within(first).getByRole('button', { name: 'Add exercises to lesson 1' }));
    // An exercise the lesson holds is not offered twice.
    expect(await within(first).findByText('In the lesson')).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: 'Add “Radio” to lesson 1' }));
    fireEvent.click(within(first).getByRole('button', { name: 'Remove “Rolling R”' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect((put?.body as { lessons: unknown[] } | undefined)?.lessons).toEqual([
      expect.objectContaining({ key: K1, exercise_ids: [9] }),
      expect.objectContaining({ key: K2, exercise_ids: [2, 3] }),
    ]);
  });

  it('says under the lesson when it has no exercise, and sends nothing', async () => {
    const calls = fakeApi({});
    await renderInApp(<EditCourseTemplatePage />, { as: { roles: ['moderator'] } });
    const [name] = await screen.findAllByRole('textbox', { name: 'Name' });
    if (!name) throw new Error('no name field');
    fireEvent.change(name, { target: { value: 'Breathing' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Lesson title' }), { target: { value: 'First' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const lesson1 = screen.getByRole('region', { name: 'Lesson 1' });
    expect(await within(lesson1).findByRole('alert')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
