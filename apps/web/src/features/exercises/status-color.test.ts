import { EXERCISE_STATUS_NAMES } from '@logoschool/contract';
import { DEFAULT_THEME, mergeMantineTheme, parseThemeColor } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '../../lib/theme.ts';
import { statusBadgeColor } from './status-color.ts';

const mantine = mergeMantineTheme(DEFAULT_THEME, theme);

/** #rgb as #rrggbb. */
const long = (hex: string) =>
  hex.length === 4 ? `#${[...hex.slice(1)].map((digit) => digit + digit).join('')}` : hex;

/** The channels of a #rgb or #rrggbb colour, 0 to 1. */
const channels = (hex: string) =>
  [1, 3, 5].map((at) => Number.parseInt(long(hex).slice(at, at + 2), 16) / 255) as [number, number, number];

/** WCAG relative luminance of a colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((channel) => {
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** The hue of a colour, in degrees. */
function hue(hex: string): number {
  const [r, g, b] = channels(hex);
  const max = Math.max(r, g, b);
  const span = max - Math.min(r, g, b);
  if (span === 0) return 0;
  const sector = max === r ? ((g - b) / span) % 6 : max === g ? (b - r) / span + 2 : (r - g) / span + 4;
  return (sector * 60 + 360) % 360;
}

/** A filled badge with `autoContrast`, as Mantine draws it: its background and its text. */
function badge(color: string) {
  const parsed = parseThemeColor({ color, theme: mantine });
  return { background: parsed.value, text: parsed.isLight ? mantine.black : mantine.white };
}

describe('the status badges', () => {
  it.each(EXERCISE_STATUS_NAMES)('%s: its text passes WCAG AA on its colour', (status) => {
    const { background, text } = badge(statusBadgeColor(status));
    expect(contrast(background, text)).toBeGreaterThanOrEqual(4.5);
  });

  it('shows moderation yellow, not orange (spec §3), with dark text', () => {
    const { background, text } = badge(statusBadgeColor('moderation'));
    expect(hue(background)).toBeGreaterThanOrEqual(45);
    expect(hue(background)).toBeLessThanOrEqual(60);
    expect(text).toBe(mantine.black);
  });

  it('keeps the other colours of the spec: accepted green, declined red, draft gray, request blue', () => {
    expect(hue(badge(statusBadgeColor('accepted')).background)).toBeGreaterThan(90);
    expect(hue(badge(statusBadgeColor('accepted')).background)).toBeLessThan(180);
    expect(hue(badge(statusBadgeColor('declined')).background)).toBeLessThan(15);
    expect(statusBadgeColor('draft')).toMatch(/^gray\./);
    expect(statusBadgeColor('request')).toMatch(/^blue\./);
  });
});
