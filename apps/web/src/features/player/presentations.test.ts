import { describe, expect, it } from 'vitest';
import { nextPlace, previousPlace, shownSlide } from './presentations.ts';

describe('the player’s places', () => {
  it('goes slide by slide, then to the next presentation’s first slide, and stops at the end', () => {
    expect(nextPlace({ index: 0, slide: 0 }, 3, 2)).toEqual({ index: 0, slide: 1 });
    expect(nextPlace({ index: 0, slide: 2 }, 3, 2)).toEqual({ index: 1, slide: 0 });
    expect(nextPlace({ index: 1, slide: 0 }, 1, 2)).toBeNull();
    // A presentation without slides is one step.
    expect(nextPlace({ index: 0, slide: 0 }, 0, 2)).toEqual({ index: 1, slide: 0 });
  });

  it('goes back to the previous presentation’s last slide, and stops at the start', () => {
    expect(previousPlace({ index: 1, slide: 1 }, 3)).toEqual({ index: 1, slide: 0 });
    expect(previousPlace({ index: 1, slide: 0 }, 3)).toEqual({ index: 0, slide: -1 });
    expect(shownSlide({ index: 0, slide: -1 }, 4)).toBe(3);
    expect(previousPlace({ index: 0, slide: -1 }, 4)).toEqual({ index: 0, slide: 2 });
    expect(previousPlace({ index: 0, slide: 0 }, 4)).toBeNull();
  });
});
