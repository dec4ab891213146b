// The series a PromQL expression reads, for checking a dashboard and rules against what exists: no
// PromQL parser in this project, so the expression is cut down to its metric names.

const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/** Every metric name `expr` selects (label matchers, grouping labels, functions and ranges left out). */
export function seriesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // strings first: they may hold any character
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\[[^\]]*\]/g, ' ') // ranges and subqueries
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)]
    .filter(([, name, call]) => !call && !KEYWORDS.has(name!.toLowerCase()) && !/^\d/.test(name!))
    .map(([, name]) => name!);
  return [...new Set(names)];
}
