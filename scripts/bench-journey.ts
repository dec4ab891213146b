// `npm run bench:journey`: the invitee's journey, server-rendered, browser-rendered and the strict
// limit taking turns; how each step is timed: docs/performance.md#benchjourney.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page, type Request } from '@playwright/test';
import { CHROMIUM, PHONE } from '../playwright.config.ts';
import { SLIDE_OUT_MS } from '../src/ui/use-slide-out.ts';
import { createInvite, leaveBike } from '../e2e/support/owner.ts';
import { PHONE_ROUND_TRIP_MS, throttleLikeAPhone, watchDocumentLoads, watchForButton } from '../e2e/support/phone.ts';
import { describeTasks, longTasks, pageCodeMs, startTrace, type LongTask } from './long-tasks.ts';
import { printLoad } from './machine-load.ts';
import { ANNA, IdentityLoginPage } from '../e2e/support/sign-in.ts';
import { INP_THRESHOLD_MS, Probe, type Signal } from './journey-probe.ts';
import {
  drawTimeline,
  type RequestKind,
  type TimelineLane,
  type TimelineRequest,
  type TimelineStep,
} from './journey-timeline.ts';
import {
  LIMIT_ACCEPT_HREF,
  LIMIT_SERVER_ARGS,
  writeLimitPage,
  writePreviousLimitPage,
  type LimitInvite,
} from './limit-page.ts';
import { median } from './median.ts';
import { demoStart, startReferenceServer, type RunningServer } from './reference-server.ts';

const { values: flags } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    ssr: { type: 'string' },
    root: { type: 'string' },
    label: { type: 'string', default: process.env.BENCH_LABEL ?? 'latest' },
    trace: { type: 'boolean', default: false },
    'trace-window': { type: 'string', default: '3000' },
    'previous-limit': { type: 'boolean', default: false },
  },
});
const DIST = resolve(flags.dist);
const SSR = resolve(flags.ssr ?? join(dirname(DIST), 'dist-ssr')); // by default the renderer built beside the build
// A build is served by the server of its own checkout: the app server and its renderer are built together.
const ROOT = resolve(flags.root ?? (demoStart(dirname(DIST)) ? dirname(DIST) : '.'));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4490);
const STEP_TIMEOUT_MS = 60_000; // a guard against a journey that is stuck, not a measure

/** The window at the start of the journey in which no main-thread task may be long (issue 31; `--trace-window MS`). */
const TRACE_WINDOW_MS = Number(flags['trace-window']);
const LONG_TASK_MS = 50;
/** A long task is the page's when its own code ran in it this long (sampled); else the browser's or the probe's. */
const PAGE_CODE_MS = 10;

// Issue 53's targets for the journey, against the limit measured in the same run.
const TARGETS = {
  ownerRatio: 1.2,
  acceptRatio: 1.25,
  loginRatio: 1.3,
  formToConfirmMs: 1100,
  documentLoads: 2,
  confirmToAcceptedMs: 1000,
  inpMs: 100,
};

type Texts = Record<string, Record<string, unknown>>;
const texts = JSON.parse(readFileSync(join(DIST, 'i18n/en.json'), 'utf8')) as Texts;
const t = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Texts)[part], texts) as string;
const ACCEPT = t('invite-page.btn.accept');
const LOGIN = t('invite-page.login.btn');
const CONFIRM = t('invite-page.btn.confirm');
const ACCEPTED_TITLE = t('invite-accepted-page.title');

type VariantName = 'server-rendered' | 'browser-rendered' | 'limit' | 'previous limit';
const VARIANTS: VariantName[] = [
  'server-rendered',
  'browser-rendered',
  'limit',
  ...(flags['previous-limit'] ? (['previous limit'] as const) : []),
];
const isLimit = (name: VariantName) => name === 'limit' || name === 'previous limit';

type NetworkRequest = { url: string; method: string; kind: RequestKind; start: number; end?: number };

/** One journey. Times are epoch ms on the page's clock; `opened` is the first document's navigation start. */
type Round = {
  opened: number;
  owner: number;
  accept: number;
  login?: number;
  /** The login tap carried out: the identity service's page requested. */
  loginCarriedOut?: number;
  submitted?: number;
  confirm?: number;
  accepted?: number;
  lost: { accept: number; login?: number; confirm?: number };
  /** Each honoured tap's Interaction to Next Paint (Event Timing), ms; 0: under the API's threshold. */
  inp: { accept: number; login?: number; confirm?: number };
  /** Each tap's input delay within its INP, ms: the main thread busy with other work when tapped. */
  inputDelay: { accept: number; login?: number; confirm?: number };
  taps: { at: number; honoured: boolean }[];
  documentLoads?: number;
  anonymousCard?: boolean;
  requests: NetworkRequest[];
};

