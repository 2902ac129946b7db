import { describe, expect, it } from 'vitest';
import { countryOptions, offsetOf, timeZoneOptions } from './zones.ts';

const JUNE = new Date('2026-06-15T12:00:00Z');
const find = (typed: string) =>
  timeZoneOptions(JUNE)
    .filter((zone) => zone.label.toLowerCase().includes(typed.toLowerCase()))
    .map((zone) => zone.value);

describe('the time zones a parent can search', () => {
  it('finds London, Los Angeles and Tel Aviv by their cities', () => {
    expect(find('London')).toContain('Europe/London');
    expect(find('Los Angeles')).toContain('America/Los_Angeles');
    expect(find('Tel Aviv')).toEqual(['Asia/Jerusalem']);
    expect(find('Jerusalem')).toEqual(['Asia/Jerusalem']);
  });

  it('names each zone with its offset now, ordered from west to east', () => {
    const label = (zone: string) => timeZoneOptions(JUNE).find((one) => one.value === zone)?.label;
    expect(label('Europe/London')).toBe('UTC+01:00 London (Europe/London)');
    expect(label('America/Los_Angeles')).toBe('UTC-07:00 Los Angeles (America/Los_Angeles)');
    expect(offsetOf('Europe/London', new Date('2026-01-15T12:00:00Z'))).toBe('UTC+00:00');
    const zones = timeZoneOptions(JUNE).map((zone) => zone.value);
    expect(zones.indexOf('America/Los_Angeles')).toBeLessThan(zones.indexOf('Europe/London'));
    expect(zones.indexOf('Europe/London')).toBeLessThan(zones.indexOf('Asia/Jerusalem'));
  });
});

describe('the countries', () => {
  it('are named in the page’s language', () => {
    expect(countryOptions('uk').find((country) => country.value === 'GB')?.label).toBe('Велика Британія');
    expect(countryOptions('pl').find((country) => country.value === 'IL')?.label).toBe('Izrael');
    expect(countryOptions('en').length).toBeGreaterThan(240);
  });
});
