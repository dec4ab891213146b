// `npm run bench:owner`: a signed-in owner's home on an emulated phone against its strict limit, and
// the invite dialog's taps; how each is timed: docs/performance.md#benchowner.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { CHROMIUM, PHONE } from '../playwright.config.ts';
import { APP_ROOT } from '../src/contract/paths.ts';
import { SIGNED_IN_PART_MARK } from '../src/early/contract.ts';
import { acceptInvite, createInvite, newInvitee } from '../e2e/support/owner.ts';
import { PHONE_ROUND_TRIP_MS, throttleLikeAPhone } from '../e2e/support/phone.ts';
import { bikesOfOwner, createBike, type Bike } from '../server/bike/bikes.ts';
import { inviteStatus, invitesOfBike } from '../server/bike/invites.ts';
import { ridersOfBike } from '../server/bike/riders.ts';
import { openDatabase, sql } from '../server/db/database.ts';
import { seedDemoData } from '../server/db/seed.ts';
import { INP_THRESHOLD_MS, Probe, type Signal } from './journey-probe.ts';
import { LIMIT_SERVER_ARGS, writeOwnerLimitPage, type LimitOwnerBike } from './limit-page.ts';
import { printLoad } from './machine-load.ts';
import { median } from './median.ts';
import { startReferenceServer } from './reference-server.ts';
import { signInAsDemo } from './screen-views.ts';

const { values: flags } = parseArgs({ options: { dist: { type: 'string', default: 'dist' } } });
const DIST = resolve(flags.dist);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4470);
const STEP_TIMEOUT_MS = 60_000; // a guard against a step that is stuck, not a measure
const BEYOND_ROUND_TRIP_MS = 150; // the link's allowance, proposed for the list too
const TARGETS = {
  listRatio: 1.25,
  listBeyondRoundTripMs: BEYOND_ROUND_TRIP_MS,
  linkBeyondRoundTripMs: BEYOND_ROUND_TRIP_MS,
  inpMs: 100,
  seenAtOnceMs: 2000,
};
const OWNER = 'owner@example.com';
const RIDER = 'bram@example.com';

type Texts = Record<string, Record<string, unknown>>;
const texts = JSON.parse(readFileSync(join(DIST, 'i18n/en.json'), 'utf8')) as Texts;
const t = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Texts)[part], texts) as string;
const INVITE = t('owner-home.bike.invite');
const CREATE = t('owner-invite.create');
const COPY = t('owner-invite.copy');

/** The demo's data with a third bike for the owner, in a database file the server then opens. */
async function ownerDatabase(path: string): Promise<Bike[]> {
  const db = openDatabase(path);
  try {
    await seedDemoData(db, Date.now());
    const { id } = sql(db, 'SELECT id FROM users WHERE email = ?').get(OWNER) as { id: number };
    createBike(
      db,
      { owner_id: id, name: 'Green e-moped', type: 'e-moped', image_url: '/media/bikes/e-moped-400.jpg' },
      Date.now(),
    );
    return bikesOfOwner(db, id);
  } finally {
    db.close();
  }
}

/** Each bike as the limit lists it, read after the API's writes, in the order the app shows them. */
function limitBikes(path: string, order: string[]): LimitOwnerBike[] {
  const db = openDatabase(path);
  try {
    const now = Date.now();
    const { id } = sql(db, 'SELECT id FROM users WHERE email = ?').get(OWNER) as { id: number };
    return bikesOfOwner(db, id)
      .toSorted((a, b) => order.indexOf(a.name) - order.indexOf(b.name))
      .map((bike) => ({
        name: bike.name,
        image_url: bike.image_url,
        riders: ridersOfBike(db, bike.id).map((rider) => rider.display_name),
        invites: invitesOfBike(db, bike.id)
          .filter((invite) => inviteStatus(invite, now) === 'pending')
          .map((invite) => invite.code),
      }));
  } finally {
    db.close();
  }
}

type AppRound = {
  list: number;
  own: number;
  /** Until the list: when each request on its way ended, ms from the navigation, by short name. */
  path: string;
  dialog: number;
  createToLink: number;
  roundTrip: number;
  /** From the redeem's answer to the invitee (another person, elsewhere) to the news in the owner's open sheet. */
  seenAtOnce: number;
  inp: { invite: number; create: number; copy: number };
};

