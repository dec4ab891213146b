import { RiderSchema } from '../../src/contract/bike-service.ts';
import {
  ACCESS_MAX_DAYS,
  accessUntilIssue,
  dateIn,
  endOfDay,
  isTimeZone,
  type AccessUntilIssue,
} from '../../src/contract/access-until.ts';
import { problem, ProblemError } from '../../http-kit/problem.ts';
import { answer } from './contract-io.ts';
import { accessEnded, type Access, type RiderRow } from './riders.ts';

const ISSUES = {
  date: 'is not a calendar day (YYYY-MM-DD)',
  'time-zone': 'needs "time_zone", an IANA time zone this service knows',
  past: 'is before today in "time_zone"',
  'too-far': `is more than ${ACCESS_MAX_DAYS} days ahead`,
} as const;

/** The access lending through `date` in `zone` gives, or a 400 `invalid-access-until` saying what is wrong. */
const invalid = (reason: AccessUntilIssue) =>
  new ProblemError(
    problem(400, 'invalid-access-until', `"access_until" ${ISSUES[reason]}.`, { field: 'access_until', reason }),
  );

export function accessOf(date: string, zone: string | undefined, now: number): Access {
  const issue = accessUntilIssue(date, zone, now);
  if (issue !== undefined || zone === undefined) throw invalid(issue ?? 'time-zone');
  return { access_until: date, access_ends_at: endOfDay(date, zone) };
}

/** Access ended at `now`, dated the day it is where the owner is, so the list can say when. */
export function endedNow(zone: string | undefined, now: number): Access {
  if (zone === undefined || !isTimeZone(zone)) throw invalid('time-zone');
  return { access_until: dateIn(zone, now), access_ends_at: now };
}

export function ownerRider(rider: RiderRow, now: number) {
  return answer(RiderSchema, {
    id: rider.user_id,
    display_name: rider.display_name,
    avatar_url: rider.avatar_url,
    since: new Date(rider.since).toISOString(),
    access_until: rider.access_until,
    access_ended: accessEnded(rider, now),
  });
}
