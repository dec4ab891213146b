import { describe, expect, it } from 'vitest';
import { handOverReads, takeRead } from '../contract/page-protocol.ts';
import { stagedHydration } from '../ui/use-hydrated.ts';
import { browserNavigation, browserRouter } from './navigation.ts';

const READ = '/api/v1/bike';
const AUTHORIZATION = 'Bearer a-token';
const routes = [{ path: '/' }, { path: '/login' }];

describe('the browser router', () => {
  it("drops the page script's untaken reads once it shows another page, as the server's page is no longer shown", async () => {
    window.history.replaceState(null, '', '/my-account/');
    const serverPage = { shown: true, stages: stagedHydration(false) };
    handOverReads({
      authorization: AUTHORIZATION,
      answers: new Map([[new URL(READ, window.location.href).href, Promise.resolve(new Response('[]'))]]),
    });
    const router = browserRouter(routes, undefined, browserNavigation(), serverPage);
    try {
      await router.navigate('/login');
      expect(serverPage.shown).toBe(false);
      expect(takeRead(READ, AUTHORIZATION)).toBeUndefined();
    } finally {
      router.dispose();
    }
  });
});
