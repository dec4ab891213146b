import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { OriginPolicy } from './origins.ts';

/** CORS for the allow-listed origins only; others get no CORS headers, so browsers block them. */
export async function registerCors(app: FastifyInstance, origins: OriginPolicy): Promise<void> {
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && origins.isCrossOriginAllowed(origin)),
    methods: ['GET', 'HEAD', 'POST', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-XSRF-TOKEN', 'Idempotency-Key'],
    // Bearer tokens, not cookies, authenticate cross-origin calls.
    credentials: false,
    maxAge: 600,
  });
}
