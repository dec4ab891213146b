import * as v from 'valibot';
import { INVITE_CODE } from './invite-code.ts';
import { INVITE_STATUSES } from './invite-status.ts';
import { SUPPORTED_LANGUAGES } from './languages.ts';

// The bike service's payloads and request bodies, once: exact types, unnamed fields ignored; docs/openapi.yaml
// is held to them (docs/decisions/0041-one-bike-service-contract.md).

const timestamp = v.pipe(v.string(), v.isoTimestamp());
const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const vehicleType = v.picklist(['bike', 'e-moped']);
/** A calendar day, `YYYY-MM-DD`: the last day a rider may ride (docs/decisions/0045-lend-until.md). */
const accessUntil = v.pipe(v.string(), v.isoDate());
/** The owner's IANA time zone, in which that day ends. */
const timeZone = v.pipe(v.string(), v.maxLength(64), v.regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/));

export const InviteStatusSchema = v.picklist(INVITE_STATUSES);

/** The days an invite is valid for, and what a creation without them gets. */
export const INVITE_DAYS = { min: 1, max: 30, default: 7 } as const;

/** What anyone with the code may see; the app needs the first three only (a brand's service may send no more). */
export const InviteSchema = v.object({
  owner_display_name: v.string(),
  bike_name: v.string(),
  bike_image_url: v.string(),
  code: v.optional(v.pipe(v.string(), v.regex(INVITE_CODE))),
  type: v.optional(vehicleType),
  status: v.optional(InviteStatusSchema),
  expires_at: v.optional(timestamp),
  /** The last day the invitee may ride, told before they accept; null or absent: until removed. */
  access_until: v.optional(v.nullable(accessUntil)),
});
export type Invite = v.InferOutput<typeof InviteSchema>;

/** The longest note an owner may give an invite ("Mila", "my brother"), in UTF-16 code units. */
export const INVITE_NOTE_MAX = 60;
const note = v.pipe(v.string(), v.maxLength(INVITE_NOTE_MAX));

export const OwnerInviteSchema = v.object({
  ...InviteSchema.entries,
  code: v.pipe(v.string(), v.regex(INVITE_CODE)),
  type: vehicleType,
  status: InviteStatusSchema,
  expires_at: timestamp,
  bike_id: id,
  link: v.pipe(v.string(), v.url()),
  created_at: timestamp,
  accepted_at: v.nullable(timestamp),
  revoked_at: v.nullable(timestamp),
  /** Who the invite is for, in the owner's words; its owner's only, never in the public invite. */
  note: v.optional(v.nullable(note)),
  accepted_by: v.optional(v.nullable(v.object({ id, display_name: v.string() }))),
});
export type OwnerInvite = v.InferOutput<typeof OwnerInviteSchema>;

export const RiderSchema = v.object({
  id,
  display_name: v.string(),
  avatar_url: v.nullable(v.string()),
  since: timestamp,
  /** The last day they may ride, as the owner chose it; null: until removed. */
  access_until: v.optional(v.nullable(accessUntil)),
  /** The day has passed (or the owner ended it): they no longer ride, until lent again. */
  access_ended: v.optional(v.boolean()),
});
export type Rider = v.InferOutput<typeof RiderSchema>;

export const OwnerBikeSchema = v.object({
  id,
  name: v.string(),
  type: vehicleType,
  image_url: v.string(),
  /** Absent from a service without riders: then none are shown, nor a way to remove one. */
  riders: v.optional(v.array(RiderSchema)),
  invites: v.array(OwnerInviteSchema),
  /** Open invites the list leaves out, beyond the ones it carries (server/bike/limits.ts). */
  invites_omitted: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export type OwnerBike = v.InferOutput<typeof OwnerBikeSchema>;

export const SharedBikeSchema = v.object({
  id,
  name: v.string(),
  type: vehicleType,
  image_url: v.string(),
  owner_display_name: v.string(),
  since: timestamp,
  access_until: v.optional(v.nullable(accessUntil)),
});
export type SharedBike = v.InferOutput<typeof SharedBikeSchema>;

export const AccountSchema = v.object({
  id,
  /** The address, or `sub:{subject}` for a provider's account without a verified one. */
  email: v.string(),
  display_name: v.string(),
  language: v.picklist(SUPPORTED_LANGUAGES),
  created_at: timestamp,
});

export const NewInviteBodySchema = v.object({
  days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(INVITE_DAYS.min), v.maxValue(INVITE_DAYS.max))),
  note: v.optional(note),
  /** The rider's last day; absent: until removed. Needs `time_zone`. */
  access_until: v.optional(accessUntil),
  time_zone: v.optional(timeZone),
});

/**
 * PATCH bike/{bikeId}/rider/{riderId}: lend until another day (`access_until`, with `time_zone`),
 * until removed (`access_until: null`), or end now (`end_now`, with `time_zone`: the day it ended).
 */
export const RiderAccessBodySchema = v.object({
  access_until: v.optional(v.nullable(accessUntil)),
  end_now: v.optional(v.literal(true)),
  time_zone: v.optional(timeZone),
});

export const NewAccountBodySchema = v.object({
  language: v.optional(v.picklist(SUPPORTED_LANGUAGES)),
});

/** POST bike/invite-code/{code}/use: nothing is read from its body. */
export const RedeemBodySchema = v.object({});

/** The owner's live channel under the service's base: server-sent events, one `OwnerEvent` in each `data` line. */
export const OWNER_EVENTS_PATH = 'bike/events';

const eventFields = { bike_id: id, at: timestamp };

export const InviteAcceptedEventSchema = v.object({
  type: v.literal('invite-accepted'),
  ...eventFields,
  code: v.pipe(v.string(), v.regex(INVITE_CODE)),
  rider: v.object({ id, display_name: v.string() }),
});

export const InviteWithdrawnEventSchema = v.object({
  type: v.literal('invite-withdrawn'),
  ...eventFields,
  code: v.pipe(v.string(), v.regex(INVITE_CODE)),
});

export const RiderLeftEventSchema = v.object({ type: v.literal('rider-left'), ...eventFields, rider_id: id });

export const OwnerEventSchema = v.variant('type', [
  InviteAcceptedEventSchema,
  InviteWithdrawnEventSchema,
  RiderLeftEventSchema,
]);
export type OwnerEvent = v.InferOutput<typeof OwnerEventSchema>;

/** The schemas docs/openapi.yaml names as components, by that name. */
export const PAYLOAD_COMPONENTS = {
  Invite: InviteSchema,
  OwnerInvite: OwnerInviteSchema,
  OwnerBike: OwnerBikeSchema,
  Rider: RiderSchema,
  SharedBike: SharedBikeSchema,
  Account: AccountSchema,
  NewInviteBody: NewInviteBodySchema,
  NewAccountBody: NewAccountBodySchema,
  RiderAccessBody: RiderAccessBodySchema,
  RedeemBody: RedeemBodySchema,
  InviteAcceptedEvent: InviteAcceptedEventSchema,
  InviteWithdrawnEvent: InviteWithdrawnEventSchema,
  RiderLeftEvent: RiderLeftEventSchema,
} as const;

/** The first field an invalid value fails on, as a dotted path (`days`, `invites.0.link`), or undefined for the whole. */
export function fieldOf(issues: readonly v.BaseIssue<unknown>[]): string | undefined {
  const path = issues[0] ? v.getDotPath(issues[0]) : null;
  return path ?? undefined;
}