function kindOf(request: Request): RequestKind {
  const type = request.resourceType();
  if (type === 'document' || type === 'script' || type === 'image') return type;
  if (type === 'stylesheet') return 'style';
  if (type === 'fetch' || type === 'xhr') return 'fetch';
  return 'other';
}

/** Every request the page makes, with its start and end (epoch ms, from the browser's network timing). */
function recordRequests(page: Page): NetworkRequest[] {
  const recorded: NetworkRequest[] = [];
  const byRequest = new Map<Request, NetworkRequest>();
  page.on('request', (request) => {
    if (request.url().startsWith('data:')) return;
    const entry: NetworkRequest = {
      url: request.url(),
      method: request.method(),
      kind: kindOf(request),
      start: Date.now(),
    };
    byRequest.set(request, entry);
    recorded.push(entry);
  });
  const finish = (request: Request) => {
    const entry = byRequest.get(request);
    if (!entry) return;
    const timing = request.timing();
    if (timing.startTime > 0) entry.start = timing.startTime;
    entry.end = timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd : Date.now();
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
  return recorded;
}

/** The page's next two frames: a tap's response, if there is one, is on screen by then. */
async function nextFrames(page: Page): Promise<void> {
  await page
    .evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))))
    .catch(() => undefined); // the page navigated away: its response was the navigation
}

type TapRule = {
  /** The tap is carried out: the step's own sign. */
  honoured: (signal: Signal) => boolean;
  /** The tap is shown as taken or busy, and will be carried out. */
  taken?: (signal: Signal) => boolean;
  /** That sign went away without the tap being carried out. */
  dropped?: (signal: Signal) => boolean;
};
/** `at`: when the tap worked (carried out, or shown as taken); `carriedOut`: when a taken tap was carried out. */
type TapOutcome = { at: number; carriedOut: number; lost: number; taps: { at: number; honoured: boolean }[] };

/** Taps `label` from when it is visible until a tap is honoured, counting the lost ones. */
async function tapUntilHonoured(page: Page, probe: Probe, label: string, rule: TapRule): Promise<TapOutcome> {
  const shown = (signal: Signal) => signal.kind === 'button' && signal.label === label && signal.rect !== null;
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  const taps: TapOutcome['taps'] = [];
  let lost = 0;
  while (Date.now() < deadline) {
    const before = probe.signals.length;
    const rect = probe.rect(label);
    if (!rect) {
      await probe.wait(shown, `${label} visible`, before, STEP_TIMEOUT_MS);
      continue;
    }
    const at = Date.now();
    await page.mouse.click(rect.x + rect.width / 2, rect.y + rect.height / 2).catch(() => undefined);
    await nextFrames(page);
    const honoured = probe.find(rule.honoured, before);
    if (honoured) {
      taps.push({ at, honoured: true });
      return { at: honoured.at, carriedOut: honoured.at, lost, taps };
    }
    const taken = rule.taken && probe.find(rule.taken, before);
    if (taken) {
      taps.push({ at, honoured: true });
      const next = await probe.wait(
        (signal) => rule.honoured(signal) || Boolean(rule.dropped?.(signal)),
        `${label} carried out`,
        before,
        STEP_TIMEOUT_MS,
      );
      if (rule.honoured(next)) return { at: taken.at, carriedOut: next.at, lost, taps };
      lost++;
      continue;
    }
    taps.push({ at, honoured: false });
    lost++;
  }
  throw new Error(`no tap on ${label} honoured within ${STEP_TIMEOUT_MS / 1000} s`);
}

const tapped = (outcome: TapOutcome) => outcome.taps.findLast((tap) => tap.honoured)?.at ?? NaN;
const stateOf = (label: string, signal: Signal) =>
  signal.kind === 'state' && signal.label === label ? signal : undefined;
const navigatesTo = (path: string) => (signal: Signal) =>
  signal.kind === 'navigate' && new URL(signal.url).pathname === path;

