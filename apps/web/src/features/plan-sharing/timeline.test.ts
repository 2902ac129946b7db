import type { PlanListItem } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { planEvent, timelineOf } from './timeline.ts';

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
