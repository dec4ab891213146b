// Registration costs a password hash and says whether an email has an account: a client may try it
// only so often, and one email may be asked about only so often, from whatever clients
// (docs/decisions/0030-registration-answers.md).
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  authorizeQuery,
  call,
  createClock,
  formBody,
  openForm,
  pkce,
  startTestServer,
  type Clock,
} from '../test/helpers.ts';
import { registrationLimits } from './login-routes.ts';

let app: FastifyInstance;
let clock: Clock;
beforeEach(async () => {
  clock = createClock();
  app = await startTestServer({ trustProxy: ['10.0.0.0/8'], now: clock.now });
});
afterEach(() => app.close());

/** A registration through the proxy at 10.0.0.1 for the client at `client`. */
async function registerFrom(client: string, email: string) {
  const query = authorizeQuery(pkce().challenge);
  const page = await openForm(app, 'register', query);
  return call(app, {
    method: 'POST',
    url: '/ids/register',
    remoteAddress: '10.0.0.1',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: page.cookie, 'x-forwarded-for': client },
    payload: `${query}&${formBody({ csrf: page.csrf, display_name: 'New person', email, password: 'long-enough' })}`,
  });
}

describe('registration limits', () => {
  it('let one client register a few accounts an hour, then answer 429; another client still registers', async () => {
    for (let i = 0; i < registrationLimits.perClient; i++) {
      expect((await registerFrom('198.51.100.1', `flood-${i}@example.com`)).statusCode).toBe(302);
    }
    const refused = await registerFrom('198.51.100.1', 'flood-last@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers.location).toBeUndefined();
    expect(refused.body).toContain('Too many attempts');
    // The same /64 is the same client; a spoofed X-Forwarded-For list does not make it another.
    expect((await registerFrom('2001:db8::1, 198.51.100.1', 'flood-spoof@example.com')).statusCode).toBe(429);
    expect((await registerFrom('198.51.100.2', 'someone@example.com')).statusCode).toBe(302);
    // An hour later the client may register again.
    clock.advance(registrationLimits.windowMs);
    expect((await registerFrom('198.51.100.1', 'flood-later@example.com')).statusCode).toBe(302);
  });

  it('let anyone ask about one email only a few times an hour, however it is spelt and from whichever client', async () => {
    const spellings = ['anna@example.com', 'ANNA@example.com', ' Anna@Example.com '];
    for (let i = 0; i < registrationLimits.perEmail; i++) {
      const taken = await registerFrom(`198.51.100.${10 + i}`, spellings[i % spellings.length]!);
      expect(taken.statusCode).toBe(200);
      expect(taken.body).toContain('An account with this email address already exists.');
    }
    const refused = await registerFrom('198.51.100.99', 'anna@EXAMPLE.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).not.toContain('already exists');
    // A new email is limited alike: the limit itself says nothing about the email.
    for (let i = 0; i < registrationLimits.perEmail; i++) {
      const client = `198.51.100.${30 + i}`;
      const first = i === 0 ? 302 : 200;
      expect((await registerFrom(client, 'fresh@example.com')).statusCode).toBe(first);
    }
    expect((await registerFrom('198.51.100.98', 'fresh@example.com')).statusCode).toBe(429);
  });
});
