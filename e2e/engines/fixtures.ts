import { test as base, expect } from '@playwright/test';
import { firefox, webkit, type Engine, type EngineName, type Language, type Tab } from './engines.ts';
import { BASE_URL, PORTS } from './ports.ts';

type TabFixture = Tab & {
  /** A problem this case expects (matched against the lines of Tab.problems). */
  allow: (pattern: RegExp) => void;
};

/** `tab`: a fresh session of the project's engine, phone-sized; a console error, an uncaught
 * exception or an answer of 400 and up that the case does not allow fails it. */
export const test = base.extend<
  { tab: TabFixture; openTab: (language: Language) => Promise<TabFixture> },
  { engineName: EngineName; engine: Engine }
>({
  engineName: ['webkit', { option: true, scope: 'worker' }],
  engine: [
    async ({ engineName }, provide, workerInfo) => {
      const ports = PORTS.worker(workerInfo.parallelIndex);
      const engine = engineName === 'webkit' ? await webkit(ports) : await firefox(ports);
      await provide(engine);
      await engine.close();
    },
    { scope: 'worker' },
  ],
  openTab: async ({ engine }, provide, testInfo) => {
    const opened: { tab: Tab; allowed: RegExp[] }[] = [];
    await provide(async (language) => {
      const tab = await engine.open(language);
      const entry = { tab, allowed: [] as RegExp[] };
      opened.push(entry);
      return Object.assign(tab, { allow: (pattern: RegExp) => void entry.allowed.push(pattern) });
    });
    for (const [index, { tab, allowed }] of opened.entries()) {
      if (testInfo.status !== testInfo.expectedStatus)
        await tab.screenshot(testInfo.outputPath(`failed-${index}.png`)).catch(() => undefined);
      const problems = await tab.problems().finally(() => tab.close());
      expect(problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)))).toEqual([]);
    }
  },
  tab: async ({ openTab }, provide) => {
    await provide(await openTab('en'));
  },
});

export { expect };

/** A text by its key, from the translations the app itself serves, with its placeholders filled in. */
export type Text = (key: string, values?: Record<string, string>) => string;

export async function texts(language: Language): Promise<Text> {
  const tree = (await (await fetch(`${BASE_URL}/i18n/${language}.json`)).json()) as Record<string, unknown>;
  return (key, values = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
    if (typeof found !== 'string') throw new Error(`no text ${key} in ${language}`);
    return found.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
  };
}

export function control(text: string): string {
  const literal = text.includes('"') ? `'${text}'` : `"${text}"`;
  return `//*[self::button or self::a][normalize-space(.)=${literal}]`;
}

export const read = {
  text: (tab: Tab, css: string) =>
    tab.evaluate((selector: string) => document.querySelector(selector)?.textContent?.trim() ?? null, css),
  texts: (tab: Tab, css: string) =>
    tab.evaluate(
      (selector: string) =>
        [...document.querySelectorAll(selector)].map((element) => element.textContent?.trim() ?? ''),
      css,
    ),
  path: async (tab: Tab) => {
    const url = new URL(await tab.url());
    return url.pathname + url.search;
  },
};
