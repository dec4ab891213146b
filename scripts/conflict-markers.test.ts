import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findConflictMarkers, findConflictMarkersInRepository } from './conflict-markers.ts';

// The markers are built here, so that this file does not hold them itself.
const open = `${'<'.repeat(7)} ours`;
const base = `${'|'.repeat(7)} base`;
const separator = '='.repeat(7);
const close = `${'>'.repeat(7)} theirs`;

describe('findConflictMarkers', () => {
  it('finds every marker line of a conflict, with its line number', () => {
    const text = ['# Title', open, 'one', base, 'zero', separator, 'two', close, 'end'].join('\n');
    expect(findConflictMarkers('README.md', text)).toEqual([
      { path: 'README.md', line: 2, text: open },
      { path: 'README.md', line: 4, text: base },
      { path: 'README.md', line: 6, text: separator },
      { path: 'README.md', line: 8, text: close },
    ]);
  });

  it('finds markers without a label and in CRLF files', () => {
    const text = ['<'.repeat(7), 'a', separator, 'b', '>'.repeat(7)].join('\r\n');
    expect(findConflictMarkers('a.ts', text).map((found) => found.line)).toEqual([1, 3, 5]);
  });

  it('leaves alone lines that only look like markers', () => {
    const text = [
      `${'='.repeat(8)}`, // a longer rule
      `${'='.repeat(7)} x`, // text after the equals signs
      `  ${open}`, // indented
      `${'<'.repeat(8)}`, // eight
      'a <<<<<<< b',
      '// ======= section',
    ].join('\n');
    expect(findConflictMarkers('a.md', text)).toEqual([]);
  });
});

describe('findConflictMarkersInRepository', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'bike-invite-conflict-markers-'));
    execFileSync('git', ['init', '-q'], { cwd: root });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('checks tracked text files only', () => {
    writeFileSync(join(root, 'tracked.md'), `a\n${open}\nb\n`);
    writeFileSync(join(root, 'untracked.md'), `${open}\n`);
    writeFileSync(join(root, 'image.png'), Buffer.concat([Buffer.from(`${open}\n`), Buffer.from([0])]));
    execFileSync('git', ['add', 'tracked.md', 'image.png'], { cwd: root });
    expect(findConflictMarkersInRepository(root)).toEqual([{ path: 'tracked.md', line: 2, text: open }]);
  });
});