/** One round on a fresh context: the link to the accepted page (the limit: to Accept); `traced` records a trace. */
async function journey(
  browser: Browser,
  address: string,
  invite: LimitInvite,
  limit: boolean,
  traced?: LongTask[],
): Promise<Round> {
  const context = await browser.newContext({ ...PHONE, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    const probe = await Probe.attach(page, {
      owner: invite.owner_display_name,
      buttons: [ACCEPT, LOGIN, CONFIRM],
      title: ACCEPTED_TITLE,
    });
    const requests = recordRequests(page);
    await throttleLikeAPhone(page);
    const trace = traced ? await startTrace(page) : undefined;
    try {
      return await journeySteps(page, probe, address, limit, requests);
    } finally {
      if (trace) traced!.push(...longTasks(await trace.stop(), TRACE_WINDOW_MS, LONG_TASK_MS, DIST));
    }
  } finally {
    await context.close();
  }
}

async function journeySteps(
  page: Page,
  probe: Probe,
  address: string,
  limit: boolean,
  requests: NetworkRequest[],
): Promise<Round> {
  await page.goto(address, { waitUntil: 'commit', timeout: STEP_TIMEOUT_MS });
  const document = await probe.wait(
    (signal) => signal.kind === 'document' && signal.url === address,
    'the page',
    0,
    STEP_TIMEOUT_MS,
  );
  const opened = document.kind === 'document' ? document.timeOrigin : NaN;
  const owner = await probe.wait((signal) => signal.kind === 'owner', "the owner's name on screen", 0, STEP_TIMEOUT_MS);

  // b. Accept: for the app, shown as taken, its card sliding out, or the login card there; for the limit, its link followed.
  const accept = await tapUntilHonoured(
    page,
    probe,
    ACCEPT,
    limit
      ? { honoured: navigatesTo(LIMIT_ACCEPT_HREF) }
      : {
          honoured: (signal) =>
            Boolean(
              stateOf(ACCEPT, signal)?.taken || stateOf(ACCEPT, signal)?.leaving || stateOf(LOGIN, signal)?.present,
            ),
        },
  );
  if (limit) {
    // The entry comes after the next paint: wait for it, or for the next document (the tap under the threshold).
    await probe.wait(
      (signal) => (signal.kind === 'interaction' || signal.kind === 'document') && signal.at >= tapped(accept),
      "Accept's interaction",
      0,
      STEP_TIMEOUT_MS,
    );
  }
  const round: Round = {
    opened,
    owner: owner.at,
    accept: accept.at,
    lost: { accept: accept.lost },
    inp: { accept: probe.interactionBetween(tapped(accept)) },
    inputDelay: { accept: probe.inputDelayBetween(tapped(accept)) },
    taps: accept.taps,
    requests,
  };
  if (limit) return round;

  // c. The login card's button: a navigation to the identity service's login page.
  const login = await tapUntilHonoured(page, probe, LOGIN, {
    honoured: navigatesTo('/ids/login'),
    taken: (signal) => Boolean(stateOf(LOGIN, signal)?.busy || stateOf(LOGIN, signal)?.taken),
    dropped: (signal) => stateOf(LOGIN, signal)?.busy === false && !stateOf(LOGIN, signal)?.taken,
  });

  // d. The identity service's form, filled and submitted; then Confirm until its card slides.
  await page.waitForURL(/\/ids\/login\?/, { waitUntil: 'commit', timeout: STEP_TIMEOUT_MS });
  const anonymousCardSeen = await watchForButton(page, ACCEPT);
  const documentLoads = watchDocumentLoads(page);
  const beforeSubmit = probe.signals.length;
  await new IdentityLoginPage(page).submit(ANNA.email);
  const submitted = await probe.wait((signal) => signal.kind === 'submit', 'the form submitted', beforeSubmit);
  const confirm = await tapUntilHonoured(page, probe, CONFIRM, {
    honoured: (signal) => Boolean(stateOf(CONFIRM, signal)?.leaving),
    taken: (signal) => Boolean(stateOf(CONFIRM, signal)?.taken || stateOf(CONFIRM, signal)?.busy),
    dropped: (signal) => stateOf(CONFIRM, signal)?.present === false,
  });
  const loadsToConfirm = documentLoads.length;
  const anonymousCard = anonymousCardSeen();

  // e. The accepted page's title on screen.
  const accepted = await probe.wait(
    (signal) => signal.kind === 'title' && signal.at >= confirm.at,
    'the accepted page',
    beforeSubmit,
    STEP_TIMEOUT_MS,
  );
  return {
    ...round,
    login: login.at,
    loginCarriedOut: login.carriedOut,
    submitted: submitted.at,
    confirm: confirm.at,
    accepted: accepted.at,
    lost: { accept: accept.lost, login: login.lost, confirm: confirm.lost },
    inp: {
      accept: probe.interactionBetween(tapped(accept), login.taps[0]?.at),
      login: probe.interactionBetween(tapped(login), confirm.taps[0]?.at),
      confirm: probe.interactionBetween(tapped(confirm)),
    },
    inputDelay: {
      accept: probe.inputDelayBetween(tapped(accept), login.taps[0]?.at),
      login: probe.inputDelayBetween(tapped(login), confirm.taps[0]?.at),
      confirm: probe.inputDelayBetween(tapped(confirm)),
    },
    taps: [...accept.taps, ...login.taps, ...confirm.taps],
    documentLoads: loadsToConfirm,
    anonymousCard,
  };
}

const since = (from: number | undefined, to: number | undefined) =>
  from === undefined || to === undefined ? NaN : to - from;

/** Step d in its parts (docs/performance.md#benchjourney), in ms; NaN where a part was not seen. */
function returnParts(round: Round) {
  const after = (from: number | undefined, test: (request: NetworkRequest) => boolean) =>
    from === undefined ? undefined : round.requests.find((request) => request.start >= from && test(request));
  const page = after(round.submitted, (request) => request.kind === 'document' && request.url.includes('code='));
  const exchange = after(page?.end, (request) => request.kind === 'fetch' && request.method === 'POST');
  const user = after(
    exchange?.start,
    (request) => request.kind === 'fetch' && new URL(request.url).pathname.endsWith('/user'),
  );
  return {
    returnPage: since(round.submitted, page?.end),
    toExchange: since(page?.end, exchange?.start),
    exchange: since(exchange?.start, exchange?.end),
    toUser: since(exchange?.end, user?.start),
    user: since(user?.start, user?.end),
    toConfirm: since(user?.end, round.confirm),
  };
}

/** Step e in its parts, in ms: until the redeem is sent, the redeem, its answer → the accepted page. */
function acceptedParts(round: Round) {
  const redeem =
    round.confirm === undefined
      ? undefined
      : round.requests.find(
          (request) => request.start >= round.confirm! && request.method === 'POST' && request.url.endsWith('/use'),
        );
  return {
    toRedeem: since(round.confirm, redeem?.start),
    redeem: since(redeem?.start, redeem?.end),
    redeemToAccepted: since(redeem?.end, round.accepted),
  };
}

/** What the page asked for between Confirm and the accepted page, by short name. */
const requestsDuringE = (round: Round) =>
  round.confirm === undefined || round.accepted === undefined
    ? []
    : round.requests
        .filter((request) => request.start >= round.confirm! && request.start <= round.accepted!)
        .map(shortName);

/** The figures of a round, in ms: a–c from opening the link, d from submitting the form, e from Confirm. */
function figures(round: Round) {
  return {
    ...returnParts(round),
    ...acceptedParts(round),
    owner: round.owner - round.opened,
    accept: round.accept - round.opened,
    login: since(round.opened, round.login),
    loginCarriedOut: since(round.opened, round.loginCarriedOut),
    formToConfirm: since(round.submitted, round.confirm),
    confirmToAccepted: since(round.confirm, round.accepted),
    inpAccept: round.inp.accept,
    inpLogin: round.inp.login ?? NaN,
    inpConfirm: round.inp.confirm ?? NaN,
  };
}

function serve(port: number, rendered: boolean, noRenderer: string): Promise<RunningServer> {
  return startReferenceServer(port, ['--dist', DIST, '--ssr', rendered ? SSR : noRenderer, ...LIMIT_SERVER_ARGS], ROOT);
}

/** Warms a new server up, as a deployed one is, and checks it renders the invite page or not as the variant says. */
async function warmUp(origin: string, rendered: boolean, owner: string, limitPath: string): Promise<void> {
  for (let i = 0; i < 3; i++) await (await fetch(origin + limitPath)).text();
  let html = '';
  for (let i = 0; i < 3; i++) html = await (await fetch(`${origin}/my-account/invite/DEMO-PENDING-1`)).text();
  if (html.includes(owner) !== rendered)
    throw new Error(`${origin} ${rendered ? 'does not render' : 'renders'} the invite page on the server`);
}

function shortName(request: NetworkRequest): string {
  const url = new URL(request.url);
  const segments = url.pathname.split('/').filter(Boolean);
  let name = decodeURIComponent(segments.at(-1) ?? url.pathname);
  if (/^(?:invite|invite-code)$/.test(segments.at(-2) ?? '')) name = `${segments.at(-2)}/…${name.slice(-4)}`;
  if (url.search) name += '?…';
  return `${request.method === 'GET' ? '' : `${request.method} `}${name}`;
}

/** A variant's lane: the round whose journey ended at the median time (the last step it reaches). */
function lane(name: VariantName, rounds: Round[]): TimelineLane {
  const end = (round: Round) => (round.accepted ?? round.accept) - round.opened;
  const byEnd = rounds.map((round, index) => ({ round, index })).toSorted((a, b) => end(a.round) - end(b.round));
  const { round, index } = byEnd[Math.floor((byEnd.length - 1) / 2)]!;
  const at = (time: number | undefined) => (time === undefined ? undefined : time - round.opened);
  const f = figures(round);
  const steps = [
    { label: "a. owner's name", at: at(round.owner) },
    { label: 'b. Accept works', at: at(round.accept) },
    { label: 'c. Log in works', at: at(round.login) },
    ...(round.loginCarriedOut !== round.login ? [{ label: 'Log in carried out', at: at(round.loginCarriedOut) }] : []),
    { label: 'form submitted', at: at(round.submitted) },
    { label: 'd. Confirm works', at: at(round.confirm), note: `(form +${Math.round(f.formToConfirm)})` },
    { label: 'e. accepted page', at: at(round.accepted), note: `(Confirm +${Math.round(f.confirmToAccepted)})` },
  ].filter((step): step is TimelineStep => step.at !== undefined);
  const last = Math.max(...steps.map((step) => step.at));
  const requests: TimelineRequest[] = round.requests
    .filter((request) => request.start - round.opened <= last)
    .map((request) => ({
      name: shortName(request),
      kind: request.kind,
      start: request.start - round.opened,
      end: request.end === undefined ? undefined : request.end - round.opened,
    }));
  return {
    title: name,
    note: `round ${index + 1} of ${rounds.length} (the median journey's end)`,
    steps,
    taps: round.taps
      .map((tap) => ({ at: tap.at - round.opened, honoured: tap.honoured }))
      .filter((tap) => tap.at <= last),
    requests,
    band:
      round.login !== undefined && round.submitted !== undefined
        ? {
            from: round.login - round.opened,
            to: round.submitted - round.opened,
            label: "identity service's form (filled by the bench at once)",
          }
        : undefined,
  };
}

const cell = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '—');
/** An INP figure: under the Event Timing API's threshold when no entry came. */
const inpCell = (value: number) => (value === 0 ? `<${INP_THRESHOLD_MS}` : cell(value));
/** A tap's INP in a round's line, with its input delay where there was one. */
const inpOf = (value: number | undefined, delay: number | undefined) =>
  `INP ${inpCell(value ?? NaN)}${value && delay ? ` (input delay ${cell(delay)})` : ''}`;

