// `npm run lint`'s import rules for the whole repository (docs/decisions/0028-servers-apart.md).
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Modules in a cycle, static or dynamic, can only be read, loaded and changed together.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'app-server-not-to-server',
      severity: 'error',
      comment: 'The app server is the product; the reference services only stand in for a brand’s own.',
      from: { path: '^app-server/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-to-app-server',
      severity: 'error',
      comment: 'The reference services know the app server only by HTTP; demo/ runs the two together.',
      from: { path: '^server/' },
      to: { path: '^app-server/' },
    },
    {
      name: 'servers-reach-src-through-the-contract',
      severity: 'error',
      comment:
        'The servers and the demo share with the app only what both sides must agree on: src/contract/ (import-free), ' +
        'the config file’s schema, defaults and parser (read once, at the start) and the check of its texts, and the renderer’s contract ' +
        '(`import type` only, held by oxlint; the renderer itself is loaded from dist-ssr/). scripts/ and e2e/ are not ' +
        'held to it: they test and measure the app and may read any of it (docs/decisions/0029-one-contract.md).',
      from: { path: '^(app-server|server|demo)/' },
      to: {
        path: '^src/',
        pathNot: '^src/(contract/|ssr/renderer-contract[.]ts$|config/(schema|defaults|parse-config|brand-texts)[.]ts$)',
      },
    },
    {
      name: 'src-not-to-servers',
      severity: 'error',
      comment: 'The app runs in the browser (and in the renderer): it knows the servers by their HTTP contract.',
      from: { path: '^src/' },
      to: { path: '^(app-server|server|http-kit|demo)/' },
    },
    {
      name: 'http-kit-neutral',
      severity: 'error',
      comment: 'http-kit/ is what both servers are built from: it knows neither of them, nor the app.',
      from: { path: '^http-kit/' },
      to: { path: '^(app-server|server|demo|src)/' },
    },
    {
      name: 'scripts-and-e2e-on-the-side',
      severity: 'error',
      comment: 'scripts/ and e2e/ test and measure the product; nothing of the product builds on them.',
      from: { path: '^(src|app-server|server|http-kit|demo)/' },
      to: { path: '^(scripts|e2e)/' },
    },
    {
      name: 'demo-on-top',
      severity: 'error',
      comment: 'demo/ composes the servers for npm start: nothing else builds on it.',
      from: { pathNot: '^demo/' },
      to: { path: '^demo/' },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API for dependency-cruiser's TypeScript reader; swc reads the files.
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|dist-ssr|node_modules)/' },
  },
};
