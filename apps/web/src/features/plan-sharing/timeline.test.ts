import { dayIn, type PathDiagnosis, type PathLesson, type PlanListItem } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { diagnosisEvent, lessonEvent, planEvent, timelineOf } from './timeline.ts';

const plan = (id: number, deadline: string) => ({ id, deadline }) as PlanListItem;
const keys = (entries: ReturnType<typeof timelineOf>) => entries.map((entry) => entry.key);

describe('the correction path timeline', () => {
  it('orders plans by date, the earliest first, and marks today among them', () => {
    const events = [plan(1, '2030-05-01'), plan(2, '2029-01-10'), plan(3, '2031-02-01')].map(planEvent);
    expect(keys(timelineOf(events, '2030-01-01'))).toEqual(['plan-2', 'today', 'plan-1', 'plan-3']);
  });

  it('puts a plan whose last day is today after the marker: it still runs', () => {
    const events = [plan(1, '2030-01-01'), plan(2, '2029-12-31')].map(planEvent);
    expect(keys(timelineOf(events, '2030-01-01'))).toEqual(['plan-2', 'today', 'plan-1']);
  });

  it('puts the marker first or last when every plan is ahead or past', () => {
    expect(keys(timelineOf([planEvent(plan(1, '2031-01-01'))], '2030-01-01'))).toEqual(['today', 'plan-1']);
    expect(keys(timelineOf([planEvent(plan(1, '2029-01-01'))], '2030-01-01'))).toEqual(['plan-1', 'today']);
  });

  it('keeps the given order of one day and shows nothing without events', () => {
    const events = [plan(7, '2030-03-03'), plan(4, '2030-03-03')].map(planEvent);
    expect(keys(timelineOf(events, '2020-01-01'))).toEqual(['today', 'plan-7', 'plan-4']);
    expect(timelineOf([], '2030-01-01')).toEqual([]);
  });
});

describe('lessons and diagnoses on the path', () => {
  const lesson = (id: number, heldAt: string) => ({ id, held_at: heldAt }) as PathLesson;
  const diagnosis = (id: number, day: string) => ({ id, diagnosed_on: day }) as PathDiagnosis;
  // The day of a moment in a time zone two hours ahead of UTC.
  const dayOf = (iso: string) => dayIn('Europe/Kyiv', new Date(iso));

  it('puts lessons held and diagnoses among the plans by date', () => {
    const events = [
      planEvent(plan(1, '2030-03-01')),
      lessonEvent(lesson(5, '2030-02-10T09:00:00Z'), dayOf),
      diagnosisEvent(diagnosis(9, '2030-01-05')),
      lessonEvent(lesson(6, '2030-01-20T09:00:00Z'), dayOf),
    ];
    expect(keys(timelineOf(events, '2030-02-15'))).toEqual([
      'diagnosis-9',
      'lesson-6',
      'lesson-5',
      'today',
      'plan-1',
    ]);
  });

  it("dates a lesson by the teacher's day, not UTC's", () => {
    // 23:30 UTC on 31 January is already 1 February in Kyiv.
    expect(lessonEvent(lesson(1, '2030-01-31T23:30:00Z'), dayOf).date).toBe('2030-02-01');
  });

  it('puts what was done today before the marker, and a plan ending today after it', () => {
    const events = [
      planEvent(plan(1, '2030-02-15')),
      lessonEvent(lesson(2, '2030-02-15T08:00:00Z'), dayOf),
      diagnosisEvent(diagnosis(3, '2030-02-15')),
    ];
    expect(keys(timelineOf(events, '2030-02-15'))).toEqual(['lesson-2', 'diagnosis-3', 'today', 'plan-1']);
  });
});
