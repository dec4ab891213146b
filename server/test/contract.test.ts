import { describe, expect, it } from 'vitest';
import { INVITE_CODE } from '../../src/contract/invite-code.ts';
import { INVITE_STATUSES } from '../../src/contract/invite-status.ts';
import { FALLBACK_LANGUAGE, LANGUAGE_TABLE } from '../../src/contract/languages.ts';
import { createServer } from '../app.ts';
import { compileAllResponseSchemas, documentedOperations, openapi } from './contract.ts';

describe('docs/openapi.yaml', () => {
  it('documents exactly the routes the server has under /ids and /api', async () => {
    const app = createServer({ dbPath: ':memory:', logLevel: 'silent', seed: false });
    const routes = new Set<string>();
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!/^\/(ids|api)\//.test(route.url)) return;
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.add(`${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
      }
    });
    await app.ready();
    await app.close();
    expect([...routes].toSorted()).toEqual(documentedOperations().toSorted());
  });
});

describe('the OpenAPI document itself', () => {
  it('is OpenAPI 3.1 and every JSON response schema in it compiles', () => {
    expect(openapi.openapi).toBe('3.1.0');
    expect(compileAllResponseSchemas()).toBeGreaterThan(20);
  });
});

describe('the OpenAPI document and src/contract/', () => {
  it('states the invite-code pattern, the invite statuses and the languages the app and the servers share', () => {
    // A new row in the language table is a new value a brand's own bike service must accept.
    const languages = LANGUAGE_TABLE.map((row) => row.code);
    type Schema = { pattern?: string; enum?: unknown[]; default?: unknown; properties: Record<string, Schema> };
    const { parameters, schemas } = openapi.components as {
      parameters: Record<string, { schema: Schema }>;
      schemas: Record<string, Schema>;
    };
    expect(parameters.InviteCode?.schema.pattern).toBe(INVITE_CODE.source);
    expect(schemas.InviteFields?.properties.code?.pattern).toBe(INVITE_CODE.source);
    expect(schemas.InviteStatus?.enum).toEqual([...INVITE_STATUSES]);
    expect(schemas.Account?.properties.language?.enum, 'Account.language').toEqual(languages);
    const language = schemas.NewAccountBody?.properties.language;
    expect(language?.enum, 'NewAccountBody.language').toEqual(languages);
    expect(language?.default).toBe(FALLBACK_LANGUAGE);
  });
});
