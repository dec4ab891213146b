// @vitest-environment node
// The server renderer from its sources, without a build: what the app server gets for a page (the
// built renderer, served, is tested in app-server/ and demo/).
import { describe, expect, it, vi } from 'vitest';
import en from '../../public/i18n/en.json';
import type { ServerData } from '../app/server-data.ts';
import { DEFAULT_CONFIG } from '../config/defaults.ts';
import { parseConfig } from '../config/parse-config.ts';
import { SAMPLE_USER_AGENTS } from '../device/sample-user-agents.ts';
import type { BikeInvite } from '../invite/invite-api.ts';
import { createRenderer } from './render-page.tsx';
import type { InviteAnswer, Renderer } from './renderer-contract.ts';

// Made by vite.config.ts at build time; the renderer only hands it on.
vi.mock('virtual:page-script', () => ({ default: '/* the page script */' }));
vi.mock('virtual:signed-in-script', () => ({ default: '/* the signed-in script */' }));

const SOFIE: BikeInvite = {
  owner_display_name: 'Sofie de Vries',
  bike_name: 'Family cargo bike',
  bike_image_url: '/media/bikes/cargo-bike.jpg',
  status: 'pending',
};

function renderer(config: object = { app: 'qwic', languages: ['en', 'nl'] }): Renderer {
  const parsed = parseConfig(JSON.stringify(config));
  if (!parsed.ok) throw new Error(parsed.detail);
  return createRenderer({ config: parsed.config, texts: { en } });
}

const answering = (answer: InviteAnswer) => async () => answer;

async function render(address: string, answer: InviteAnswer = { ok: true, body: SOFIE }) {
  return renderer().render({
    address,
    language: { language: 'en', reason: 'browser' },
    userAgent: SAMPLE_USER_AGENTS.Android,
    readInvite: answering(answer),
  });
}

const dataOf = (page: { data: string }) => JSON.parse(page.data) as ServerData;

describe('the server renderer', () => {
  it('renders a pending invite: its owner and bike in the HTML and the preview, its data for hydration', async () => {
    const page = await render('/my-account/invite/K7MQ-9XPA');
    if (!page.rendered) throw new Error('not rendered');
    expect(page.html).toContain('Sofie de Vries invites you to use the bike “Family cargo bike”.');
    expect(page.meta).toEqual({
      title: 'Sofie de Vries invites you to use “Family cargo bike”',
      description: expect.stringContaining('Sofie de Vries'),
      siteName: 'QWIC',
      image: SOFIE.bike_image_url,
    });
    const data = dataOf(page);
    expect([data.language, Object.keys(data.texts), data.config.app]).toEqual(['en', ['en'], 'qwic']);
    expect(data.router.loaderData).toEqual({
      invite: { code: 'K7MQ-9XPA', invite: { state: 'loaded', invite: SOFIE } },
    });
  });

  it('leaves bidi controls and line breaks out of the preview, whatever the service sends', async () => {
    const hostile = { ...SOFIE, owner_display_name: 'Eve\u202Egnp.exe\u202C', bike_name: 'Bike\nPay here' };
    const page = await render('/my-account/invite/K7MQ-9XPA', { ok: true, body: hostile });
    expect([page.meta.title, page.meta.description].join(' ')).not.toMatch(/[\u202A-\u202E\n]/);
    expect(page.meta.title).toBe('Evegnp.exe invites you to use “Bike Pay here”');
  });

  it('renders the accepted page for the device the User-Agent names, for the browser to detect again', async () => {
    const page = await render('/my-account/invite/K7MQ-9XPA/accepted');
    if (!page.rendered) throw new Error('not rendered');
    expect(page.html).toContain('Get the app');
    expect(dataOf(page).router.loaderData?.accepted).toEqual({
      code: 'K7MQ-9XPA',
      device: { device: expect.objectContaining({ os: 'Android' }), detected: false },
    });
  });

  it('leaves an invite that is not pending, or a failed read, to the browser, with the brand’s preview', async () => {
    for (const answer of [
      { ok: true, body: { ...SOFIE, status: 'accepted' } },
      { ok: false, reason: 'an answer off the contract at owner_display_name' },
      { ok: false, reason: 'timeout' },
    ] satisfies InviteAnswer[]) {
      const page = await render('/my-account/invite/K7MQ-9XPA', answer);
      expect(page).toEqual({ rendered: false, meta: expect.objectContaining({ siteName: 'QWIC' }) });
      expect(page.meta.title).not.toContain('Sofie');
    }
  });

  it('renders the placeholder action card on a return from the identity service, not Accept and Decline', async () => {
    const page = await render('/my-account/invite/K7MQ-9XPA?code=c1&state=s1');
    if (!page.rendered) throw new Error('not rendered');
    expect(page.html).toContain('step-card--placeholder');
    expect(page.html).not.toContain('>Accept<');
  });

  it('renders a page that needs no invite without reading one', async () => {
    const readInvite = vi.fn(answering({ ok: false, reason: 'unexpected' }));
    const page = await renderer().render({
      address: '/my-account/',
      language: { language: 'en', reason: 'browser' },
      userAgent: '',
      readInvite,
    });
    expect(page.rendered).toBe(true);
    expect(readInvite).not.toHaveBeenCalled();
  });

  it('chooses the language among the config’s, and why, and names its preview locale', () => {
    const brand = renderer({ ...DEFAULT_CONFIG, languages: ['nl', 'en'], defaultLanguage: 'nl' });
    expect(brand.language({ choice: undefined, link: 'de', accept: ['en-GB'] })).toEqual({
      language: 'en',
      reason: 'browser',
    });
    expect(brand.language({ choice: undefined, link: null, accept: ['fr', 'nl-BE'] })).toEqual({
      language: 'nl',
      reason: 'browser',
    });
    expect(brand.language({ choice: undefined, link: 'en', accept: ['nl'] })).toEqual({
      language: 'en',
      reason: 'link',
    });
    expect(brand.language({ choice: 'nl', link: 'en', accept: ['en'] })).toEqual({ language: 'nl', reason: 'choice' });
    expect(brand.language({ choice: 'de', link: 'fr', accept: ['sv'] })).toEqual({ language: 'nl', reason: 'default' });
    expect(brand.ogLocale('nl')).toBe('nl_NL');
  });
});

