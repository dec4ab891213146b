import { sql, transaction, type Database } from '../db/database.ts';
import type { InviteStatus } from '../../src/contract/invite-status.ts';
import { InviteSchema } from '../../src/contract/bike-service.ts';
import { answer } from './contract-io.ts';
import { newInviteCode } from './invite-code.ts';
import { accessEnded, addRider, isRider, UNTIL_REMOVED, type Access } from './riders.ts';

export type { InviteStatus };

export type InviteRow = {
  code: string;
  bike_id: number;
  created_at: number;
  expires_at: number;
  accepted_by: number | null;
  accepted_at: number | null;
  revoked_at: number | null;
  note: string | null;
  access_until: string | null;
  access_ends_at: number | null;
  accepted_by_name: string | null;
  owner_id: number;
  owner_display_name: string;
  bike_name: string;
  bike_image_url: string;
  type: 'bike' | 'e-moped';
};

const selectInvite = `SELECT i.code, i.bike_id, i.created_at, i.expires_at, i.accepted_by, i.accepted_at, i.revoked_at, i.note,
  i.access_until, i.access_ends_at,
  a.display_name AS accepted_by_name,
  b.owner_id, u.display_name AS owner_display_name, b.name AS bike_name, b.image_url AS bike_image_url, b.type
  FROM invites i JOIN bikes b ON b.id = i.bike_id JOIN users u ON u.id = b.owner_id
  LEFT JOIN users a ON a.id = i.accepted_by`;

export function findInvite(db: Database, code: string): InviteRow | undefined {
  return sql(db, `${selectInvite} WHERE i.code = ?`).get(code) as InviteRow | undefined;
}

export function invitesOfBike(db: Database, bikeId: number): InviteRow[] {
  return sql(db, `${selectInvite} WHERE i.bike_id = ? ORDER BY i.created_at DESC`).all(bikeId) as InviteRow[];
}

// Open: neither used nor withdrawn, and neither the link's time nor the access it lends is over.
const isOpen =
  'accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ? AND (access_ends_at IS NULL OR access_ends_at > ?)';

export function openInvitesOfBike(db: Database, bikeId: number, now: number): number {
  const row = sql(db, `SELECT COUNT(*) AS n FROM invites WHERE bike_id = ? AND ${isOpen}`).get(bikeId, now, now) as {
    n: number;
  };
  return row.n;
}

/** Expiry is derived from the clock, so an invite expires without anything having to run; one lending until a day past is expired too. */
export function inviteStatus(row: InviteRow, now: number): InviteStatus {
  if (row.revoked_at !== null) return 'revoked';
  if (row.accepted_at !== null) return 'accepted';
  return row.expires_at <= now || accessEnded(row, now) ? 'expired' : 'pending';
}

export function publicInvite(row: InviteRow, now: number) {
  return answer(InviteSchema, {
    code: row.code,
    owner_display_name: row.owner_display_name,
    bike_name: row.bike_name,
    bike_image_url: row.bike_image_url,
    type: row.type,
    status: inviteStatus(row, now),
    expires_at: new Date(row.expires_at).toISOString(),
    access_until: row.access_until,
  });
}

export type RedeemOutcome =
  | { ok: true; invite: InviteRow; fresh?: true }
  | { ok: false; reason: 'unknown' | 'own-invite' | 'already-rider' | 'rider-removed' | InviteStatus };

/**
 * Uses an invite at most once: the conditional UPDATE inside one write transaction is the guard. The
 * account becomes a rider of the bike in the same transaction.
 */
export function redeemInvite(db: Database, code: string, userId: number, now: number): RedeemOutcome {
  return transaction(db, (): RedeemOutcome => {
    const row = findInvite(db, code);
    if (!row) return { ok: false, reason: 'unknown' };
    const status = inviteStatus(row, now);
    // The same account redeeming again (a retry whose answer was lost) gets the same answer, unless
    // it no longer rides the bike: then it is told so, not that it is back in.
    if (status === 'accepted' && row.accepted_by === userId) {
      return isRider(db, row.bike_id, userId, now) ? { ok: true, invite: row } : { ok: false, reason: 'rider-removed' };
    }
    if (status !== 'pending') return { ok: false, reason: status };
    // Neither spends the invite: it stays open for the person it was meant for.
    if (row.owner_id === userId) return { ok: false, reason: 'own-invite' };
    if (isRider(db, row.bike_id, userId, now)) return { ok: false, reason: 'already-rider' };
    const result = sql(db, `UPDATE invites SET accepted_by = ?, accepted_at = ? WHERE code = ? AND ${isOpen}`).run(
      userId,
      now,
      code,
      now,
      now,
    );
    if (result.changes !== 1) return { ok: false, reason: 'accepted' };
    addRider(db, row.bike_id, userId, now, row);
    return { ok: true, invite: { ...row, accepted_by: userId, accepted_at: now }, fresh: true };
  });
}

export function createInvite(
  db: Database,
  bikeId: number,
  days: number,
  now: number,
  note: string | null = null,
  access: Access = UNTIL_REMOVED,
  code = newInviteCode(),
): InviteRow {
  sql(
    db,
    'INSERT INTO invites (code, bike_id, created_at, expires_at, note, access_until, access_ends_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(code, bikeId, now, now + days * 86_400_000, note, access.access_until, access.access_ends_at);
  const row = findInvite(db, code);
  if (!row) throw new Error('invite vanished after insert');
  return row;
}

/** Revoking is idempotent; an accepted invite cannot be revoked (the bike is already shared). */
export function revokeInvite(db: Database, code: string, now: number): InviteRow | 'accepted' {
  return transaction(db, () => {
    sql(db, 'UPDATE invites SET revoked_at = ? WHERE code = ? AND accepted_at IS NULL AND revoked_at IS NULL').run(
      now,
      code,
    );
    const row = findInvite(db, code);
    if (!row) throw new Error('invite vanished while revoking');
    return row.accepted_at !== null ? 'accepted' : row;
  });
}
