// `npm run screenshots`: app pages of several brands on a phone and a desktop (docs/testing.md).
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../playwright.config.ts';
import { startReferenceServer } from './reference-server.ts';
import { screenViews, signInAsDemo } from './screen-views.ts';

const { values } = parseArgs({
  options: {
    brands: { type: 'string', default: 'sparta,qwic,ua' },
    paths: { type: 'string', default: '/my-account/invite/DEMO-ACCEPTED/accepted' },
    out: { type: 'string', default: '.tmp/screens' },
    lang: { type: 'string', default: 'en' },
    'sign-in': { type: 'string' }, // a demo login, e.g. anna@example.com (password demo-password)
    scheme: { type: 'string', default: 'light' }, // the system colour scheme: light or dark
    port: { type: 'string', default: '4401' },
  },
});

const VIEWS = screenViews();

mkdirSync(values.out, { recursive: true });
if (values.scheme !== 'light' && values.scheme !== 'dark') throw new Error('--scheme is light or dark');
const colorScheme = values.scheme;
const port = Number(values.port);
const browser = await chromium.launch(CHROMIUM);
try {
  for (const brand of values.brands.split(',')) {
    const server = await startReferenceServer(port, ['--brand', brand]);
    try {
      for (const [view, options] of Object.entries(VIEWS)) {
        const context = await browser.newContext({ ...options, locale: values.lang, colorScheme });
        const page = await context.newPage();
        if (values['sign-in']) await signInAsDemo(page, `http://127.0.0.1:${port}`, values['sign-in']);
        for (const path of values.paths.split(',')) {
          await page.goto(`http://127.0.0.1:${port}${path}`);
          await page.waitForLoadState('networkidle');
          const slug =
            path
              .split('/')
              .filter(Boolean)
              .slice(1)
              .join('-')
              .replace(/[^\w-]+/g, '_') || 'root';
          const scheme = colorScheme === 'dark' ? 'dark-' : '';
          const name = `${brand}-${view}-${scheme}${values['sign-in'] ? 'in-' : ''}${slug}.png`;
          await page.screenshot({ path: `${values.out}/${name}`, fullPage: true });
          console.log(`${values.out}/${name}`);
        }
        await context.close();
      }
    } finally {
      await server.stop();
    }
  }
} finally {
  await browser.close();
}
