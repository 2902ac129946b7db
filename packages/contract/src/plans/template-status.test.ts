import { describe, expect, it } from 'vitest';
import {
  TEMPLATE_ACTIONS,
  TEMPLATE_STATUSES,
  statusAfterEdit,
  templateActionsFor,
  templateTransition,
  type TemplateActor,
} from './template-status.ts';

describe('the protocol template status machine', () => {
  it.each([
    ['draft', 'submit', ['writer'], 'moderation'],
    ['moderation', 'withdraw', ['writer'], 'draft'],
    ['moderation', 'return', ['moderator'], 'draft'],
    ['draft', 'publish', ['moderator'], 'published'],
    ['moderation', 'publish', ['moderator'], 'published'],
    ['moderation', 'withdraw', ['writer', 'moderator'], 'draft'],
  ] as const)('%s --%s by %j--> %s', (from, action, actors, to) => {
    expect(templateTransition(from, action, actors)).toEqual({ to });
  });

  it('refuses a writer who is no moderator publishing or returning', () => {
    expect(templateTransition('moderation', 'publish', ['writer'])).toEqual({ refused: 'not_allowed' });
    expect(templateTransition('moderation', 'return', ['writer'])).toEqual({ refused: 'not_allowed' });
  });

  it('refuses a moderator sending a template for review, even their own: they publish it', () => {
    expect(templateTransition('draft', 'submit', ['moderator'])).toEqual({ refused: 'not_allowed' });
    expect(templateTransition('draft', 'submit', ['writer', 'moderator'])).toEqual({
      refused: 'not_allowed',
    });
    expect(templateActionsFor('draft', ['writer', 'moderator'])).toEqual(['publish']);
  });

  it('refuses actions from the wrong status', () => {
    expect(templateTransition('published', 'publish', ['moderator'])).toEqual({ refused: 'wrong_status' });
    expect(templateTransition('published', 'submit', ['writer'])).toEqual({ refused: 'wrong_status' });
    expect(templateTransition('draft', 'return', ['moderator'])).toEqual({ refused: 'wrong_status' });
  });

  it('offers exactly the actions that are allowed, for every status and actor set', () => {
    const actorSets: TemplateActor[][] = [[], ['writer'], ['moderator'], ['writer', 'moderator']];
    for (const status of TEMPLATE_STATUSES) {
      for (const actors of actorSets) {
        const offered = templateActionsFor(status, actors);
        for (const action of TEMPLATE_ACTIONS) {
          expect(offered.includes(action)).toBe('to' in templateTransition(status, action, actors));
        }
      }
    }
    expect(templateActionsFor('published', ['writer', 'moderator'])).toEqual([]);
  });

  it('an edit makes a published template a draft and keeps one in review in review', () => {
    expect(statusAfterEdit('published')).toBe('draft');
    expect(statusAfterEdit('draft')).toBe('draft');
    expect(statusAfterEdit('moderation')).toBe('moderation');
  });
});
