import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY } from '../../src/contract/problem-types.ts';
import { problem, ProblemError } from '../../http-kit/problem.ts';
import { sql, type Database } from '../db/database.ts';

// The IETF Idempotency-Key header (draft-ietf-httpapi-idempotency-key-header): a Structured Field
// string. A repeat of a request with its key gets the first one's result; the same key on another
// request is refused (422), as the draft says.

/** The request's key, or undefined without one; a malformed or doubled header is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = typeof raw === 'string' ? /^"([^"]*)"$/.exec(raw)?.[1] : undefined;
  if (key === undefined || !IDEMPOTENCY_KEY.test(key)) {
    throw new ProblemError(
      problem(
        400,
        'invalid-request',
        'Idempotency-Key must be one quoted string of 16 to 64 letters, digits, "-" or "_".',
      ),
    );
  }
  return key;
}

/** The invite code a user's earlier request with this key made, if the request is the same; else a 422. */
export function earlierResult(db: Database, userId: number, key: string, request: string): string | undefined {
  const row = sql(db, 'SELECT request, code FROM invite_requests WHERE user_id = ? AND idempotency_key = ?').get(
    userId,
    key,
  ) as { request: string; code: string } | undefined;
  if (!row) return undefined;
  if (row.request !== request) {
    throw new ProblemError(
      problem(422, 'idempotency-key-reused', 'This Idempotency-Key was sent with another request.'),
    );
  }
  return row.code;
}

export function rememberResult(db: Database, userId: number, key: string, request: string, code: string): void {
  sql(db, 'INSERT INTO invite_requests (user_id, idempotency_key, request, code) VALUES (?, ?, ?, ?)').run(
    userId,
    key,
    request,
    code,
  );
}
