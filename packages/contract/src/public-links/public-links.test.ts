import { describe, expect, it } from 'vitest';
import { PUBLIC_LINK_TOKEN_MAX, publicLinkParams, publicLinkSchema, publicLinkUrl } from './public-links.ts';

describe('public links', () => {
  it('reads any token up to its bound (a wrong one is the link’s 404, not a 422)', () => {
    expect(publicLinkParams.safeParse({ token: 'x' }).success).toBe(true);
    expect(publicLinkParams.safeParse({ token: 'x'.repeat(PUBLIC_LINK_TOKEN_MAX) }).success).toBe(true);
    expect(publicLinkParams.safeParse({ token: 'x'.repeat(PUBLIC_LINK_TOKEN_MAX + 1) }).success).toBe(false);
  });

  it('writes a page’s address for a token', () => {
    expect(publicLinkUrl('https://school.test', '/view-protocol-plan', 'abc')).toBe(
      'https://school.test/view-protocol-plan/abc',
    );
  });

  it('says nothing of the token besides the link to pass on', () => {
    const link = publicLinkSchema.parse({
      url: null,
      link_state: 'withdrawn',
      issued_at: '2026-11-01T10:00:00.000Z',
      withdrawn_at: '2026-11-02T10:00:00.000Z',
      token: 'secret',
      subject_id: 5,
    });
    expect(Object.keys(link).sort()).toEqual(['issued_at', 'link_state', 'url', 'withdrawn_at']);
  });
});