const noRenderer = mkdtempSync(join(tmpdir(), 'bench-journey-no-renderer-'));
const browser = await chromium.launch(CHROMIUM);
const results = Object.fromEntries(VARIANTS.map((name) => [name, [] as Round[]])) as Record<VariantName, Round[]>;
/** Each variant's long tasks at the start of its traced journey (`--trace`). */
const traces = Object.fromEntries(VARIANTS.map((name) => [name, [] as LongTask[]])) as Record<VariantName, LongTask[]>;

/** One round: fresh servers (the invitee new to the bike service), each variant in turn, starting
 * with the next one, so the machine's load falls on all alike. A traced round is not counted. */
async function runRound(run: number, traced: boolean): Promise<void> {
  const [rendered, browserOnly] = await Promise.all([
    serve(PORT, true, noRenderer),
    serve(PORT + 1, false, noRenderer),
  ]);
  try {
    // The demo seeds Anna as a rider of the city bike; the journey is a newcomer's.
    await Promise.all([rendered, browserOnly].map((server) => leaveBike(server.url, 1, ANNA.email)));
    const code = await createInvite(rendered.url);
    const invite = (await (await fetch(`${rendered.url}/api/v1/bike/invite-code/${code}`)).json()) as LimitInvite;
    const limits: Partial<Record<VariantName, string>> = {
      limit: writeLimitPage(DIST, invite),
      'previous limit': writePreviousLimitPage(DIST, invite),
    };
    await Promise.all([
      warmUp(rendered.url, true, invite.owner_display_name, limits.limit!),
      warmUp(browserOnly.url, false, invite.owner_display_name, limits.limit!),
    ]);
    for (const name of [...VARIANTS.slice(run % VARIANTS.length), ...VARIANTS.slice(0, run % VARIANTS.length)]) {
      const origin = name === 'browser-rendered' ? browserOnly.url : rendered.url;
      const address = isLimit(name)
        ? origin + limits[name]!
        : `${origin}/my-account/invite/${name === 'server-rendered' ? code : await createInvite(origin)}`;
      const result = await journey(browser, address, invite, isLimit(name), traced ? traces[name] : undefined);
      const f = figures(result);
      console.log(
        `${traced ? 'traced round' : `round ${run + 1}`} ${name.padEnd(16)} owner ${cell(f.owner)}  Accept ${cell(f.accept)} (lost ${result.lost.accept}, ${inpOf(f.inpAccept, result.inputDelay.accept)})` +
          (isLimit(name)
            ? ''
            : `  Log in ${cell(f.login)} (lost ${result.lost.login}, ${inpOf(f.inpLogin, result.inputDelay.login)})  form→Confirm ${cell(f.formToConfirm)} (${result.documentLoads} loads${result.anonymousCard ? ', anonymous card seen' : ''}, Confirm's ${inpOf(f.inpConfirm, result.inputDelay.confirm)})  Confirm→accepted ${cell(f.confirmToAccepted)} (redeem sent +${cell(f.toRedeem)}, its round trip ${cell(f.redeem)}, its answer → the page ${cell(f.redeemToAccepted)}; asked meanwhile: ${requestsDuringE(result).join(', ') || 'nothing'})`),
      );
      if (!traced) results[name].push(result);
    }
  } finally {
    await Promise.all([rendered.stop(), browserOnly.stop()]);
  }
}

