import { accessUntilIssue, ACCESS_MAX_DAYS, addDays, dateIn } from '../contract/access-until.ts';

// The owner's side of lending until a day (docs/decisions/0045-lend-until.md): the day is chosen,
// checked and shown where the owner is; the service is told the owner's time zone with it.

/** The browser's IANA time zone: where the owner is. */
export const ownerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The first and last day the date field offers: today and a year ahead, where the owner is. */
export function dayRange(now: number): { min: string; max: string } {
  const today = dateIn(ownerZone(), now);
  return { min: today, max: addDays(today, ACCESS_MAX_DAYS) };
}

export type AccessChoice = { until: boolean; date: string };
export const UNTIL_REMOVED: AccessChoice = { until: false, date: '' };

export type AccessChoiceError = 'missing' | 'past' | 'far';

/** What is wrong with the choice, in the words' keys, or undefined: an empty or unreadable day is one not chosen. */
export function accessChoiceError(choice: AccessChoice, now: number): AccessChoiceError | undefined {
  if (!choice.until) return undefined;
  const issue = accessUntilIssue(choice.date, ownerZone(), now);
  if (issue === 'past') return 'past';
  if (issue === 'too-far') return 'far';
  return issue === undefined ? undefined : 'missing';
}

export const accessFields = (choice: AccessChoice) =>
  choice.until ? { access_until: choice.date, time_zone: ownerZone() } : { access_until: null };
