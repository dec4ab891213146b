import type { FastifyInstance } from 'fastify';
import { AccountSchema, NewAccountBodySchema } from '../../src/contract/bike-service.ts';
import { FALLBACK_LANGUAGE, type Language } from '../../src/contract/languages.ts';
import type { Context } from '../context.ts';
import { sql, type Database } from '../db/database.ts';
import { problem, sendProblem } from '../../http-kit/problem.ts';
import { principalOf, requireBearer } from '../ids/bearer.ts';
import { findUserById } from '../ids/users.ts';
import { answer, bodyOf } from './contract-io.ts';

type AccountRow = { user_id: number; language: string; created_at: number };

export function findAccount(db: Database, userId: number): AccountRow | undefined {
  return sql(db, 'SELECT user_id, language, created_at FROM accounts WHERE user_id = ?').get(userId) as
    AccountRow | undefined;
}

/** Returns false when the account already exists. */
export function createAccount(db: Database, userId: number, language: string, now: number): boolean {
  return (
    sql(db, 'INSERT INTO accounts (user_id, language, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(
      userId,
      language,
      now,
    ).changes === 1
  );
}

function accountView(db: Database, row: AccountRow) {
  const user = findUserById(db, row.user_id);
  return answer(AccountSchema, {
    id: row.user_id,
    email: user?.email ?? '',
    display_name: user?.display_name ?? '',
    language: row.language as Language,
    created_at: new Date(row.created_at).toISOString(),
  });
}

/** The bike service's account for an identity, created by the app at its first redeem. */
export function registerAccountRoutes(app: FastifyInstance, ctx: Context): void {
  const bearer = requireBearer(ctx);

  app.get('/api/v1/user/me', { preHandler: bearer }, (request, reply) => {
    const row = findAccount(ctx.db, principalOf(request).userId);
    if (!row)
      return sendProblem(
        reply,
        problem(
          404,
          'account-not-found',
          'There is no bike-service account for this user yet; create it with POST user.',
        ),
      );
    return accountView(ctx.db, row);
  });

  app.post('/api/v1/user', { preHandler: bearer }, (request, reply) => {
    const { userId } = principalOf(request);
    const { language = FALLBACK_LANGUAGE } = bodyOf(NewAccountBodySchema, request.body);
    if (!createAccount(ctx.db, userId, language, ctx.now())) {
      return sendProblem(reply, problem(409, 'account-exists', 'This user already has a bike-service account.'));
    }
    const row = findAccount(ctx.db, userId);
    if (!row) throw new Error('account vanished after insert');
    return reply.code(201).send(accountView(ctx.db, row));
  });
}