const startLoad = printLoad('Before the benchmark');
try {
  console.log(`build ${DIST} (renderer ${SSR}), served by ${join(ROOT, demoStart(ROOT) ?? '')}; ${RUNS} rounds`);
  for (let run = 0; run < RUNS; run++) await runRound(run, false);
  if (flags.trace) await runRound(0, true);
} finally {
  await browser.close();
  rmSync(noRenderer, { recursive: true, force: true });
}

// The table: each step's median per variant, and its ratio to the limit where the issue defines one.
const medians = Object.fromEntries(
  VARIANTS.map((name) => {
    const all = results[name].map(figures);
    const steps = Object.keys(all[0] ?? {}) as (keyof ReturnType<typeof figures>)[];
    return [name, Object.fromEntries(steps.map((step) => [step, median(all.map((f) => f[step]))]))];
  }),
) as Record<VariantName, ReturnType<typeof figures>>;
const limit = medians.limit;
const loginLimit = limit.accept + SLIDE_OUT_MS;
const ratio = (value: number, base: number) => (Number.isFinite(value) ? ` (${(value / base).toFixed(2)}×)` : '');
function list(name: VariantName, pick: (round: Round) => unknown): string {
  const values = results[name].map(pick);
  return values.every((value) => value === undefined) ? '—' : values.map(String).join(', ');
}

