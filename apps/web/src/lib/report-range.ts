import {
  LESSON_STATISTICS_DEFAULT_DAYS,
  LOCAL_KEYS,
  reportRangeSchema,
  type ReportRange,
} from '@logoschool/contract';
import dayjs from 'dayjs';
import { readLocal, writeLocal } from './local-storage.ts';

/** The days a report covers: 'YYYY-MM-DD', both included. */
export type DayRange = Pick<ReportRange, 'from' | 'to'>;

/** The default range: the last LESSON_STATISTICS_DEFAULT_DAYS days, today included. */
export function defaultRange(today: string = dayjs().format('YYYY-MM-DD')): DayRange {
  return {
    from: dayjs(today)
      .subtract(LESSON_STATISTICS_DEFAULT_DAYS - 1, 'day')
      .format('YYYY-MM-DD'),
    to: today,
  };
}

/**
 * The range kept in the browser under `reportRange` (spec §3, §9), as JSON `{ from, to }`: one
 * range for the lesson statistics and the contractors' reports, cleared when the project changes;
 * the default when none is kept or the kept one is not a valid range (the contract's rules).
 */
export function readReportRange(today?: string): DayRange {
  const kept = readLocal(LOCAL_KEYS.reportRange);
  if (kept) {
    try {
      const parsed = reportRangeSchema.safeParse(JSON.parse(kept));
      if (parsed.success) return { from: parsed.data.from, to: parsed.data.to };
    } catch {
      // Not JSON: the default.
    }
  }
  return defaultRange(today);
}

/** Keeps a range for the next visit. */
export function writeReportRange(range: DayRange): void {
  writeLocal(LOCAL_KEYS.reportRange, JSON.stringify({ from: range.from, to: range.to }));
}
