import * as v from 'valibot';
import { fieldOf } from '../../src/contract/bike-service.ts';
import { problem, ProblemError } from '../../http-kit/problem.ts';

/** A JSON body read with its contract schema: no body (or `null`) is `{}`, another non-object or anything invalid a 400. */
export function bodyOf<T extends v.GenericSchema>(schema: T, body: unknown): v.InferOutput<T> {
  if (body != null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new ProblemError(problem(400, 'invalid-request', 'The body: a JSON object was expected.'));
  }
  const result = v.safeParse(schema, body ?? {});
  if (result.success) return result.output;
  const field = fieldOf(result.issues);
  throw new ProblemError(
    problem(
      400,
      'invalid-request',
      `${field ? `"${field}"` : 'The body'}: ${result.issues[0].message}.`,
      field ? { field } : {},
    ),
  );
}

/** An answer shaped by its contract schema: only the fields it names, and a drift throws here, not in a client. */
export const answer = <T extends v.GenericSchema>(schema: T, value: v.InferInput<T>): v.InferOutput<T> =>
  v.parse(schema, value);
