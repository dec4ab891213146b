import { describe, expect, it } from 'vitest';
import { FIELD_MAX_ITEMS, FIELD_PATH, type FieldBody } from '../contract/field-data.ts';
import { fieldDataAllowed } from '../field/field-consent.ts';
import { createFieldBatch } from '../field/field-batch.ts';
import { recordField, takeFieldEvents } from '../field/record.ts';
import { routeNameOf } from '../field/route-name.ts';
import { startField, type RouterLocations } from './start-field.ts';

type State = RouterLocations['state'];

function fakeRouter(first: Omit<State['location'], 'key'>) {
  const listeners: ((state: State) => void)[] = [];
  let key = 0;
  const router: RouterLocations = {
    state: { location: { ...first, key: String(key) } },
    subscribe: (listener) => (listeners.push(listener), () => undefined),
  };
  const go = (pathname: string, search = '') => {
    router.state = { location: { pathname, search, key: String(++key) } };
    for (const listener of listeners) listener(router.state);
  };
  return { router, go };
}

const hide = () => window.dispatchEvent(new Event('pagehide'));

describe('field measurements in the browser', () => {
  it('names a page by its route, never by its address', () => {
    expect(routeNameOf('/my-account/invite/SECRET-CODE')).toBe('invite');
    expect(routeNameOf('/my-account/invite/SECRET-CODE/invalid')).toBe('invalid');
    expect(routeNameOf('/my-account')).toBe('home');
    expect(routeNameOf('/my-account/nowhere')).toBeUndefined();
    expect(routeNameOf('/elsewhere/invite/x')).toBeUndefined();
  });

  it('sends nothing when Do Not Track or Global Privacy Control is set', () => {
    expect(fieldDataAllowed({ doNotTrack: '1' } as Navigator)).toBe(false);
    expect(fieldDataAllowed({ doNotTrack: null, globalPrivacyControl: true } as Navigator)).toBe(false);
    expect(fieldDataAllowed({ doNotTrack: '0', globalPrivacyControl: false } as Navigator)).toBe(true);
  });

  it('sends a full batch at once and the rest when the page is left', () => {
    const sent: string[] = [];
    const batch = createFieldBatch((url, body) => sent.push(`${url} ${body}`));
    for (let i = 0; i <= FIELD_MAX_ITEMS; i++) batch.event('accept');
    expect(sent).toHaveLength(1);
    batch.flush();
    batch.flush();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(`${FIELD_PATH} {"events":["accept"],"vitals":[]}`);
  });

  it('counts the journey from the pages shown and the events kept before it started', () => {
    const bodies: FieldBody[] = [];
    takeFieldEvents(() => undefined)(); // what other tests' pages kept
    recordField('accept'); // before the field code runs: kept
    const { router, go } = fakeRouter({ pathname: '/my-account/invite/C0DE', search: '' });
    const stop = startField({
      router,
      serverRendered: true,
      landing: '/my-account/invite/C0DE',
      returning: false,
      post: (_url, body) => bodies.push(JSON.parse(body) as FieldBody),
    });
    recordField('sign_in_started');
    go('/my-account/invite/C0DE/accepted');
    go('/my-account/invite/OTHER');
    go('/my-account/invite/OTHER/invalid', '?reason=expired');
    go('/my-account/invite/OTHER/invalid', '?reason=revoked');
    go('/my-account/invite/OTHER/invalid', '?reason=javascript:alert(1)');
    go('/my-account/invite/OTHER/decline');
    hide();
    stop();
    recordField('confirm'); // kept again, for a page's field code to come
    hide();
    expect(bodies.flatMap((body) => body.events)).toEqual([
      'invite_shown_server',
      'accept',
      'sign_in_started',
      'redeemed',
      'invite_shown_browser',
      'failed_expired',
      'failed_withdrawn',
      'failed_invalid',
      'decline',
    ]);
    expect(JSON.stringify(bodies)).not.toMatch(/C0DE|OTHER|my-account|invite\//);
  });
});
