import { describe, expect, it } from 'vitest';
import { createServer } from '../app.ts';
import { documentedOperations } from './contract.ts';

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
  it('is OpenAPI 3.1 and every JSON response schema in it compiles', async () => {
    const { openapi, compileAllResponseSchemas } = await import('./contract.ts');
    expect(openapi.openapi).toBe('3.1.0');
    expect(compileAllResponseSchemas()).toBeGreaterThan(20);
  });
});
