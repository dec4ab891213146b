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
