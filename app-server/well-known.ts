import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WELL_KNOWN_NAMES, type WellKnownFile } from './app-link-files.ts';
import { problem, sendProblem } from '../http-kit/problem.ts';

const platformOf = { 'apple-app-site-association': 'ios', 'assetlinks.json': 'android' } as const;

/** The brand's app-link files as Apple and Google fetch them; a 404 problem for a platform without an app. */
export function registerWellKnown(app: FastifyInstance, files: (request: FastifyRequest) => WellKnownFile[]): void {
  for (const name of WELL_KNOWN_NAMES) {
    app.get(`/.well-known/${name}`, (request, reply) => {
      const file = files(request).find((candidate) => candidate.name === name);
      return file
        ? reply.header('cache-control', 'public, max-age=600').type('application/json').send(file.body)
        : sendProblem(
            reply,
            problem(
              404,
              null,
              `This brand has no ${platformOf[name]} app: config.json has no appStore.${platformOf[name]}.`,
            ),
          );
    });
  }
}