describe("a page's signed-in part (decision 0056)", () => {
  const config = { app: 'qwic', languages: ['en', 'nl'] };
  const bike = {
    id: 1,
    name: 'Blue city bike',
    type: 'bike',
    image_url: '/media/bikes/city-bike-400.jpg',
    invites: [],
  };
  const rider = { id: 3, display_name: 'Anna Bakker', avatar_url: null, since: '2026-05-04T10:00:00.000Z' };
  const answers = {
    '/ids/user': { display_name: 'Sofie de Vries', avatar_url: null },
    '/api/v1/bike': [{ ...bike, riders: [rider] }],
    '/api/v1/bike/shared': [],
  };
  const part = (pathname: string, given: Record<string, unknown> = answers) =>
    renderer(config).renderSignedIn({ pathname, language: 'en', answers: given });

  it('the home page as its owner sees it: the greeting, Log out, their bikes and riders', () => {
    expect(renderer(config).signedIn('/my-account/').reads).toEqual(Object.keys(answers));
    const html = part('/my-account/') ?? '';
    for (const text of ['Hello, Sofie de Vries', 'Log out', 'Your bikes', 'Blue city bike', 'Anna Bakker']) {
      expect(html).toContain(text);
    }
  });

  it('none for a page without a signed-in side, or from answers that do not make one', () => {
    expect(part('/my-account/invite/K7MQ-9XPA')).toBeUndefined();
    // A provider named by its issuer alone: the user is the app's OpenID Connect code's to ask for.
    const issuer = { ...config, api: { ids: { issuer: 'https://id.example', url: '', client_id: 'my-account' } } };
    expect(renderer(issuer).signedIn('/my-account/')).toMatchObject({
      reads: ['/api/v1/bike', '/api/v1/bike/shared'],
      part: false,
    });
    expect(renderer(config).signedIn('/my-account/').part).toBe(true);
    expect(part('/my-account/', { ...answers, '/ids/user': { avatar_url: null } })).toBeUndefined();
    expect(part('/my-account/', { ...answers, '/api/v1/bike': [{ ...bike, name: 7 }] })).toBeUndefined();
    expect(part('/my-account/', { ...answers, '/api/v1/bike/shared': undefined })).toBeUndefined();
  });
});
