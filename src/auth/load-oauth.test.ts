import { describe, expect, it } from 'vitest';
import { loadOAuth, type OAuthFlow } from './load-oauth.ts';
import { atHand, keepAtHand } from './oauth-at-hand.ts';

describe('loadOAuth', () => {
  it('hands out the sign-in code, which keeps every function it exports at hand once evaluated', async () => {
    const loaded = await loadOAuth();
    const module: Record<string, unknown> = await import('./oauth-flow.ts');
    const exported = Object.entries(module).filter(([, value]) => typeof value === 'function');
    expect(exported.length).toBeGreaterThan(0);
    expect(atHand()).toEqual(Object.fromEntries(exported));
    expect(await loadOAuth()).toBe(atHand());
    expect(loaded.finishLogin).toBe(module.finishLogin);
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
