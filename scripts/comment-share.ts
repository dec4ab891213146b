// Part of `npm run lint`: what it counts is in docs/behaviour/code-layout.md#habits.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const SOURCE_FOLDERS = ['src', 'app-server', 'http-kit', 'server', 'demo', 'scripts', 'e2e'];
const SOURCE_FILE = /\.(?:ts|tsx|mjs|css)$/;
// Tests and specs are left out of the share (their figures are checked all the same).
export const isTest = (path: string) => /\.(?:test|spec)\.[a-z]+$/.test(path);
export const MAX_SHARE = 0.09;
const MILLISECONDS = /\d\s?(?:ms|milliseconds?)\b/;

export type FileCount = { path: string; lines: number; comments: number; milliseconds: number[] };

const REGEX_AFTER = new Set('(,=:[!&|?{};+-*%<>~^'.split(''));
const REGEX_AFTER_WORD = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
]);

/** The [start, end) ranges of `text` that are comments; `css` knows only block comments. */
export function commentRanges(text: string, css = false): [number, number][] {
  const ranges: [number, number][] = [];
  const templateBraces: number[] = [];
  let braces = 0;
  let previous = '';
  let i = 0;
  const skipString = (quote: string) => {
    i++;
    while (i < text.length && text[i] !== quote && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
    i++;
  };
  // From inside a template literal to its end or its next substitution.
  const skipTemplate = () => {
    while (i < text.length) {
      if (text[i] === '\\') i += 2;
      else if (text[i] === '`') return void i++;
      else if (text[i] === '$' && text[i + 1] === '{') {
        templateBraces.push(braces++);
        return void (i += 2);
      } else i++;
    }
  };
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : close + 2;
      ranges.push([i, end]);
      i = end;
    } else if (!css && c === '/' && text[i + 1] === '/') {
      const newline = text.indexOf('\n', i);
      const end = newline < 0 ? text.length : newline;
      ranges.push([i, end]);
      i = end;
    } else if (c === '"' || c === "'") {
      skipString(c);
      previous = 'a';
    } else if (css) {
      i++;
    } else if (c === '`') {
      i++;
      skipTemplate();
      previous = 'a';
    } else if (c === '/' && (previous === '' || REGEX_AFTER.has(previous) || REGEX_AFTER_WORD.has(previous))) {
      i++;
      let inClass = false;
      while (i < text.length && text[i] !== '\n' && (inClass || text[i] !== '/')) {
        if (text[i] === '\\') i++;
        else if (text[i] === '[') inClass = true;
        else if (text[i] === ']') inClass = false;
        i++;
      }
      i++;
      previous = 'a';
    } else if (/\s/.test(c)) {
      i++;
    } else if (/[\w$]/.test(c)) {
      const start = i;
      while (i < text.length && /[\w$]/.test(text.charAt(i))) i++;
      previous = text.slice(start, i);
    } else {
      if (c === '{') braces++;
      if (c === '}') braces--;
      i++;
      previous = c;
      if (c === '}' && templateBraces.at(-1) === braces) {
        templateBraces.pop();
        skipTemplate();
        previous = 'a';
      }
    }
  }
  return ranges;
}

/** Non-blank lines, comment-only lines and the lines (from 1) whose comment names a millisecond figure. */
export function countComments(path: string, text: string): FileCount {
  const isComment = new Uint8Array(text.length);
  for (const [start, end] of commentRanges(text, path.endsWith('.css'))) isComment.fill(1, start, end);
  const count: FileCount = { path, lines: 0, comments: 0, milliseconds: [] };
  let offset = 0;
  text.split('\n').forEach((line, index) => {
    let code = '';
    let comment = '';
    for (let k = 0; k < line.length; k++) {
      if (isComment[offset + k]) comment += line[k];
      else code += line[k];
    }
    offset += line.length + 1;
    if (line.trim() === '') return;
    count.lines++;
    if (comment !== '' && /^[\s{}]*$/.test(code)) count.comments++;
    if (MILLISECONDS.test(comment)) count.milliseconds.push(index + 1);
  });
  return count;
}

export function countRepository(root: string): FileCount[] {
  const paths = execFileSync('git', ['ls-files', '-z', '--', ...SOURCE_FOLDERS], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((path) => SOURCE_FILE.test(path));
  return paths.map((path) => countComments(path, readFileSync(`${root}/${path}`, 'utf8')));
}

const folderOf = (path: string): string => {
  const [top = '', sub] = path.split('/');
  return top === 'src' && path.split('/').length > 2 ? `${top}/${sub}` : top;
};

const percent = (comments: number, lines: number) => `${((100 * comments) / Math.max(lines, 1)).toFixed(2)} %`;

if (import.meta.main) {
  // `--enforce` fails above the share or on a figure; without it the check only reports.
  const enforce = process.argv.includes('--enforce');
  const counts = countRepository(process.cwd());
  const code = counts.filter((count) => !isTest(count.path));
  const folders = new Map<string, { lines: number; comments: number }>();
  for (const count of code) {
    const folder = folders.get(folderOf(count.path)) ?? { lines: 0, comments: 0 };
    folder.lines += count.lines;
    folder.comments += count.comments;
    folders.set(folderOf(count.path), folder);
  }
  const lines = code.reduce((sum, count) => sum + count.lines, 0);
  const comments = code.reduce((sum, count) => sum + count.comments, 0);
  const figures = counts.flatMap((count) => count.milliseconds.map((line) => `${count.path}:${line}`));
  if (process.argv.includes('--folders'))
    for (const [folder, count] of [...folders].toSorted())
      console.log(
        `${folder.padEnd(20)} ${String(count.comments).padStart(6)} / ${String(count.lines).padStart(6)}  ${percent(count.comments, count.lines)}`,
      );
  if (process.argv.includes('--figures'))
    for (const figure of figures) console.log(`millisecond figure in a comment: ${figure}`);
  const share = comments / lines;
  console.log(
    `comment lines: ${comments} of ${lines} source lines (tests left out), ${percent(comments, lines)} (at most ${MAX_SHARE * 100} %); ` +
      `${figures.length} comment lines with a millisecond figure${enforce ? '' : ' (report only)'}`,
  );
  if (enforce && (share > MAX_SHARE || figures.length > 0)) process.exit(1);
}
