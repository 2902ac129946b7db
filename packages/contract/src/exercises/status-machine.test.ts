import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXERCISE_STATUS,
  EXERCISE_STATUS_COLORS,
  EXERCISE_STATUS_IDS,
  EXERCISE_STATUS_NAMES,
  EXERCISE_STATUS_TABS,
  EXERCISE_TRANSITIONS,
  allowedTransitions,
  changesVerdict,
  commentRequired,
  completenessProblems,
  exerciseStatusName,
  isExerciseStatusId,
  isSubmission,
  isRequestOverdue,
  isTake,
  mustBeComplete,
  transitionRefusal,
  transitionStep,
  type ExerciseActor,
  type ExerciseStatusName,
} from './status-machine.ts';

const ACTORS: readonly ExerciseActor[] = ['author', 'owner', 'moderator'];

describe('status ids', () => {
  it('are the numbers of spec §3', () => {
    expect(EXERCISE_STATUS).toEqual({ accepted: 1, declined: 2, moderation: 3, draft: 4, request: 5 });
  });

  it('map to names and back, and nothing else is a status', () => {
    for (const name of EXERCISE_STATUS_NAMES) expect(exerciseStatusName(EXERCISE_STATUS[name])).toBe(name);
    for (const id of [0, 6, -1, 1.5, Number.NaN]) {
      expect(isExerciseStatusId(id)).toBe(false);
      expect(exerciseStatusName(id)).toBeUndefined();
    }
    expect(EXERCISE_STATUS_IDS.every(isExerciseStatusId)).toBe(true);
  });

  it('have the colours of spec §3 and a tab each', () => {
    expect(EXERCISE_STATUS_COLORS).toEqual({
      accepted: 'green',
      declined: 'red',
      moderation: 'yellow',
      draft: 'gray',
      request: 'blue',
    });
    expect([...EXERCISE_STATUS_TABS].sort()).toEqual([...EXERCISE_STATUS_NAMES].sort());
  });
});

/**
 * The machine written out by hand: from → to → who may. Every pair not listed is refused to
 * everyone. Changing the machine must change this table too.
 */
const EXPECTED: Partial<Record<ExerciseStatusName, Partial<Record<ExerciseStatusName, ExerciseActor[]>>>> = {
  request: { draft: ['author'] },
  draft: { moderation: ['owner'] },
  moderation: { accepted: ['moderator'], declined: ['moderator'], draft: ['owner'] },
  // The author resubmits; a moderator takes a decline back (to review, or accepting after all).
  declined: { draft: ['owner'], moderation: ['owner', 'moderator'], accepted: ['moderator'] },
  // A moderator takes an acceptance back: declined with a comment, or to review again.
  accepted: { declined: ['moderator'], moderation: ['moderator'] },
};

const pairs = EXERCISE_STATUS_NAMES.flatMap((from) => EXERCISE_STATUS_NAMES.map((to) => [from, to] as const));

