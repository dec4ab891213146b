import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROOT, appPath, inviteCodeAt, isAppPath, paths, ROUTE_PATTERNS, ROUTE_PREFIX } from '../contract/paths.ts';

// Invite links live in old e-mails and chats: changing a path breaks them. Change this list
// only together with a redirect from the old path.
const PINNED = {
  home: '/',
  login: '/login',
  invite: '/invite/:code',
  decline: '/invite/:code/decline',
  accepted: '/invite/:code/accepted',
  previouslyAccepted: '/invite/:code/previously-accepted',
  invalid: '/invite/:code/invalid',
  appDownload: '/app-download',
};

const routes = Object.entries(ROUTE_PATTERNS).map(([id, path]) => ({ id, path }));
const match = (url: string) => matchRoutes(routes, url, ROUTE_PREFIX)?.[0];

describe('route table', () => {
  it('is exactly the pinned table, under /my-account', () => {
    expect(ROUTE_PATTERNS).toEqual(PINNED);
    expect(ROUTE_PREFIX).toBe('/my-account');
  });

  it.each([
    ['/my-account/', 'home', undefined],
    ['/my-account/login', 'login', undefined],
    ['/my-account/invite/AbC-123', 'invite', 'AbC-123'],
    ['/my-account/invite/AbC-123/decline', 'decline', 'AbC-123'],
    ['/my-account/invite/AbC-123/accepted', 'accepted', 'AbC-123'],
    ['/my-account/invite/AbC-123/previously-accepted', 'previouslyAccepted', 'AbC-123'],
    ['/my-account/invite/AbC-123/invalid', 'invalid', 'AbC-123'],
    ['/my-account/app-download', 'appDownload', undefined],
  ])('%s opens %s', (url, id, code) => {
    const found = match(url);
    expect(found?.route.id).toBe(id);
    expect(found?.params.code).toBe(code);
  });

  it('builds the same paths it matches, with the code as one encoded segment', () => {
    expect(paths.accepted('AbC-123')).toBe('/invite/AbC-123/accepted');
    expect(paths.invite('a/b?c')).toBe('/invite/a%2Fb%3Fc');
    expect(match(ROUTE_PREFIX + paths.invalid('a/b'))?.params.code).toBe('a/b');
  });

  it('writes full paths on the origin that the table opens, and reads the invite code back', () => {
    expect(APP_ROOT).toBe('/my-account/');
    expect(appPath(paths.invite('AbC-123'))).toBe('/my-account/invite/AbC-123');
    expect(match(appPath(paths.previouslyAccepted('a b')))?.params.code).toBe('a b');
    expect(inviteCodeAt(appPath(paths.invite('a/b')))).toBe('a/b');
    expect(inviteCodeAt(appPath(paths.decline('AbC-123')))).toBeUndefined();
  });

  it('tells the app’s paths from others on the same origin', () => {
    for (const path of ['/my-account', APP_ROOT, appPath(paths.invite('x'))]) expect(isAppPath(path), path).toBe(true);
    for (const path of ['/', '/my-accounts', '/my-account-x/', '/ids/login']) expect(isAppPath(path), path).toBe(false);
  });

  it('matches nothing outside the table (the not-found page takes it)', () => {
    expect(match('/my-account/invite')).toBeUndefined();
    expect(match('/my-account/invite/x/unknown')).toBeUndefined();
  });
});
