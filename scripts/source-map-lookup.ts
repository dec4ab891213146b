// Which source, and so which package, a place or run of bytes in a built script came from, from its
// source map (v3: `mappings`, `sources`, `names` only), for `npm run size` and the traces.
import { existsSync, readFileSync } from 'node:fs';

/** A segment of a generated line: where it starts, its source and its original name (-1: none). */
type Segment = { column: number; source: number; name: number };

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** The numbers of one segment (Base64 VLQ: 5 bits a digit, a continuation bit, the sign in the lowest bit). */
function decodeSegment(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`not a source-map digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** Each generated line's segments: the column each starts at, its source and its name (-1: none). */
function decodeMappings(mappings: string): Segment[][] {
  let source = 0;
  let name = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((text) => {
        const [columnDelta = 0, sourceDelta, , , nameDelta] = decodeSegment(text);
        column += columnDelta;
        if (sourceDelta === undefined) return { column, source: -1, name: -1 };
        source += sourceDelta;
        if (nameDelta === undefined) return { column, source, name: -1 };
        name += nameDelta;
        return { column, source, name };
      });
  });
}

/** Where a source belongs: its npm package, or `src/` and its folder for the app's own code. */
export function packageOf(source: string): string {
  const inModules = source.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [scope = '', name = ''] = source.slice(inModules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const inSrc = source.lastIndexOf('src/');
  if (inSrc >= 0) return source.slice(inSrc).split('/').slice(0, 2).join('/');
  return source || '(bundler)';
}

export type SourceMap = {
  /** The source at a 0-based line and column of the generated script; undefined where none is mapped. */
  sourceAt(line: number, column: number): string | undefined;
  /** A minified function's original name, looked for just before where a profile says it starts. */
  functionNameAt(line: number, column: number, minified: string): string | undefined;
  /** How many bytes of the generated script each source (undefined: none mapped) came to. */
  bytesBySource(): Map<string | undefined, number>;
};

/** The source map of a built script (`{file}.map`), or undefined when the build wrote none. */
export function readSourceMap(file: string): SourceMap | undefined {
  if (!existsSync(`${file}.map`)) return undefined;
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as {
    sources: string[];
    names?: string[];
    mappings: string;
  };
  const lines = decodeMappings(map.mappings);
  const name = (segment: Segment | undefined) =>
    segment && segment.source >= 0 ? (map.sources[segment.source] ?? undefined) : undefined;
  // The generated script's lines, read once when first asked for.
  let generated: string[] | undefined;
  const generatedLines = () => (generated ??= readFileSync(file, 'utf8').split('\n'));
  /** The segment a 0-based line and column falls in. */
  const segmentAt = (line: number, column: number) => {
    const segments = lines[line] ?? [];
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (segments[middle]!.column <= column) low = middle;
      else high = middle - 1;
    }
    const segment = segments[low];
    return segment && segment.column <= column ? segment : undefined;
  };
  return {
    sourceAt: (line, column) => name(segmentAt(line, column)),
    functionNameAt(line, column, minified) {
      if (!minified) return undefined;
      const text = generatedLines()[line] ?? '';
      const at = text.lastIndexOf(minified, column);
      if (at < 0 || column - at > minified.length + 16) return undefined;
      const segment = segmentAt(line, at);
      return segment && segment.column === at && segment.name >= 0 ? map.names?.[segment.name] : undefined;
    },
    bytesBySource() {
      const code = generatedLines();
      const bytes = new Map<string | undefined, number>();
      lines.forEach((segments, line) => {
        const length = code[line]?.length ?? 0;
        segments.forEach((segment, index) => {
          const end = segments[index + 1]?.column ?? length;
          bytes.set(name(segment), (bytes.get(name(segment)) ?? 0) + end - segment.column);
        });
      });
      return bytes;
    },
  };
}
