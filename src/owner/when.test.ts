import { describe, expect, it } from 'vitest';
import { dateAndTime, longDate, relativeTime } from './when.ts';

const NOW = Date.parse('2026-05-10T12:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it('says the nearest whole day, hour or minute, in the page language', () => {
    expect(relativeTime(at(3 * DAY), NOW, 'en')).toBe('in 3 days');
    expect(relativeTime(at(DAY), NOW, 'en')).toBe('tomorrow');
    expect(relativeTime(at(-3 * DAY), NOW, 'en')).toBe('3 days ago');
    expect(relativeTime(at(5 * HOUR), NOW, 'en')).toBe('in 5 hours');
    expect(relativeTime(at(-20 * 60_000), NOW, 'en')).toBe('20 minutes ago');
    expect(relativeTime(at(3 * DAY), NOW, 'nl')).toBe('over 3 dagen');
    expect(relativeTime(at(3 * DAY), NOW, 'de')).toBe('in 3 Tagen');
    expect(relativeTime(at(-DAY), NOW, 'de')).toBe('gestern');
  });

  it('rounds a 7-day invite created a moment ago to 7 days, not 6', () => {
    expect(relativeTime(at(7 * DAY - 5000), NOW, 'en')).toBe('in 7 days');
  });
});

describe('dates', () => {
  it('are written in each language’s own way', () => {
    const date = '2026-05-04T10:00:00Z';
    expect(longDate(date, 'en')).toBe('May 4, 2026');
    expect(longDate(date, 'nl')).toBe('4 mei 2026');
    expect(longDate(date, 'de')).toBe('04.05.2026');
    expect(dateAndTime(date, 'en')).toMatch(/^May 4, 2026, \d{1,2}:00\s?[AP]M$/);
  });
});