/** An INP row's cell: the median and the range of the rounds. */
const inpSpread = (name: VariantName, pick: (round: Round) => number | undefined) => {
  const values = results[name].map(pick).filter((value) => value !== undefined);
  if (!values.length) return '—';
  return `${inpCell(median(values))} (${inpCell(Math.min(...values))}–${inpCell(Math.max(...values))})`;
};

const rows: [string, (name: VariantName) => string][] = [
  [
    "a. owner's name on screen",
    (name) => `${cell(medians[name].owner)}${name === 'limit' ? '' : ratio(medians[name].owner, limit.owner)}`,
  ],
  [
    'b. Accept works when tapped',
    (name) => `${cell(medians[name].accept)}${name === 'limit' ? '' : ratio(medians[name].accept, limit.accept)}`,
  ],
  ['   taps lost before it', (name) => list(name, (round) => round.lost.accept)],
  ['   its INP (Event Timing), median (range)', (name) => inpSpread(name, (round) => round.inp.accept)],
  [
    `c. login card's button works (÷ limit Accept + ${SLIDE_OUT_MS})`,
    (name) => (isLimit(name) ? '—' : `${cell(medians[name].login)}${ratio(medians[name].login, loginLimit)}`),
  ],
  ['   taps lost before it', (name) => list(name, (round) => round.lost.login)],
  ['   its INP, median (range)', (name) => inpSpread(name, (round) => round.inp.login)],
  ['   carried out: the identity service asked', (name) => (isLimit(name) ? '—' : cell(medians[name].loginCarriedOut))],
  ['d. form submitted → Confirm works', (name) => cell(medians[name].formToConfirm)],
  ["   the identity service's answer and the page", (name) => cell(medians[name].returnPage)],
  ['   the page → its code exchange sent', (name) => cell(medians[name].toExchange)],
  ['   the code exchange', (name) => cell(medians[name].exchange)],
  ['   its answer → the user asked for', (name) => cell(medians[name].toUser)],
  ['   the user', (name) => cell(medians[name].user)],
  ['   its answer → Confirm works', (name) => cell(medians[name].toConfirm)],
  ['   taps on Confirm lost', (name) => list(name, (round) => round.lost.confirm)],
  ["   Confirm's INP, median (range)", (name) => inpSpread(name, (round) => round.inp.confirm)],
  ['   document loads after submitting', (name) => list(name, (round) => round.documentLoads)],
  [
    '   anonymous card painted on the way',
    (name) =>
      list(name, (round) => (round.anonymousCard === undefined ? undefined : round.anonymousCard ? 'yes' : 'no')),
  ],
  ['e. Confirm → accepted page shown', (name) => cell(medians[name].confirmToAccepted)],
  ['   Confirm → the redeem sent', (name) => cell(medians[name].toRedeem)],
  ['   the redeem', (name) => cell(medians[name].redeem)],
  ['   its answer → the accepted page', (name) => cell(medians[name].redeemToAccepted)],
];
const first = Math.max(...rows.map(([title]) => title.length)) + 2;
const table = rows.map(([title, value]) => [title, VARIANTS.map(value)] as const);
// Wide enough for the longest cell, a list of every round's figure included.
const widthFor = (entries: string[]) => Math.max(24, ...entries.map((entry) => entry.length + 2));
const width = widthFor(table.flatMap(([, values]) => values));
console.log(
  `\nThe journey on an emulated phone (Pixel 7; ${PHONE_ROUND_TRIP_MS} ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower), ` +
    `median of ${RUNS} rounds, ms (per-round lists where a count); ratios against the strict limit (limit), ` +
    `a minimal static page of the same content with its styles inline` +
    (flags['previous-limit'] ? '; "previous limit": the limit before issue 31, its style sheet linked' : ''),
);
console.log(`${'step'.padEnd(first)}${VARIANTS.map((name) => name.padStart(width)).join('')}`);
for (const [title, values] of table)
  console.log(`${title.padEnd(first)}${values.map((value) => value.padStart(width)).join('')}`);