declare global {
  var benchNewsShownAt: number | undefined;
}

/** Someone else accepts the invite the open sheet shows: how long until the owner's page says so, ms. */
async function acceptedToShown(page: Page, origin: string, code: string, bike: string): Promise<number> {
  const invitee = await newInvitee(origin);
  const news = t('owner-home.announce.now-rides').replace('{{name}}', invitee.name).replace('{{bike}}', bike);
  await page.evaluate((text) => {
    globalThis.benchNewsShownAt = undefined;
    const seen = () =>
      [...document.querySelectorAll('dialog [role="status"]')].some((status) => status.textContent?.includes(text));
    new MutationObserver((_, observer) => {
      if (!seen()) return;
      globalThis.benchNewsShownAt = Date.now();
      observer.disconnect();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, news);
  const answeredAt = await acceptInvite(origin, code, invitee.email);
  await page.waitForFunction(() => globalThis.benchNewsShownAt, undefined, { timeout: STEP_TIMEOUT_MS });
  return (await page.evaluate(() => globalThis.benchNewsShownAt!)) - answeredAt;
}

async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

const visibleButton = (label: string) => (signal: Signal) =>
  signal.kind === 'button' && signal.label === label && signal.rect !== null;

/** Taps `label` until `done` is seen; returns when the honoured tap was made and when `done` came (epoch ms). */
async function tap(page: Page, probe: Probe, label: string, done?: (signal: Signal) => boolean) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    await page.locator('button', { hasText: label }).first().scrollIntoViewIfNeeded({ timeout: STEP_TIMEOUT_MS });
    await probe.wait(visibleButton(label), `${label} visible`, 0, STEP_TIMEOUT_MS);
    const rect = probe.rect(label);
    const before = probe.signals.length;
    const at = Date.now();
    if (rect) await page.mouse.click(rect.x + rect.width / 2, rect.y + rect.height / 2);
    await nextFrames(page);
    if (!done) return { at, done: at };
    const seen = await probe.wait(done, `${label} answered`, before, STEP_TIMEOUT_MS).catch(() => undefined);
    if (seen) return { at, done: seen.at };
  }
  throw new Error(`no tap on ${label} answered within ${STEP_TIMEOUT_MS / 1000} s`);
}

async function phonePage(context: BrowserContext, firstBike: string): Promise<{ page: Page; probe: Probe }> {
  const page = await context.newPage();
  const probe = await Probe.attach(page, { owner: firstBike, buttons: [INVITE, CREATE, COPY], title: '' });
  await throttleLikeAPhone(page);
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  return { page, probe };
}

/** From the navigation to the first bike's name on screen, ms. */
async function listOnScreen(page: Page, probe: Probe, address: string): Promise<number> {
  await page.goto(address, { waitUntil: 'commit', timeout: STEP_TIMEOUT_MS });
  const document = await probe.wait((signal) => signal.kind === 'document', 'the page', 0, STEP_TIMEOUT_MS);
  const name = await probe.wait((signal) => signal.kind === 'owner', "the first bike's name", 0, STEP_TIMEOUT_MS);
  return name.at - (document.kind === 'document' ? document.timeOrigin : NaN);
}

/** The owner signed in, then their home opened afresh (cold cache): the list, then an invite made and copied. */
async function appRound(browser: Browser, origin: string, firstBike: string): Promise<AppRound> {
  const context = await browser.newContext({ ...PHONE, locale: 'en-GB' });
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const setup = await context.newPage();
    await signInAsDemo(setup, origin, OWNER);
    await setup.close();
    const { page, probe } = await phonePage(context, firstBike);
    const created: Request[] = [];
    page.on('requestfinished', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/invite-code')) created.push(request);
    });
    const finished: { name: string; start: number; end: number }[] = [];
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      const url = new URL(request.url());
      finished.push({
        name: `${request.method() === 'GET' ? '' : `${request.method()} `}${url.pathname.split('/').filter(Boolean).slice(-2).join('/')}`,
        start: timing.startTime,
        end: timing.startTime + timing.responseEnd,
      });
    });
    const list = await listOnScreen(page, probe, origin + APP_ROOT);
    const opened = await page.evaluate(() => performance.timeOrigin);
    const path = finished
      .filter((request) => request.end - opened <= list && !/\.(?:png|jpe?g|svg|webp|woff2?)$/.test(request.name))
      .map(
        (request) =>
          `${request.name.replace(/-[\w-]{8}\.js$/, '.js')} ${cell(request.start - opened)}–${cell(request.end - opened)}`,
      )
      .join(', ');
    // The taps measure the app's reactions: on its own page, not the server's part standing in for it (decision 0056).
    const ownList = await page.waitForFunction(
      (mark) => document.documentElement.getAttribute(mark) !== 'shown' && performance.now(),
      SIGNED_IN_PART_MARK,
      { timeout: STEP_TIMEOUT_MS, polling: 'raf' },
    );
    const own = (await ownList.jsonValue()) as number;
    const invite = await tap(page, probe, INVITE, visibleButton(CREATE));
    const create = await tap(page, probe, CREATE, visibleButton(COPY));
    const copy = await tap(page, probe, COPY);
    await page.getByText(t('owner-invite.copied')).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await nextFrames(page);
    const timing = created[0]?.timing();
    const { code } = (await (await created[0]!.response())!.json()) as { code: string };
    return {
      seenAtOnce: await acceptedToShown(page, origin, code, firstBike),
      list,
      own,
      path,
      dialog: invite.done - invite.at,
      createToLink: create.done - create.at,
      roundTrip: timing ? timing.responseEnd : NaN,
      inp: {
        invite: probe.interactionBetween(invite.at, create.at),
        create: probe.interactionBetween(create.at, copy.at),
        copy: probe.interactionBetween(copy.at),
      },
    };
  } finally {
    await context.close();
  }
}

