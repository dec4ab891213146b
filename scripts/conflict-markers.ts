// Part of `npm run lint`: fails on a merge-conflict marker in a tracked file (seven `<`, `|` or `>`
// then a space or the line's end, or exactly seven `=`; headings here are `#`, never underlined).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export type ConflictMarker = { path: string; line: number; text: string };

// Written with counts ({7}), so that this file does not hold the markers it looks for.
const marker = /^(?:(?:<{7}|\|{7}|>{7})(?: |$)|={7}[ \t]*$)/;

export function findConflictMarkers(path: string, text: string): ConflictMarker[] {
  const found: ConflictMarker[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (marker.test(line)) found.push({ path, line: index + 1, text: line });
  });
  return found;
}

/** Conflict markers in the files git tracks under `root`; binary files (holding a NUL byte) are skipped. */
export function findConflictMarkersInRepository(root: string): ConflictMarker[] {
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  const found: ConflictMarker[] = [];
  for (const path of paths) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(`${root}/${path}`);
    } catch (error) {
      // Deleted in the work tree but not yet in the index: nothing to check.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (bytes.includes(0)) continue;
    found.push(...findConflictMarkers(path, bytes.toString('utf8')));
  }
  return found;
}

if (import.meta.main) {
  const found = findConflictMarkersInRepository(process.cwd());
  for (const { path, line, text } of found) console.error(`${path}:${line}: merge-conflict marker: ${text}`);
  if (found.length > 0) {
    console.error(`${found.length} merge-conflict marker(s): resolve the merge and remove them.`);
    process.exit(1);
  }
}
