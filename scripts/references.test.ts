import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  anchors,
  findReferenceProblems,
  findReferenceProblemsInRepository,
  slug,
  type Repository,
} from './references.ts';

// The names the check refuses are built here, so that this file does not hold them itself.
const spec = `${'SPEC'}.md`;
const shared = `../${'shared'}/notes.md`;

const TEXTS: Record<string, string> = {
  'README.md': '# Bike invite\n',
  'docs/deploy.md': '# Deploying\n\n## The app server\n\n## App links: `appStore`\n\n## The app server\n',
  'docs/behaviour/invite-page.md': '# Invite page\n',
  'src/invite/invite-step.ts': 'export {};\n',
  'e2e/invite.spec.ts': "test('decline, then come back to the invite', async () => {});\n",
};
const repository: Repository = { files: new Set(Object.keys(TEXTS)), read: (path) => TEXTS[path] };
const problems = (path: string, text: string) =>
  findReferenceProblems(path, text, repository).map(({ line, target, reason }) => ({ line, target, reason }));

/** A doc's table row citing titles of e2e/invite.spec.ts. */
const cited = (titles: string) =>
  problems('docs/behaviour/invite-page.md', `| rule | \`e2e/invite.spec.ts\` ${titles} |`);

describe('findReferenceProblems', () => {
  it('passes links and mentions of files and folders the repository holds', () => {
    const text = [
      'See [deploying](docs/deploy.md), [the flow](./docs/behaviour/invite-page.md) and [docs](docs/).',
      'The rule is in `src/invite/invite-step.ts`; read README.md first.',
    ].join('\n');
    expect(problems('README.md', text)).toEqual([]);
    expect(
      problems('docs/behaviour/other.md', 'Back to [the index](../../README.md), [page](invite-page.md).'),
    ).toEqual([]);
  });

  it('fails a link or a mention of a missing file, with its line', () => {
    const text = ['# Title', 'See [the old notes](docs/notes.md).', '// held by `src/invite/gone.ts`', 'old.md'].join(
      '\n',
    );
    expect(problems('README.md', text)).toEqual([
      { line: 2, target: 'docs/notes.md', reason: 'is not in the repository' },
      { line: 3, target: 'src/invite/gone.ts', reason: 'is not in the repository' },
      { line: 4, target: 'old.md', reason: 'is not in the repository' },
    ]);
  });

  it('fails a cited test title that is not in the test file it names, and passes one that is', () => {
    expect(cited('"decline, then come back to the invite"')).toEqual([]);
    expect(cited('"decline, then come back"')).toEqual([]); // the start of a title
    expect(cited('"decline, then come back to the invite", "a renamed test"')).toEqual([
      { line: 1, target: '"a renamed test"', reason: 'is not a test title in e2e/invite.spec.ts' },
    ]);
  });

  it('resolves a relative mention in code from the file’s folder', () => {
    expect(problems('e2e/a.spec.ts', "import { x } from '../src/invite/invite-step.ts';")).toEqual([]);
    expect(problems('e2e/a.spec.ts', "import { x } from '../src/invite/missing.ts';")).toEqual([
      { line: 1, target: '../src/invite/missing.ts', reason: 'is not in the repository' },
    ]);
  });

  it('always fails the notes kept outside the repository, however they are named', () => {
    expect(problems('src/a.ts', `// the rule of ${spec} §4`)).toEqual([
      { line: 1, target: spec, reason: 'is outside the repository: describe the rule in docs/ instead' },
    ]);
    expect(problems('README.md', `See \`${shared}\`.`).map((problem) => problem.target)).toContain(`../${'shared'}`);
    expect(problems('README.md', `[notes](${shared})`).map((problem) => problem.reason)).toContain(
      'leaves the repository',
    );
  });

  it('checks a link’s anchor against the target’s headings', () => {
    const text = '[a](docs/deploy.md#the-app-server) [b](docs/deploy.md#app-links-appstore) [c](docs/deploy.md#nginx)';
    expect(problems('README.md', text)).toEqual([
      { line: 1, target: 'docs/deploy.md#nginx', reason: 'has no heading #nginx' },
    ]);
  });

  it('ignores addresses, site paths, patterns and test data in code', () => {
    const text = [
      '[site](https://github.com/x/y/blob/main/docs/missing.md) [mail](mailto:a@b.c) [root](/my-account/)',
      'http://127.0.0.1:8080/src/missing.ts and public/i18n/{lang}.json and src/**/*.test.ts',
    ].join('\n');
    expect(problems('README.md', text)).toEqual([]);
    expect(problems('src/a.test.ts', "writeFileSync('tracked.md', 'x'); // no comment here")).toEqual([]);
  });
});

describe('slug and anchors', () => {
  it('follow GitHub: lower case, punctuation dropped, spaces to hyphens, repeats numbered', () => {
    expect(slug('App links: `appStore`')).toBe('app-links-appstore');
    expect(slug('What the invitee sees (phone)')).toBe('what-the-invitee-sees-phone');
    expect([...anchors(TEXTS['docs/deploy.md'] ?? '')]).toEqual([
      'deploying',
      'the-app-server',
      'app-links-appstore',
      'the-app-server-1',
    ]);
    expect([...anchors('```sh\n# not a heading\n```\n# Real\n')]).toEqual(['real']);
  });
});

describe('findReferenceProblemsInRepository', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'bike-invite-references-'));
    execFileSync('git', ['init', '-q'], { cwd: root });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('checks tracked files against tracked files only', () => {
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'README.md'), 'See [a](docs/a.md) and [b](docs/b.md).\n');
    writeFileSync(join(root, 'docs/a.md'), '# A\n');
    writeFileSync(join(root, 'docs/b.md'), '# B, on disk but not tracked\n');
    writeFileSync(join(root, 'untracked.md'), `${spec}\n`);
    execFileSync('git', ['add', 'README.md', 'docs/a.md'], { cwd: root });
    expect(findReferenceProblemsInRepository(root)).toEqual([
      { path: 'README.md', line: 1, target: 'docs/b.md', reason: 'is not in the repository' },
    ]);
  });
});