async function limitRound(browser: Browser, address: string, firstBike: string): Promise<number> {
  const context = await browser.newContext({ ...PHONE, locale: 'en-GB' });
  try {
    const { page, probe } = await phonePage(context, firstBike);
    return await listOnScreen(page, probe, address);
  } finally {
    await context.close();
  }
}

const cell = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '—');
const inpCell = (value: number) => (value === 0 ? `<${INP_THRESHOLD_MS}` : cell(value));
const spread = (values: number[], format = cell) =>
  `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;

const startLoad = printLoad('Before the benchmark');
const dir = mkdtempSync(join(tmpdir(), 'bench-owner-'));
const dbPath = join(dir, 'app.db');
const bikes = await ownerDatabase(dbPath);
const server = await startReferenceServer(PORT, [
  '--dist',
  DIST,
  '--ssr',
  join(dirname(DIST), 'dist-ssr'),
  ...LIMIT_SERVER_ARGS,
  '--db',
  dbPath,
  // One account creates two invites a round: past the per-minute write limit a real owner has.
  '--owner-write-limit',
  '1000',
]);
const browser = await chromium.launch(CHROMIUM);
const app: AppRound[] = [];
const limit: number[] = [];
try {
  for (const bike of bikes) {
    await createInvite(server.url, bike.id);
    await acceptInvite(server.url, await createInvite(server.url, bike.id), RIDER);
  }
  const order = await (async () => {
    const context = await browser.newContext({ ...PHONE, locale: 'en-GB' });
    const page = await context.newPage();
    await signInAsDemo(page, server.url, OWNER);
    await page
      .locator('.owner-bike h3')
      .nth(bikes.length - 1)
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    const names = await page.locator('.owner-bike h3').allTextContents();
    await context.close();
    return names;
  })();
  const limitPath = writeOwnerLimitPage(DIST, limitBikes(dbPath, order));
  console.log(`build ${DIST}; the owner's ${order.length} bikes: ${order.join(', ')}; ${RUNS} rounds`);
  for (let run = 0; run < RUNS; run++) {
    // Taking turns, the first one alternating, so the machine's load falls on both alike.
    const measureApp = async () => app.push(await appRound(browser, server.url, order[0]!));
    const measureLimit = async () => limit.push(await limitRound(browser, server.url + limitPath, order[0]!));
    for (const step of run % 2 ? [measureLimit, measureApp] : [measureApp, measureLimit]) await step();
    const round = app.at(-1)!;
    console.log(
      `round ${run + 1}: list ${cell(round.list)} (limit ${cell(limit.at(-1)!)}, the app's own ${cell(round.own)})  Invite someone → dialog ${cell(round.dialog)} (INP ${inpCell(round.inp.invite)})` +
        `  Create → link ${cell(round.createToLink)} (its POST ${cell(round.roundTrip)}, INP ${inpCell(round.inp.create)})  Copy link INP ${inpCell(round.inp.copy)}` +
        `  invite accepted → shown ${cell(round.seenAtOnce)}` +
        `\n  the list's way (each request's start–end, ms): ${round.path}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

const ratios = app.map((round, index) => round.list / limit[index]!);
// Proposed in place of the ratio: the token reaches the server only with a second request (docs/performance.md).
const listBeyond = app.map((round, index) => round.list - limit[index]! - PHONE_ROUND_TRIP_MS);
const beyond = app.map((round) => round.dialog + round.createToLink - round.roundTrip);
const inps = (pick: (round: AppRound) => number) => app.map(pick);
const rows: [string, string, string, boolean][] = [
  [
    'list on screen ÷ limit',
    spread(ratios, (value) => value.toFixed(2)),
    `at most ${TARGETS.listRatio}`,
    median(ratios) <= TARGETS.listRatio,
  ],
  [
    'list − limit − round trip',
    spread(listBeyond),
    `at most ${TARGETS.listBeyondRoundTripMs} ms (proposed)`,
    median(listBeyond) <= TARGETS.listBeyondRoundTripMs,
  ],
  [
    'Invite someone → link − round trip',
    spread(beyond),
    `at most ${TARGETS.linkBeyondRoundTripMs} ms`,
    median(beyond) <= TARGETS.linkBeyondRoundTripMs,
  ],
  [
    "invite accepted → shown on the owner's page",
    spread(app.map((round) => round.seenAtOnce)),
    `at most ${TARGETS.seenAtOnceMs} ms`,
    median(app.map((round) => round.seenAtOnce)) <= TARGETS.seenAtOnceMs,
  ],
  ...(
    [
      ['Invite someone INP', inps((round) => round.inp.invite)],
      ['Create invite link INP', inps((round) => round.inp.create)],
      ['Copy link INP', inps((round) => round.inp.copy)],
    ] as const
  ).map(([title, values]): [string, string, string, boolean] => [
    title,
    values.map(inpCell).join(', '),
    `at most ${TARGETS.inpMs} ms, every round`,
    values.every((value) => value <= TARGETS.inpMs),
  ]),
];
console.log(
  `\nThe owner's home on an emulated phone (Pixel 7; ${PHONE_ROUND_TRIP_MS} ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower), cold cache, ${RUNS} rounds: ` +
    `median (range), ms unless a ratio; the limit: a minimal static page of the same list, its styles inline`,
);
console.log(`${'list on screen, app'.padEnd(38)}${spread(app.map((round) => round.list))}`);
console.log(`${'list on screen, limit'.padEnd(38)}${spread(limit)}`);
console.log(`${"the app's own list in its place".padEnd(38)}${spread(app.map((round) => round.own))}`);
console.log(`${'Invite someone → dialog'.padEnd(38)}${spread(app.map((round) => round.dialog))}`);
console.log(`${'Create → link shown'.padEnd(38)}${spread(app.map((round) => round.createToLink))}`);
console.log(`${'  its POST (the round trip)'.padEnd(38)}${spread(app.map((round) => round.roundTrip))}`);
console.log(`\nTargets (issues 53 and 49)`);
for (const [title, value, target, met] of rows)
  console.log(`${title.padEnd(46)}${value.padEnd(26)}${target.padEnd(30)}${met ? 'met' : 'NOT met'}`);
const endLoad = printLoad('\nAfter the benchmark');
if (startLoad.busy || endLoad.busy)
  console.log('These figures were measured on a busy machine: re-run on a quiet one before recording them.');
