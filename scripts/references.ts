// Part of `npm run lint`: fails on a markdown link, `#anchor` or path a tracked file names that the
// repository does not hold, on the product notes outside it, and on a test title a doc cites that
// its test file no longer has. Tokens with placeholders or globs (`{lang}`, `*`) are skipped.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, posix } from 'node:path';

export type ReferenceProblem = { path: string; line: number; target: string; reason: string };

/** What the check knows of the repository: its tracked files and, for markdown files, their text. */
export type Repository = { files: ReadonlySet<string>; read: (path: string) => string | undefined };

// Built from parts, so that this file does not mention the names it refuses.
const OUTSIDE = new RegExp(`\\b(?:${['SPEC', 'DESIGN', 'STYLE'].join('|')})\\.md\\b|\\.\\./${'shared'}\\b`);
const MARKDOWN_LINK = /\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// A character a pattern has and a file name here does not.
const PATTERN = /[*{}[\]<>$]/;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a markdown text's headings, numbered as GitHub numbers repeats (`-1`, `-2`). */
export function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark && (!fence || fenceMark.startsWith(fence))) {
      fence = fence ? undefined : fenceMark;
      continue;
    }
    if (fence) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/** The top-level folders of the tracked files (`src`, `docs`, `.ci`, …). */
export function topLevelFolders(files: Iterable<string>): Set<string> {
  const folders = new Set<string>();
  for (const file of files) if (file.includes('/')) folders.add(file.slice(0, file.indexOf('/')));
  return folders;
}

function exists(repository: Repository, path: string): boolean {
  const bare = path.replace(/\/+$/, '');
  if (bare === '' || repository.files.has(bare)) return true;
  for (const file of repository.files) if (file.startsWith(`${bare}/`)) return true;
  return false;
}

/** `target` (a path, maybe with `#anchor`) resolved from `from`'s folder, or from the root when `fromRoot`. */
function resolve(from: string, target: string, fromRoot: boolean): string {
  const base = fromRoot ? '' : dirname(from) === '.' ? '' : dirname(from);
  return posix.normalize(posix.join(base, target)).replace(/^\.\//, '');
}

function checkTarget(
  repository: Repository,
  from: string,
  target: string,
  fromRoot: boolean,
): { target: string; reason: string } | undefined {
  const [pathPart = '', anchor] = target.split('#', 2);
  const path = pathPart === '' ? from : resolve(from, decodeURIComponent(pathPart), fromRoot);
  if (path.startsWith('../')) return { target, reason: 'leaves the repository' };
  if (!exists(repository, path)) return { target, reason: 'is not in the repository' };
  if (anchor && path.endsWith('.md') && repository.files.has(path)) {
    const text = repository.read(path);
    if (text !== undefined && !anchors(text).has(decodeURIComponent(anchor).toLowerCase())) {
      return { target, reason: `has no heading #${anchor}` };
    }
  }
  return undefined;
}

// A test file in backticks, then one or more quoted titles joined by commas, semicolons or "and".
const TEST_CITATION = /`([\w./-]+\.(?:spec|test|engine)\.tsx?)`((?:\s*(?:,|;|and)?\s*"[^"]+")+)/g;
const QUOTED = /"([^"]+)"/g;

/** The titles a line cites that are not in the test file it names. */
function missingTitles(line: string, repository: Repository): { target: string; reason: string }[] {
  const missing: { target: string; reason: string }[] = [];
  for (const [, file = '', titles = ''] of line.matchAll(TEST_CITATION)) {
    const text = repository.files.has(file) ? repository.read(file) : undefined;
    if (text === undefined) continue; // a missing file is reported as a path
    for (const [, title = ''] of titles.matchAll(QUOTED)) {
      if (!text.includes(title)) missing.push({ target: `"${title}"`, reason: `is not a test title in ${file}` });
    }
  }
  return missing;
}

