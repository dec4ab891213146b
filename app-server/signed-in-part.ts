// GET /signed-in-part?page=…: the page as its owner sees it, from the reads made with the page script's token (decision 0056).
import { registerAddressLimits } from './address-limit.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problem, ProblemError } from '../http-kit/problem.ts';
import { PART_PAGE_PARAM, SIGNED_IN_PART_PATH, type SignedInPart } from '../src/contract/signed-in-part.ts';
import { ROUTE_PREFIX } from '../src/contract/paths.ts';
import type { AppMetrics, SignedInPartOutcome } from './app-metrics.ts';
import { brandOf } from './brand-host.ts';
import type { Brand } from './brands.ts';
import { forwardedHeaders } from './invite-reader.ts';
import type { LoadShedding } from './load-shedding.ts';
import type { LanguageChoice, Renderer } from './renderer-module.ts';
import { readJson } from './service-read.ts';

const PARTS_PER_MINUTE = 60;
const MAX_AUTHORIZATION = 4096;

export type SignedInPartOptions = {
  renderers: ReadonlyMap<Brand, Renderer>;
  language: (renderer: Renderer, request: FastifyRequest, page: URL) => LanguageChoice;
  timeoutMs: number;
  metrics: AppMetrics;
  shedding: LoadShedding;
};

const refuse = (status: number, slug: string | null, detail: string) => new ProblemError(problem(status, slug, detail));

export async function registerSignedInPart(app: FastifyInstance, options: SignedInPartOptions): Promise<void> {
  await app.register(async (scope) => {
    await registerAddressLimits(scope, (after) => `Too many signed-in pages from this address; try again in ${after}.`);
    scope.get(
      SIGNED_IN_PART_PATH,
      { config: { rateLimit: { max: PARTS_PER_MINUTE, timeWindow: 60_000 } } },
      (request, reply) => answer(request, reply, brandOf(request), options),
    );
  });
}

function appPage(address: string): URL | undefined {
  const page = URL.parse(address, 'http://page.invalid');
  if (!page) return undefined;
  const under = page.pathname === ROUTE_PREFIX || page.pathname.startsWith(ROUTE_PREFIX + '/');
  return address.startsWith('/') && page.origin === 'http://page.invalid' && under ? page : undefined;
}

async function answer(request: FastifyRequest, reply: FastifyReply, brand: Brand, options: SignedInPartOptions) {
  const { metrics } = options;
  const renderer = options.renderers.get(brand);
  const { authorization } = request.headers;
  // 400, not 401: the page script takes a 401 for the services' refusal of the token, which ends it.
  if (!authorization || authorization.length > MAX_AUTHORIZATION) {
    throw refuse(400, 'token-missing', "Send the stored session's token in the Authorization header.");
  }
  const pages = new URL(request.url, 'http://request.invalid').searchParams.getAll(PART_PAGE_PARAM);
  const page = pages.length === 1 ? appPage(pages[0]!) : undefined;
  if (!page) throw refuse(400, 'page-refused', `Name one page of the app: ?${PART_PAGE_PARAM}=${ROUTE_PREFIX}/…`);
  const side = renderer?.signedIn(page.pathname);
  if (!renderer || !side?.part) throw refuse(404, null, 'This page has no signed-in part.');
  const { reads } = side;
  const outcome = (counted: SignedInPartOutcome) => metrics.signedInPart.inc({ brand: brand.key, outcome: counted });
  if (!options.shedding.enter()) {
    outcome('shed');
    throw refuse(503, null, 'The server is busy: the app reads the page itself.');
  }
  try {
    const headers = { ...forwardedHeaders(request), authorization };
    const answers = await Promise.all(
      reads.map((read) => readJson(brand.serviceAddress(read), headers, options.timeoutMs)),
    );
    const failed = answers.find((read) => !read.ok);
    if (failed && !failed.ok) {
      // The token refused (expired, revoked): the app refreshes it, as after its own read.
      if (failed.status === 401) {
        outcome('refused');
        throw refuse(401, null, 'The service refused the token.');
      }
      outcome('failed');
      request.log.warn({ brand: brand.key, reason: failed.reason }, 'a signed-in part read failed');
      throw refuse(502, null, 'A read of the page failed: the app reads it itself.');
    }
    const body: SignedInPart['reads'] = Object.fromEntries(
      reads.map((read, at) => [read, answers[at]?.ok ? answers[at].body : undefined]),
    );
    const { language } = options.language(renderer, request, page);
    let html: string | undefined;
    try {
      html = renderer.renderSignedIn({ pathname: page.pathname, language, answers: body });
    } catch (error) {
      request.log.error({ err: error, brand: brand.key }, 'rendering a signed-in part failed');
    }
    if (html === undefined) {
      outcome('failed');
      throw refuse(502, null, "The service's answers are off the contract: the app reads the page itself.");
    }
    outcome('rendered');
    const part: SignedInPart = { html, reads: body };
    return reply.header('cache-control', 'private, no-store').header('content-language', language).send(part);
  } finally {
    options.shedding.leave();
  }
}
