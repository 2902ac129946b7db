import { LOCAL_KEYS } from '@logoschool/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultRange, readReportRange, writeReportRange } from './report-range.ts';

afterEach(() => window.localStorage.clear());

describe('the report range kept in the browser', () => {
  it('is the last 30 days, today included, when none is kept', () => {
    expect(readReportRange('2026-03-10')).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(defaultRange('2026-01-05')).toEqual({ from: '2025-12-07', to: '2026-01-05' });
  });

  it('is kept under reportRange and read back', () => {
    writeReportRange({ from: '2026-01-01', to: '2026-01-31' });
    expect(window.localStorage.getItem(LOCAL_KEYS.reportRange)).toBe(
      '{"from":"2026-01-01","to":"2026-01-31"}',
    );
    expect(readReportRange('2026-03-10')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });

  it('falls back to the default for a kept value that is no valid range', () => {
    for (const kept of [
      'nonsense',
      '{"from":"2026-02-01"}',
      '{"from":"2026-03-01","to":"2026-02-01"}',
      '{"from":"2020-01-01","to":"2026-01-01"}',
    ]) {
      window.localStorage.setItem(LOCAL_KEYS.reportRange, kept);
      expect(readReportRange('2026-03-10'), kept).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    }
  });
});
