import { describe, expect, it } from 'vitest';
import {
  AUTO_MODERATION_RULES,
  DEFAULT_AUTO_MODERATION,
  autoModerationOutcome,
  autoModerationSettingsInput,
  checkExercise,
  readAutoModerationSettings,
  type AutoModerationRule,
  type ExerciseFacts,
} from './auto-moderation.ts';

const GOOD: ExerciseFacts = {
  has_deck: true,
  slide_count: 2,
  slide_texts: ['Words', 'Rhymes'],
  title_taken: false,
  category_id: 7,
  tag_count: 1,
  instruction: 'Say each word twice',
  description: 'Pictures for [R]',
};

const ALL = { valid_deck: true, unique_title: true, required_fields: true, no_empty_slides: true };
const only = (rule: AutoModerationRule) =>
  Object.fromEntries(AUTO_MODERATION_RULES.map((name) => [name, name === rule])) as typeof ALL;
const NONE = { valid_deck: false, unique_title: false, required_fields: false, no_empty_slides: false };

describe('checkExercise', () => {
  it('finds nothing in a complete exercise', () => {
    expect(checkExercise(GOOD, ALL)).toEqual([]);
  });

  it('valid_deck: a deck with at least one slide', () => {
    expect(
      checkExercise({ ...GOOD, has_deck: false, slide_count: null, slide_texts: [] }, only('valid_deck')),
    ).toEqual([{ rule: 'valid_deck' }]);
    expect(checkExercise({ ...GOOD, slide_count: 0, slide_texts: [] }, only('valid_deck'))).toEqual([
      { rule: 'valid_deck' },
    ]);
    expect(checkExercise(GOOD, only('valid_deck'))).toEqual([]);
  });

  it('unique_title: the title is not taken', () => {
    expect(checkExercise({ ...GOOD, title_taken: true }, only('unique_title'))).toEqual([
      { rule: 'unique_title' },
    ]);
  });

  it('required_fields: names every missing field', () => {
    const bare: ExerciseFacts = {
      ...GOOD,
      has_deck: false,
      category_id: null,
      tag_count: 0,
      instruction: ' ',
      description: '',
    };
    expect(checkExercise(bare, only('required_fields'))).toEqual([
      {
        rule: 'required_fields',
        fields: ['category_id', 'tag_ids', 'presentation', 'instruction', 'description'],
      },
    ]);
    expect(checkExercise({ ...GOOD, instruction: '' }, only('required_fields'))).toEqual([
      { rule: 'required_fields', fields: ['instruction'] },
    ]);
  });

  it('no_empty_slides: names the slides with no text, 1-based', () => {
    const facts = { ...GOOD, slide_count: 4, slide_texts: ['Words', '', ' \n', 'More'] };
    expect(checkExercise(facts, only('no_empty_slides'))).toEqual([
      { rule: 'no_empty_slides', slides: [2, 3] },
    ]);
    // A slide the text does not reach is empty too.
    expect(checkExercise({ ...GOOD, slide_count: 3 }, only('no_empty_slides'))).toEqual([
      { rule: 'no_empty_slides', slides: [3] },
    ]);
  });

  it('runs only the rules switched on, in the rules order', () => {
    const bad: ExerciseFacts = { ...GOOD, title_taken: true, slide_texts: ['', 'x'], description: '' };
    expect(checkExercise(bad, NONE)).toEqual([]);
    expect(checkExercise(bad, ALL).map((problem) => problem.rule)).toEqual([
      'unique_title',
      'required_fields',
      'no_empty_slides',
    ]);
  });
});

describe('autoModerationOutcome', () => {
  const on = { ...DEFAULT_AUTO_MODERATION, enabled: true };
  it('leaves everything to the moderator while off', () => {
    expect(autoModerationOutcome(DEFAULT_AUTO_MODERATION, [{ rule: 'valid_deck' }])).toBe('moderation');
  });
  it('declines on any problem, else accepts or leaves it as on_pass says', () => {
    expect(autoModerationOutcome({ ...on, on_pass: 'accept' }, [{ rule: 'unique_title' }])).toBe('declined');
    expect(autoModerationOutcome({ ...on, on_pass: 'accept' }, [])).toBe('accepted');
    expect(autoModerationOutcome({ ...on, on_pass: 'leave_for_moderator' }, [])).toBe('moderation');
  });
});

describe('the settings', () => {
  it('need every rule, and nothing else', () => {
    expect(autoModerationSettingsInput.safeParse(DEFAULT_AUTO_MODERATION).success).toBe(true);
    const { valid_deck: _dropped, ...fewer } = ALL;
    expect(autoModerationSettingsInput.safeParse({ ...DEFAULT_AUTO_MODERATION, rules: fewer }).success).toBe(
      false,
    );
    expect(
      autoModerationSettingsInput.safeParse({ ...DEFAULT_AUTO_MODERATION, rules: { ...ALL, extra: true } })
        .success,
    ).toBe(false);
  });
  it('read a stored value that does not parse as the default', () => {
    expect(readAutoModerationSettings({ enabled: 'yes' })).toEqual(DEFAULT_AUTO_MODERATION);
    expect(readAutoModerationSettings({ ...DEFAULT_AUTO_MODERATION, enabled: true }).enabled).toBe(true);
  });
});