// The issue's targets, for the build as served (server-rendered) and rendered in the browser only.
const judged: VariantName[] = ['server-rendered', 'browser-rendered'];
const targets: [string, string, (name: VariantName) => [string, boolean]][] = [
  [
    "owner's name ÷ limit's",
    `at most ${TARGETS.ownerRatio}`,
    (name) => {
      const value = medians[name].owner / limit.owner;
      return [value.toFixed(2), value <= TARGETS.ownerRatio];
    },
  ],
  [
    "Accept works ÷ limit's Accept",
    `at most ${TARGETS.acceptRatio}`,
    (name) => {
      const value = medians[name].accept / limit.accept;
      return [value.toFixed(2), value <= TARGETS.acceptRatio];
    },
  ],
  [
    `login button ÷ (limit Accept + ${SLIDE_OUT_MS})`,
    `at most ${TARGETS.loginRatio}`,
    (name) => {
      const value = medians[name].login / loginLimit;
      return [value.toFixed(2), value <= TARGETS.loginRatio];
    },
  ],
  [
    'form submitted → Confirm works',
    `at most ${TARGETS.formToConfirmMs} ms`,
    (name) => {
      const value = medians[name].formToConfirm;
      return [`${cell(value)} ms`, value <= TARGETS.formToConfirmMs];
    },
  ],
  [
    'document loads after the form',
    `at most ${TARGETS.documentLoads}, every round`,
    (name) => {
      const loads = results[name].map((round) => round.documentLoads ?? Infinity);
      return [loads.join(', '), loads.every((count) => count <= TARGETS.documentLoads)];
    },
  ],
  [
    'anonymous card painted on the way',
    'never',
    (name) => {
      const seen = results[name].filter((round) => round.anonymousCard).length;
      return [`${seen} of ${results[name].length}`, seen === 0];
    },
  ],
  [
    'Confirm → accepted page shown',
    `at most ${TARGETS.confirmToAcceptedMs} ms, every round`,
    (name) => {
      const values = results[name].map((round) => figures(round).confirmToAccepted);
      return [
        values.map((value) => cell(value)).join(', '),
        values.every((value) => value <= TARGETS.confirmToAcceptedMs),
      ];
    },
  ],
  [
    'taps lost (Accept, Log in, Confirm)',
    'none, every round',
    (name) => {
      const lost = results[name].map(
        (round) => round.lost.accept + (round.lost.login ?? 0) + (round.lost.confirm ?? 0),
      );
      return [lost.join(', '), lost.every((count) => count === 0)];
    },
  ],
  ...(['Accept', 'Log in', 'Confirm'] as const).map(
    (step): [string, string, (name: VariantName) => [string, boolean]] => [
      `${step}'s INP, every round`,
      `at most ${TARGETS.inpMs} ms`,
      (name) => {
        const key = step === 'Accept' ? 'accept' : step === 'Log in' ? 'login' : 'confirm';
        const values = results[name].map((round) => round.inp[key] ?? NaN);
        return [values.map(inpCell).join(', '), values.every((value) => value <= TARGETS.inpMs)];
      },
    ],
  ),
  ...(flags.trace
    ? [
        [
          `longest task in the first ${TRACE_WINDOW_MS / 1000} s`,
          `under ${LONG_TASK_MS} ms (traced)`,
          (name: VariantName) => {
            const longest = traces[name][0]?.ms ?? 0;
            return [`${longest.toFixed(0)} ms`, longest < LONG_TASK_MS];
          },
        ] satisfies [string, string, (name: VariantName) => [string, boolean]],
        [
          `  of them, running the page's code`,
          `under ${LONG_TASK_MS} ms (traced)`,
          (name: VariantName) => {
            const longest = traces[name].find((task) => pageCodeMs(task) >= PAGE_CODE_MS)?.ms ?? 0;
            return [`${longest.toFixed(0)} ms`, longest < LONG_TASK_MS];
          },
        ] satisfies [string, string, (name: VariantName) => [string, boolean]],
      ]
    : []),
];
const judgements = targets.map(([title, target, judge]) => {
  const cells = judged.map((name) => {
    const [value, met] = judge(name);
    return `${value} ${met ? 'met' : 'NOT met'}`;
  });
  return [title, target, cells] as const;
});
const judgedWidth = widthFor(judgements.flatMap(([, , cells]) => cells));
console.log(`\nTargets (issues 23, 31 and 53)`);
console.log(
  `${'measure'.padEnd(36)}${'target'.padEnd(26)}${judged.map((name) => name.padStart(judgedWidth)).join('')}`,
);
for (const [title, target, cells] of judgements)
  console.log(`${title.padEnd(36)}${target.padEnd(26)}${cells.map((text) => text.padStart(judgedWidth)).join('')}`);

