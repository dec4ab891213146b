// Lending until a date (docs/decisions/0045-lend-until.md): the owner names a calendar day; access
// ends when that day ends where the owner is. The app and the reference service both reckon with
// these, by Intl alone.

/** How far ahead an owner may lend: a year from today. */
export const ACCESS_MAX_DAYS = 365;

const DAY = 86_400_000;

/** A real calendar day in `YYYY-MM-DD`, not only its shape (no 30 February). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === value;
}

export function isTimeZone(zone: string): boolean {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

// By the zone's canonical name: as many as Intl knows zones, however a client spells them.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  const cached = formats.get(zone);
  if (cached) return cached;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const canonical = format.resolvedOptions().timeZone;
  if (!formats.has(canonical)) formats.set(canonical, format);
  return formats.get(canonical)!;
}

export const cachedZoneFormats = (): number => formats.size;

function partsIn(zone: string, at: number) {
  const format = formatIn(zone);
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    wall: Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!),
  };
}

export function dateIn(zone: string, at: number): string {
  return partsIn(zone, at).date;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The instant `date` ends in `zone`: the next day's first moment there (its midnight, or just after one a clock change skips). */
export function endOfDay(date: string, zone: string): number {
  const midnight = Date.parse(`${addDays(date, 1)}T00:00:00Z`);
  const offsetAt = (at: number) => partsIn(zone, at).wall - Math.floor(at / 1000) * 1000;
  const guess = midnight - offsetAt(midnight);
  const second = midnight - offsetAt(guess);
  return Math.max(guess, second);
}

export type AccessUntilIssue = 'date' | 'time-zone' | 'past' | 'too-far';

/** What is wrong with lending until `date` as an owner in `zone` asks at `now`, or undefined. */
export function accessUntilIssue(date: string, zone: string | undefined, now: number): AccessUntilIssue | undefined {
  if (!isCalendarDate(date)) return 'date';
  if (zone === undefined || !isTimeZone(zone)) return 'time-zone';
  const today = dateIn(zone, now);
  if (date < today) return 'past';
  if (date > addDays(today, ACCESS_MAX_DAYS)) return 'too-far';
  return undefined;
}
