import { registerAddressLimits } from './address-limit.ts';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { problem, ProblemError } from '../http-kit/problem.ts';
import {
  FIELD_EVENTS,
  FIELD_MAX_BYTES,
  FIELD_MAX_ITEMS,
  FIELD_PAGES,
  FIELD_PATH,
  FIELD_VITALS,
  FIELD_VITAL_NAMES,
  type FieldVitalSample,
} from '../src/contract/field-data.ts';
import type { AppMetrics } from './app-metrics.ts';
import { brandOf } from './brand-host.ts';

const Vital = v.pipe(
  v.strictObject({
    name: v.picklist(FIELD_VITAL_NAMES),
    page: v.picklist(FIELD_PAGES),
    value: v.pipe(v.number(), v.finite(), v.minValue(0)),
  }),
  v.check((vital) => vital.value <= FIELD_VITALS[vital.name].max, 'value out of range'),
);

const Body = v.pipe(
  v.strictObject({
    events: v.optional(v.pipe(v.array(v.picklist(FIELD_EVENTS)), v.maxLength(FIELD_MAX_ITEMS))),
    vitals: v.optional(v.pipe(v.array(Vital), v.maxLength(FIELD_MAX_ITEMS))),
  }),
  v.check((body) => (body.events?.length ?? 0) + (body.vitals?.length ?? 0) > 0, 'nothing to count'),
);

const refused = (detail: string) => new ProblemError(problem(400, 'field-data-refused', detail));

function parsed(text: string): v.InferOutput<typeof Body> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refused('The body is not JSON.');
  }
  const result = v.safeParse(Body, json);
  if (!result.success) throw refused('The body is not a field-data batch: ' + v.summarize(result.issues));
  return result.output;
}

function count(metrics: AppMetrics, brand: string, vital: FieldVitalSample): void {
  if (vital.name === 'CLS') return void metrics.fieldCls.observe({ brand, page: vital.page }, vital.value);
  metrics.fieldVitalSeconds.observe({ brand, page: vital.page, vital: vital.name }, vital.value / 1000);
}

/** POST FIELD_PATH: counted for the brand of the request's host (never the body's), whole or not at all. */
export async function registerFieldData(app: FastifyInstance, metrics: AppMetrics, perMinute: number): Promise<void> {
  await app.register(async (scope) => {
    await registerAddressLimits(scope, (after) => `Too many field reports from this address; try again in ${after}.`);
    // sendBeacon posts a string as text/plain; both are read as text and parsed here, once.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string', bodyLimit: FIELD_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      FIELD_PATH,
      { config: { rateLimit: { max: perMinute, timeWindow: 60_000 } } },
      async (request, reply) => {
        if (typeof request.body !== 'string') throw refused('Send the batch as a JSON body.');
        const body = parsed(request.body);
        const brand = brandOf(request).key;
        for (const event of body.events ?? []) metrics.fieldEvents.inc({ brand, event });
        for (const vital of body.vitals ?? []) count(metrics, brand, vital);
        return reply.header('cache-control', 'no-store').code(204).send();
      },
    );
  });
}
