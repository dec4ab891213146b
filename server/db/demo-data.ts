import type { InviteStatus } from '../../src/contract/invite-status.ts';

/** The fixed demo data: documented in server/README.md and relied on by the end-to-end tests. */
export const demoPassword = 'demo-password';

export const demoUsers = [
  {
    key: 'owner',
    email: 'owner@example.com',
    displayName: 'Sofie de Vries',
    avatarUrl: '/media/avatars/sofie.jpg',
    hasAccount: true,
  },
  {
    key: 'owner2',
    email: 'bram@example.com',
    displayName: 'Bram Jansen',
    avatarUrl: '/media/avatars/bram.jpg',
    hasAccount: true,
  },
  // Anna has no bike-service account yet, so her first redeem goes through `POST user` like a new user's.
  {
    key: 'invitee',
    email: 'anna@example.com',
    displayName: 'Anna Bakker',
    avatarUrl: '/media/avatars/anna.jpg',
    hasAccount: false,
  },
] as const;

type DemoUserKey = (typeof demoUsers)[number]['key'];

// The photos are the 400 px wide renditions, sized for the invite card (decision 0015).
export const demoBikes: {
  key: string;
  owner: DemoUserKey;
  name: string;
  type: 'bike' | 'e-moped';
  imageUrl: string;
}[] = [
  { key: 'city', owner: 'owner', name: 'Blue city bike', type: 'bike', imageUrl: '/media/bikes/city-bike-400.jpg' },
  {
    key: 'cargo',
    owner: 'owner',
    name: 'Family cargo bike',
    type: 'bike',
    imageUrl: '/media/bikes/cargo-bike-400.jpg',
  },
  { key: 'moped', owner: 'owner2', name: 'Red e-moped', type: 'e-moped', imageUrl: '/media/bikes/e-moped-400.jpg' },
  { key: 'sport', owner: 'owner2', name: 'Grey sport bike', type: 'bike', imageUrl: '/media/bikes/sport-bike-400.jpg' },
];

const day = 86_400_000;

type DemoInvite = { code: string; bike: string; state: InviteStatus; note?: string };

export const demoInvites: DemoInvite[] = [
  { code: 'DEMO-PENDING-1', bike: 'city', state: 'pending' },
  { code: 'DEMO-PENDING-2', bike: 'cargo', state: 'pending' },
  { code: 'DEMO-PENDING-3', bike: 'moped', state: 'pending' },
  { code: 'DEMO-PENDING-4', bike: 'sport', state: 'pending' },
  { code: 'DEMO-PENDING-5', bike: 'city', state: 'pending' },
  { code: 'DEMO-ACCEPTED', bike: 'city', state: 'accepted', note: 'Anna' },
  { code: 'DEMO-EXPIRED', bike: 'cargo', state: 'expired' },
  { code: 'DEMO-REVOKED', bike: 'moped', state: 'revoked' },
];

/** Pending demo invites stay valid for a year, so a kept demo database keeps working. */
export const demoPendingLifetime = 365 * day;
export const demoDay = day;
