import { parseArgs } from 'node:util';
import { allBikes, findBike } from '../bike/bikes.ts';
import { parseInviteCode } from '../../src/contract/invite-code.ts';
import { createInvite, findInvite } from '../bike/invites.ts';
import { inviteLink } from '../../src/contract/paths.ts';
import { openDatabase } from '../db/database.ts';
import { seedDemoData } from '../db/seed.ts';

const usage = `Usage: npm run invite -- --bike ID [--days 7] [--code CODE] [--db data/app.db] [--base-url http://127.0.0.1:8080]
Creates an invite for a bike, as its owner would, and prints the link.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    bike: { type: 'string' },
    days: { type: 'string', default: '7' },
    code: { type: 'string' },
    db: { type: 'string', default: process.env.DB_PATH || 'data/app.db' },
    'base-url': { type: 'string', default: `http://127.0.0.1:${process.env.PORT || 8080}` },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}

const db = openDatabase(values.db);
// The same demo data `npm start` would create, so an invite can be made before the first start.
await seedDemoData(db, Date.now());
const listBikes = () =>
  allBikes(db)
    .map((bike) => `  ${String(bike.id).padStart(3)}  ${bike.name} (${bike.type}), owner ${bike.owner_display_name}`)
    .join('\n');

const bikeId = Number(values.bike);
if (!values.bike || !Number.isInteger(bikeId)) fail(`${usage}\n\nBikes:\n${listBikes()}`);
const bike = findBike(db, bikeId);
if (!bike) fail(`There is no bike ${values.bike}.\n\nBikes:\n${listBikes()}`);
const days = Number(values.days);
if (!Number.isInteger(days) || days < 1 || days > 365) fail('--days must be a whole number from 1 to 365.');
if (values.code !== undefined && (!parseInviteCode(values.code) || findInvite(db, values.code))) {
  fail('--code must be 1 to 64 letters, digits, "-" or "_", and not in use yet.');
}

const invite = createInvite(db, bike.id, days, Date.now(), null, undefined, values.code);
db.close();
const baseUrl = values['base-url'].replace(/\/+$/, '');
process.stdout.write(
  `Invite ${invite.code} for "${bike.name}" (owner ${invite.owner_display_name}), valid until ${new Date(invite.expires_at).toISOString()}:\n${inviteLink(baseUrl, invite.code)}\n`,
);
