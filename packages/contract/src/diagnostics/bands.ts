import type { FormulaError } from './formula-errors.ts';

/** A band of a computed block's value: `from` to `to`, both included ("0–4: severe"). */
export interface ValueBand {
  from: number;
  to: number;
}

/** The index of the first band holding `value`, or null when none does. */
export function bandFor(value: number, bands: readonly ValueBand[]): number | null {
  const index = bands.findIndex((band) => band.from <= value && value <= band.to);
  return index === -1 ? null : index;
}

/** A problem of one band (`index` from 0; the texts' `band` and `other` count from 1). */
export interface BandError {
  index: number;
  error: FormulaError;
}

/**
 * What is wrong with a block's bands: a band whose start is after its end, and each band that
 * shares values with an earlier one (ends are included, so 0–4 and 4–8 overlap at 4).
 */
export function checkBands(bands: readonly ValueBand[]): BandError[] {
  const errors: BandError[] = [];
  bands.forEach((band, index) => {
    if (band.from > band.to) {
      errors.push({ index, error: { code: 'band_reversed', params: { band: index + 1 } } });
      return;
    }
    const other = bands.findIndex(
      (earlier, before) =>
        before < index && earlier.from <= earlier.to && earlier.from <= band.to && band.from <= earlier.to,
    );
    if (other !== -1) {
      errors.push({ index, error: { code: 'band_overlap', params: { band: index + 1, other: other + 1 } } });
    }
  });
  return errors;
}
