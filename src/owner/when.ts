// Dates as people say them, in the page's language, by the browser's Intl: no texts to translate.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// A formatter is costly to make: one per language and kind.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function formatter<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) formatters.set(key, (made = make()));
  return made;
}

/** "in 3 days", "tomorrow", "5 hours ago": the nearest whole unit from minutes to days. */
export function relativeTime(at: string | Date, now: number, language: string): string {
  const diff = new Date(at).getTime() - now;
  const format = formatter(`relative ${language}`, () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
  const size = Math.abs(diff);
  if (size < HOUR) return format.format(Math.round(diff / MINUTE), 'minute');
  if (size < DAY) return format.format(Math.round(diff / HOUR), 'hour');
  return format.format(Math.round(diff / DAY), 'day');
}

/** "12 May 2026", in the language's own order. */
export function longDate(at: string | Date, language: string): string {
  return formatter(`date ${language}`, () => new Intl.DateTimeFormat(language, { dateStyle: 'medium' })).format(
    new Date(at),
  );
}

/** "12 May 2026, 14:05". */
export function dateAndTime(at: string | Date, language: string): string {
  const format = formatter(
    `date-time ${language}`,
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
  );
  return format.format(new Date(at));
}
