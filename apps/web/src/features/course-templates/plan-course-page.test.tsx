import type { Course } from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type * as ReactRouter from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { PlanCoursePage } from './plan-course-page.tsx';

const params: { protocolId?: string } = { protocolId: '5' };

vi.mock('react-router', async (original) => ({
  ...(await original<typeof ReactRouter>()),
  useParams: () => params,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

type CourseLesson = Course['lessons'][number];
type Change = Course['changes'][number];

const WARM_UP: CourseLesson = {
  key: 'k1',
  lesson_id: 41,
  number: 1,
  starts_at: '2099-03-02T14:00:00.000Z',
  held: true,
  version: 1,
  title: 'Warm-up',
  description_parents: 'Play at home',
  description_teacher: 'Start slow',
  exercises: [{ id: 1, title: 'Rolling R', themed: [{ theme_id: 4, theme_name: 'Space' }] }],
};
const WORDS: CourseLesson = {
  key: 'k2',
  lesson_id: 42,
  number: 2,
  starts_at: '2099-03-05T14:00:00.000Z',
  held: false,
  version: 1,
  title: 'Words',
  description_parents: '',
  description_teacher: '',
  exercises: [{ id: 2, title: 'Rabbit', themed: [] }],
};
const CHANGED: Change = {
  key: 'k2',
  change: 'changed',
  title: 'Words, more',
  fields: ['title', 'exercise_ids'],
  lesson_id: 42,
};
const ADDED: Change = { key: 'k3', change: 'added', title: 'Stories', fields: [], lesson_id: null };

const COURSE: Course = {
  id: 3,
  protocol_id: 5,
  client: { id: 8, child_name: 'Marko' },
  template: { id: 6, name: 'Sound [R] course' },
  started_version: 1,
  latest_version: 2,
  lessons: [WARM_UP, WORDS],
  changes: [CHANGED, ADDED],
  created_at: '2026-11-20T10:00:00.000Z',
};

const list = (course: Course | null) => () =>
  json({
    data: course ? [{ ...course, lessons: course.lessons.length, changes: course.changes.length }] : [],
  });

describe("a plan's course", () => {
  it('shows the lessons with their themed versions, and applies one lesson’s change', async () => {
    const applied: Course = {
      ...COURSE,
      lessons: [WARM_UP, { ...WORDS, title: 'Words, more', version: 2 }],
      changes: [ADDED],
    };
    const calls = fakeApi({
      'GET /courses': list(COURSE),
      'GET /courses/3': () => json({ data: COURSE }),
      'POST /courses/3/apply': () => json({ data: applied }),
    });
    await renderInApp(<PlanCoursePage />, { as: { roles: ['teacher'] } });
    expect(await screen.findByText('Sound [R] course: Marko')).toBeTruthy();
    expect(screen.getByText('Space version')).toBeTruthy();
    expect(screen.getByText('Held')).toBeTruthy();
    const changes = screen.getByRole('list', { name: 'Changes by lesson' });
    expect(within(changes).getByText('Changed: title, exercises')).toBeTruthy();
    fireEvent.click(within(changes).getByRole('button', { name: 'Apply the change of “Words, more”' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Apply the change of “Words, more”' })).toBeNull(),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ key: 'k2' });
    expect(screen.getByRole('button', { name: 'Keep “Stories” as it is' })).toBeTruthy();
  });

  it('says why an apply was refused', async () => {
    fakeApi({
      'GET /courses': list(COURSE),
      'GET /courses/3': () => json({ data: COURSE }),
      'POST /courses/3/keep': () =>
        json(
          { message: 'This lesson has no change waiting: it was applied or kept already.', code: 'conflict' },
          409,
        ),
    });
    await renderInApp(<PlanCoursePage />, { as: { roles: ['teacher'] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Keep “Stories” as it is' }));
    expect(
      await screen.findByText('This lesson has no change waiting: it was applied or kept already.'),
    ).toBeTruthy();
  });

  it('offers to start a course on a plan without one', async () => {
    fakeApi({
      'GET /courses': list(null),
      'GET /course-templates': () => json({ data: [], meta: { total: 0, page: 1, per_page: 100 } }),
    });
    await renderInApp(<PlanCoursePage />, { as: { roles: ['teacher'] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Start a course' }));
    expect(await screen.findByRole('dialog', { name: 'Start a course' })).toBeTruthy();
  });

  it('says why starting a course was refused: a course lesson that does not fit the plan', async () => {
    const refusal =
      'The course lesson “Words” does not fit the plan’s blocks. The block “Articulation” takes at most 3 presentations.';
    const calls = fakeApi({
      'GET /courses': list(null),
      'GET /course-templates': () =>
        json({
          data: [{ id: 6, name: 'Sound [R] course', lessons: 2, status: 'published', version: 1 }],
          meta: { total: 1, page: 1, per_page: 100 },
        }),
      'POST /courses': () => json({ message: refusal, code: 'conflict' }, 409),
    });
    await renderInApp(<PlanCoursePage />, { as: { roles: ['teacher'] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Start a course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a course' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Course template' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sound [R] course (2 lessons)' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Monday' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start the course' }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      protocol_id: 5,
      course_template_id: 6,
      weekdays: [1],
    });
  });
});