describe('the status machine', () => {
  it('lists exactly the transitions of this test', () => {
    const listed = EXERCISE_TRANSITIONS.map(({ from, to, by }) => `${from}→${to}:${by}`).sort();
    const expected = Object.entries(EXPECTED)
      .flatMap(([from, targets]) =>
        Object.entries(targets ?? {}).flatMap(([to, by]) => by.map((actor) => `${from}→${to}:${actor}`)),
      )
      .sort();
    expect(listed).toEqual(expected);
  });

  describe.each(pairs)('%s → %s', (from, to) => {
    const allowedBy = EXPECTED[from]?.[to];

    it.each(ACTORS)('for a lone %s', (actor) => {
      const refusal = transitionRefusal(from, to, [actor]);
      if (from === to) expect(refusal).toBe('status_unchanged');
      else if (!allowedBy) expect(refusal).toBe('transition_refused');
      else expect(refusal).toBe(allowedBy.includes(actor) ? null : 'forbidden');
    });

    it('for nobody, and for everyone at once', () => {
      const none = transitionRefusal(from, to, []);
      const all = transitionRefusal(from, to, ACTORS);
      if (from === to) {
        expect([none, all]).toEqual(['status_unchanged', 'status_unchanged']);
      } else if (!allowedBy) {
        expect([none, all]).toEqual(['transition_refused', 'transition_refused']);
      } else {
        expect([none, all]).toEqual(['forbidden', null]);
      }
    });
  });

  it('refuses an unchanged status before anything else, whoever asks', () => {
    for (const status of EXERCISE_STATUS_NAMES) {
      for (const actors of [[], ['moderator'], ACTORS] as ExerciseActor[][]) {
        expect(transitionRefusal(status, status, actors)).toBe('status_unchanged');
      }
    }
  });

  it('never leads back into request', () => {
    for (const from of EXERCISE_STATUS_NAMES) {
      expect(transitionRefusal(from, 'request', ACTORS)).not.toBeNull();
    }
  });

  it('offers each actor exactly the changes it may make (property)', () => {
    const status = fc.constantFrom(...EXERCISE_STATUS_NAMES);
    fc.assert(
      fc.property(status, fc.subarray([...ACTORS]), (from, actors) => {
        const offered = allowedTransitions(from, actors);
        for (const to of EXERCISE_STATUS_NAMES) {
          expect(offered.includes(to)).toBe(transitionRefusal(from, to, actors) === null);
        }
      }),
    );
  });

  it('offers the author flow: request → draft → moderation → declined → moderation → accepted', () => {
    expect(allowedTransitions('request', ['author'])).toEqual(['draft']);
    expect(allowedTransitions('draft', ['author', 'owner'])).toEqual(['moderation']);
    expect(allowedTransitions('draft', ['author'])).toEqual([]);
    expect(allowedTransitions('moderation', ['moderator'])).toEqual(['accepted', 'declined']);
    expect(allowedTransitions('moderation', ['author', 'owner'])).toEqual(['draft']);
    expect(allowedTransitions('declined', ['author', 'owner'])).toEqual(['moderation', 'draft']);
    expect(allowedTransitions('accepted', ['author', 'owner'])).toEqual([]);
  });

  it('lets a moderator take a verdict back, and only a moderator', () => {
    expect(allowedTransitions('declined', ['moderator'])).toEqual(['accepted', 'moderation']);
    expect(allowedTransitions('accepted', ['moderator'])).toEqual(['declined', 'moderation']);
    expect(allowedTransitions('declined', ['author'])).toEqual([]);
    expect(allowedTransitions('accepted', ['author', 'owner'])).toEqual([]);
    for (const [from, to] of pairs) {
      const byModerator = EXPECTED[from]?.[to]?.includes('moderator') ?? false;
      expect(changesVerdict(from, to, ['moderator'])).toBe(
        byModerator && (from === 'accepted' || from === 'declined'),
      );
      // An author resubmitting a declined exercise takes nothing back.
      expect(changesVerdict(from, to, ['author', 'owner'])).toBe(false);
    }
  });

  it('runs auto-moderation on the author’s submission only, never on a moderator’s reopening', () => {
    expect(isSubmission('draft', 'moderation', ['author', 'owner'])).toBe(true);
    expect(isSubmission('declined', 'moderation', ['author', 'owner'])).toBe(true);
    expect(isSubmission('declined', 'moderation', ['moderator'])).toBe(false);
    expect(isSubmission('accepted', 'moderation', ['moderator'])).toBe(false);
    // Someone who both writes and moderates submits their own exercise as its author.
    expect(isSubmission('declined', 'moderation', ['author', 'owner', 'moderator'])).toBe(true);
    expect(isSubmission('declined', 'draft', ['author', 'owner'])).toBe(false);
    expect(isSubmission('draft', 'moderation', ['author'])).toBe(false);
  });

  it('names the step a change is made as, or none', () => {
    expect(transitionStep('declined', 'moderation', ['moderator'])).toEqual({
      from: 'declined',
      to: 'moderation',
      by: 'moderator',
    });
    expect(transitionStep('declined', 'moderation', ['moderator', 'author', 'owner'])?.by).toBe('owner');
    expect(transitionStep('declined', 'accepted', ['author', 'owner'])).toBeNull();
    expect(transitionStep('draft', 'draft', ['author', 'owner', 'moderator'])).toBeNull();
  });

  it('needs a comment to decline, and only then', () => {
    for (const status of EXERCISE_STATUS_NAMES) expect(commentRequired(status)).toBe(status === 'declined');
  });

  it('takes a request only from request to draft', () => {
    for (const [from, to] of pairs) expect(isTake(from, to)).toBe(from === 'request' && to === 'draft');
  });
});

describe('completeness', () => {
  const complete = { category_id: 3, tag_count: 1, slide_count: 5 };

  it('needs a category, a tag and a presentation, in field order', () => {
    expect(completenessProblems(complete)).toEqual([]);
    expect(completenessProblems({ category_id: null, tag_count: 0, slide_count: null })).toEqual([
      'category_id',
      'tag_ids',
      'presentation',
    ]);
    expect(completenessProblems({ ...complete, category_id: null })).toEqual(['category_id']);
    expect(completenessProblems({ ...complete, tag_count: 0 })).toEqual(['tag_ids']);
    expect(completenessProblems({ ...complete, slide_count: null })).toEqual(['presentation']);
    expect(completenessProblems({ ...complete, slide_count: 0 })).toEqual(['presentation']);
  });

  it('is required in moderation and accepted; drafts, declined and requests may be incomplete', () => {
    expect(EXERCISE_STATUS_NAMES.filter(mustBeComplete)).toEqual(['accepted', 'moderation']);
  });
});

describe('isRequestOverdue', () => {
  it('is past the deadline while the work is with the author', () => {
    expect(isRequestOverdue('2025-03-01', 'request', '2025-03-02')).toBe(true);
    expect(isRequestOverdue('2025-03-01', 'draft', '2025-03-02')).toBe(true);
    expect(isRequestOverdue('2025-03-01', 'declined', '2025-03-02')).toBe(true);
    expect(isRequestOverdue('2025-03-01', 'moderation', '2025-03-02')).toBe(false);
    expect(isRequestOverdue('2025-03-01', 'accepted', '2025-03-02')).toBe(false);
  });

  it('is not overdue on the deadline day itself', () => {
    expect(isRequestOverdue('2025-03-01', 'request', '2025-03-01')).toBe(false);
    expect(isRequestOverdue('2025-03-01', 'request', '2025-02-28')).toBe(false);
  });
});
