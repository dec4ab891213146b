import { describe, expect, it } from 'vitest';
import { loadOAuth, type OAuthFlow } from './load-oauth.ts';
import { atHand, keepAtHand } from './oauth-at-hand.ts';

describe('loadOAuth', () => {
  it('imports the sign-in code, which keeps itself at hand, and hands that out afterwards', async () => {
    const imported = await loadOAuth();
    const { finishLogin, beginLogin, refreshGrant, providerLogout, providerEndpoints } = imported;
    const kept = atHand();
    expect(kept).toEqual({ finishLogin, beginLogin, refreshGrant, providerLogout, providerEndpoints });
    expect(await loadOAuth()).toBe(kept);
  });

  it('hands out the sign-in code a page has run already, not another import of it', async () => {
    const before = atHand();
    const ran = { finishLogin: async () => ({ outcome: 'failed' }) } as unknown as OAuthFlow;
    keepAtHand(ran);
    try {
      expect(await loadOAuth()).toBe(ran);
    } finally {
      keepAtHand(before); // the test files share their modules
    }
  });
});