if (flags.trace) {
  console.log(
    `\nThe traced journey's main-thread tasks of ${LONG_TASK_MS} ms or more in its first ${TRACE_WINDOW_MS / 1000} s, ` +
      'longest first: when (from the navigation), on which page, what started it, the trace events by their own time, ' +
      "and the JavaScript sampled in it by package (through the build's source maps), ms:",
  );
  for (const name of VARIANTS) {
    console.log(`${name}:`);
    console.log(describeTasks(traces[name], 6).join('\n'));
  }
}

const endLoad = printLoad('\nAfter the benchmark');
if (startLoad.busy || endLoad.busy)
  console.log('These figures were measured on a busy machine: re-run on a quiet one before recording them.');

const picture = join('docs/performance', `journey-${flags.label}.svg`);
mkdirSync(dirname(picture), { recursive: true });
writeFileSync(
  picture,
  drawTimeline(
    `The invitee's journey (${flags.label})`,
    `Chromium as a Pixel 7: ${PHONE_ROUND_TRIP_MS} ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower; cold cache. Build ${flags.dist}, ${new Date().toISOString().slice(0, 10)}. Times in ms from opening the link.`,
    VARIANTS.map((name) => lane(name, results[name])),
  ),
);
console.log(`\nThe journey drawn: ${picture}`);
