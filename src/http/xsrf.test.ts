import { describe, expect, it } from 'vitest';
import { readCookie, xsrfTokenFor } from './xsrf.ts';

const PAGE = 'https://bikes.example/my-account/invite/ABC';
const COOKIES = 'theme=dark; XSRF-TOKEN=tok%3D123; other=1';

describe('xsrfTokenFor', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post'])('%s to a relative URL carries the cookie value', (method) => {
    expect(xsrfTokenFor(method, '/api/v1/bike/invite-code/ABC/use', PAGE, COOKIES)).toBe('tok=123');
  });

  it.each(['GET', 'HEAD', 'get'])('%s carries none', (method) => {
    expect(xsrfTokenFor(method, '/api/v1/user/me', PAGE, COOKIES)).toBeUndefined();
  });

  it('a same-origin absolute URL carries it', () => {
    expect(xsrfTokenFor('POST', 'https://bikes.example/api/v1/user', PAGE, COOKIES)).toBe('tok=123');
  });

  it.each([
    ['another origin', 'https://evil.example/api'],
    ['a protocol-relative URL', '//evil.example/api'],
    ['a backslash URL', '/\\evil.example/api'],
    ['a scheme-only URL', 'http:evil.example/api'],
    ['the same host on another port', 'https://bikes.example:8443/api'],
    ['the same host over http', 'http://bikes.example/api'],
  ])('%s carries none', (_, url) => {
    expect(xsrfTokenFor('POST', url, PAGE, COOKIES)).toBeUndefined();
  });

  it('no cookie: no header and no error', () => {
    expect(xsrfTokenFor('POST', '/api', PAGE, 'theme=dark')).toBeUndefined();
    expect(xsrfTokenFor('POST', '/api', PAGE, '')).toBeUndefined();
  });

  it('a malformed cookie value does not throw', () => {
    expect(() => xsrfTokenFor('POST', '/api', PAGE, 'XSRF-TOKEN=%E0%A4%A')).not.toThrow();
    expect(readCookie('XSRF-TOKEN=%E0%A4%A', 'XSRF-TOKEN')).toBe('%E0%A4%A');
    expect(readCookie('broken; =x; XSRF-TOKEN', 'XSRF-TOKEN')).toBeUndefined();
  });
});
