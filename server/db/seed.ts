import { createBike } from '../bike/bikes.ts';
import { createAccount } from '../bike/accounts.ts';
import { addRider } from '../bike/riders.ts';
import { hashPassword } from '../ids/passwords.ts';
import { insertUser } from '../ids/users.ts';
import { sql, transaction, type Database } from './database.ts';
import { demoBikes, demoDay, demoInvites, demoPassword, demoPendingLifetime, demoUsers } from './demo-data.ts';

export function isEmpty(db: Database): boolean {
  return (sql(db, 'SELECT count(*) AS n FROM users').get() as { n: number }).n === 0;
}

/** Fills an empty database with the demo owners, bikes and one invite in every state, all in one transaction. */
export async function seedDemoData(db: Database, now: number): Promise<boolean> {
  if (!isEmpty(db)) return false;
  const hashes = await Promise.all(demoUsers.map(() => hashPassword(demoPassword)));
  return transaction(db, () => {
    // Checked again inside the transaction: another process may have seeded while we hashed.
    if (!isEmpty(db)) return false;
    const users = new Map<string, number>();
    demoUsers.forEach((demo, i) => {
      const user = insertUser(
        db,
        { email: demo.email, displayName: demo.displayName, passwordHash: hashes[i] ?? '', avatarUrl: demo.avatarUrl },
        now,
      );
      if (!user) throw new Error(`demo user ${demo.email} could not be created`);
      users.set(demo.key, user.id);
      if (demo.hasAccount) createAccount(db, user.id, 'nl', now);
    });
    const bikes = new Map<string, number>();
    for (const bike of demoBikes) {
      const owner = users.get(bike.owner) ?? 0;
      bikes.set(
        bike.key,
        createBike(db, { owner_id: owner, name: bike.name, type: bike.type, image_url: bike.imageUrl }, now).id,
      );
    }
    const insert = sql(
      db,
      'INSERT INTO invites (code, bike_id, created_at, expires_at, accepted_by, accepted_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const invitee = users.get('invitee') ?? null;
    for (const invite of demoInvites) {
      const bikeId = bikes.get(invite.bike) ?? 0;
      if (invite.state === 'expired')
        insert.run(invite.code, bikeId, now - 10 * demoDay, now - 3 * demoDay, null, null, null);
      else if (invite.state === 'accepted') {
        insert.run(invite.code, bikeId, now - 2 * demoDay, now + 5 * demoDay, invitee, now - demoDay, null);
        sql(db, 'UPDATE invites SET note = ? WHERE code = ?').run(invite.note ?? null, invite.code);
        if (invitee !== null) addRider(db, bikeId, invitee, now - demoDay);
      } else if (invite.state === 'revoked')
        insert.run(invite.code, bikeId, now - 2 * demoDay, now + 5 * demoDay, null, null, now - demoDay);
      else insert.run(invite.code, bikeId, now, now + demoPendingLifetime, null, null, null);
    }
    return true;
  });
}
