/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle, static or dynamic: modules that can only be understood (and loaded) together.',
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
      from: { path: '^server/' },
      to: { path: '^app-server/' },
    },
    {
      name: 'src-not-to-servers',
      severity: 'error',
      comment: 'The app runs in the browser: it knows the servers only by their HTTP contract.',
      from: { path: '^src/' },
      to: { path: '^(app-server|server|http-kit|demo)/' },
    },
  ],
  options: {
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|dist-ssr|node_modules)/' },
  },
};
