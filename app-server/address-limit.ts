import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { problem, ProblemError } from '../http-kit/problem.ts';

/** Per-address limits for `scope`'s routes that set one (an IPv6 client by its /64, as the reference server's); past it, 429 saying `tooMany`. */
export const registerAddressLimits = (scope: FastifyInstance, tooMany: (after: string) => string) =>
  scope.register(rateLimit, {
    global: false,
    keyGenerator: (request) => normalizeIP(request.ip),
    errorResponseBuilder: (_request, context) => new ProblemError(problem(429, null, tooMany(context.after))),
  });
