// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { accessUntilIssue, addDays, dateIn, endOfDay, isCalendarDate, cachedZoneFormats } from './access-until.ts';

describe('the end of a day where the owner is', () => {
  it.each([
    ['2026-11-30', 'Europe/Amsterdam', '2026-11-30T23:00:00.000Z'],
    ['2026-07-01', 'Europe/Amsterdam', '2026-07-01T22:00:00.000Z'],
    ['2026-11-30', 'America/New_York', '2026-12-01T05:00:00.000Z'],
    ['2026-11-30', 'UTC', '2026-12-01T00:00:00.000Z'],
    ['2026-11-30', 'Asia/Kolkata', '2026-11-30T18:30:00.000Z'],
    // The days the clocks change: 23 and 25 hours long.
    ['2026-03-29', 'Europe/Amsterdam', '2026-03-29T22:00:00.000Z'],
    ['2026-10-24', 'Europe/Amsterdam', '2026-10-24T22:00:00.000Z'],
    ['2026-10-25', 'Europe/Amsterdam', '2026-10-25T23:00:00.000Z'],
    // Chile moves its clocks at midnight: 6 September 2026 starts at 01:00, an hour after 5 September ends.
    ['2026-09-05', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
  ])('%s in %s ends at %s', (date, zone, end) => {
    expect(new Date(endOfDay(date, zone)).toISOString()).toBe(end);
    expect(dateIn(zone, endOfDay(date, zone) - 1)).toBe(date);
    expect(dateIn(zone, endOfDay(date, zone))).toBe(addDays(date, 1));
  });
});

describe('what an owner may choose', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  it.each([
    ['2026-11-28', 'Europe/Amsterdam', undefined],
    ['2026-11-27', 'Europe/Amsterdam', 'past'],
    ['2026-11-28', 'Pacific/Kiritimati', 'past'],
    ['2027-11-28', 'Europe/Amsterdam', undefined],
    ['2027-11-29', 'Europe/Amsterdam', 'too-far'],
    ['2026-02-29', 'Europe/Amsterdam', 'date'],
    ['', 'Europe/Amsterdam', 'date'],
    ['2026-11-30', 'Nowhere/Special', 'time-zone'],
    ['2026-11-30', undefined, 'time-zone'],
  ])('%s in %s: %s', (date, zone, issue) => {
    expect(accessUntilIssue(date, zone, now)).toBe(issue);
  });

  it('knows calendar days from their shape', () => {
    expect(['2028-02-29', '2026-12-31'].every(isCalendarDate)).toBe(true);
    expect(['2026-02-29', '2026-13-01', '2026-1-1', '26-11-30'].some(isCalendarDate)).toBe(false);
  });
});

describe('the formats kept per time zone', () => {
  it('stay one per zone, however a client spells it', () => {
    const zone = 'America/Argentina/Buenos_Aires';
    endOfDay('2026-03-01', zone);
    const kept = cachedZoneFormats();
    const spellings = Array.from({ length: 200 }, (_, i) =>
      [...zone].map((c, j) => ((i >> (j % 8)) & 1 ? c.toUpperCase() : c.toLowerCase())).join(''),
    );
    for (const spelling of spellings) expect(endOfDay('2026-03-01', spelling)).toBe(endOfDay('2026-03-01', zone));
    expect(cachedZoneFormats()).toBe(kept);
  });
});