/** The comment on a line of code (after `//`, or a line of a block or shell comment); test data is left alone. */
function commentOf(line: string): string {
  if (/^\s*(?:\*|\/\*|#)/.test(line)) return line;
  const start = line.search(/(?<!:)\/\//);
  return start === -1 ? '' : line.slice(start);
}

/** What in one file's text points outside the repository or at nothing, line by line. */
export function findReferenceProblems(path: string, text: string, repository: Repository): ReferenceProblem[] {
  const problems: ReferenceProblem[] = [];
  const folders = [...topLevelFolders(repository.files)].map((folder) => folder.replace(/[.]/g, '\\.'));
  // A token that starts with a top-level folder (after any ./ or ../), not inside a longer path or URL.
  const mention = new RegExp(`(?<![\\w@/.:-])((?:\\.{1,2}/)*(?:${folders.join('|')})/[^\\s'"\`()<>,;|]*)`, 'g');
  const markdownFile = /(?<![\w/.-])([\w.-]+\.md)\b(?:#([\w-]+))?/g;
  const isMarkdown = path.endsWith('.md');
  const baseNames = new Set([...repository.files].map((file) => file.slice(file.lastIndexOf('/') + 1)));

  text.split(/\r?\n/).forEach((line, index) => {
    const report = (target: string, reason: string) => problems.push({ path, line: index + 1, target, reason });
    const outside = OUTSIDE.exec(line);
    if (outside) report(outside[0], 'is outside the repository: describe the rule in docs/ instead');

    const linked = new Set<string>();
    if (isMarkdown) {
      for (const problem of missingTitles(line, repository)) report(problem.target, problem.reason);
      for (const [, target = ''] of line.matchAll(MARKDOWN_LINK)) {
        linked.add(target);
        if (SCHEME.test(target) || target.startsWith('/') || PATTERN.test(target)) continue;
        const problem = checkTarget(repository, path, target, false);
        if (problem) report(problem.target, problem.reason);
      }
    }
    for (const [, raw = ''] of line.matchAll(mention)) {
      const target = raw.replace(/[.:!?]+$/, '');
      if (linked.has(target) || PATTERN.test(target)) continue;
      const relative = target.startsWith('./') || target.startsWith('../');
      const problem = checkTarget(repository, path, target, !relative);
      if (problem) report(problem.target, problem.reason);
    }
    for (const [, name = ''] of (isMarkdown ? line : commentOf(line)).matchAll(markdownFile)) {
      if (linked.has(name) || OUTSIDE.test(name) || PATTERN.test(name)) continue;
      if (!baseNames.has(name)) report(name, 'is not in the repository');
    }
  });
  return problems;
}

// The lock file names packages, not repository files; this check's own test names missing files on purpose.
const UNCHECKED = new Set(['package-lock.json', 'scripts/references.test.ts']);

/** The problems in every tracked text file under `root`; binary files (holding a NUL byte) are skipped. */
export function findReferenceProblemsInRepository(root: string): ReferenceProblem[] {
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  const texts = new Map<string, string | undefined>();
  const read = (path: string): string | undefined => {
    if (!texts.has(path)) {
      let text: string | undefined;
      try {
        const bytes = readFileSync(`${root}/${path}`);
        text = bytes.includes(0) ? undefined : bytes.toString('utf8');
      } catch (error) {
        // Deleted in the work tree but not yet in the index: nothing to read.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      texts.set(path, text);
    }
    return texts.get(path);
  };
  const repository: Repository = { files: new Set(paths), read };
  const problems: ReferenceProblem[] = [];
  for (const path of paths.filter((p) => !UNCHECKED.has(p))) {
    const text = read(path);
    if (text !== undefined) problems.push(...findReferenceProblems(path, text, repository));
  }
  return problems;
}

if (import.meta.main) {
  const problems = findReferenceProblemsInRepository(process.cwd());
  for (const { path, line, target, reason } of problems) console.error(`${path}:${line}: ${target} ${reason}`);
  if (problems.length > 0) {
    console.error(`${problems.length} reference(s) to something the repository does not hold.`);
    process.exit(1);
  }
}
