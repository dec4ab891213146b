import type { FastifyInstance } from 'fastify';
import type { Context } from '../context.ts';
import { problem, sendProblem } from '../../http-kit/problem.ts';
import { REFERENCE_IDS } from '../../src/contract/service-urls.ts';
import { principalOf, requireBearer } from './bearer.ts';
import { escapeHtml } from '../../http-kit/escape-html.ts';
import { avatarPath, findUserByAvatar, findUserById } from './users.ts';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => /[\p{L}\p{N}]/u.exec(p ?? '')?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/** The identity service's user endpoint (the app's "user service"), and generated avatars for new accounts. */
export function registerUserRoutes(app: FastifyInstance, ctx: Context): void {
  app.get(REFERENCE_IDS.user, { preHandler: requireBearer(ctx) }, (request, reply) => {
    const user = findUserById(ctx.db, principalOf(request).userId);
    if (!user)
      return sendProblem(reply, problem(401, 'invalid_token', 'The account behind this token no longer exists.'));
    reply.header('cache-control', 'no-store');
    return { display_name: user.display_name, avatar_url: user.avatar_url, email: user.email };
  });

  app.get<{ Params: { file: string } }>('/ids/avatars/:file', (request, reply) => {
    const name = /^([\w-]{22})\.svg$/.exec(request.params.file)?.[1];
    const user = name ? findUserByAvatar(ctx.db, avatarPath(name)) : undefined;
    if (!user) return sendProblem(reply, problem(404, null, 'No such avatar.'));
    const { primary, onPrimary } = ctx.theme;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<rect width="96" height="96" fill="${primary}"/>
<text x="48" y="60" text-anchor="middle" font-family="system-ui, sans-serif" font-size="38" fill="${onPrimary}">${escapeHtml(initials(user.display_name))}</text>
</svg>`;
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
}
