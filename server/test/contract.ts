import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

type Json = Record<string, unknown>;
type Response = { statusCode: number; headers: Record<string, unknown>; body: string };

export const openapi = parse(readFileSync(new URL('../../docs/openapi.yaml', import.meta.url), 'utf8')) as Json;
const paths = openapi.paths as Record<string, Json>;
const methods = ['get', 'post', 'put', 'patch', 'delete'];

// ajv-formats is CommonJS: its default export arrives wrapped under Node's ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(openapi, 'openapi');
const validators = new Map<string, ValidateFunction>();

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

function resolve(node: Json, pointer: string): { node: Json; pointer: string } {
  const ref = node.$ref;
  if (typeof ref !== 'string') return { node, pointer };
  const target = ref
    .slice(2)
    .split('/')
    .reduce<Json>((acc, key) => acc[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, openapi);
  return { node: target, pointer: ref.slice(1) };
}

/** The documented operation for a concrete method and URL, if any. */
export function findOperation(method: string, url: string): { template: string; method: string } | undefined {
  const path = url.split('?')[0] ?? '';
  const m = method.toLowerCase();
  for (const template of Object.keys(paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(path) && paths[template]?.[m]) return { template, method: m };
  }
  return undefined;
}

export function documentedOperations(): string[] {
  return Object.entries(paths).flatMap(([template, item]) =>
    methods.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${template}`),
  );
}

/** Throws unless the response's status, content type and body are as docs/openapi.yaml says. */
export function assertMatchesContract(method: string, url: string, response: Response): void {
  const path = url.split('?')[0] ?? '';
  if (!path.startsWith('/ids/') && !path.startsWith('/api/')) return;
  const found = findOperation(method, url);
  if (!found) throw new Error(`${method} ${path} is not in docs/openapi.yaml`);
  const base = `/paths/${escape(found.template)}/${found.method}/responses`;
  const operation = (paths[found.template] ?? {})[found.method] as Json;
  const responses = operation.responses as Json;
  const declared = responses[String(response.statusCode)] as Json | undefined;
  if (!declared)
    throw new Error(`${method} ${found.template} answered ${response.statusCode}, which is not documented`);
  const { node, pointer } = resolve(declared, `${base}/${response.statusCode}`);
  const content = node.content as Record<string, Json> | undefined;
  if (!content) return;
  const type =
    String(response.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim() ?? '';
  const media = content[type];
  if (!media)
    throw new Error(
      `${method} ${found.template} ${response.statusCode} has content type "${type}", documented: ${Object.keys(content).join(', ')}`,
    );
  if (!type.endsWith('json') || !media.schema) return;
  const problemType = (JSON.parse(response.body) as { type?: unknown }).type;
  if (path.startsWith('/api/') && type === 'application/problem+json' && problemType !== 'about:blank') {
    const slugs = ((openapi.components as Json).schemas as Record<string, Json>).BikeProblemType?.enum as string[];
    if (!slugs.some((slug) => problemType === `urn:bike-invite:problem:${slug}`))
      throw new Error(
        `${method} ${found.template} answered the problem type ${String(problemType)}, not in BikeProblemType`,
      );
  }
  const validate = validatorAt(`${pointer}/content/${escape(type)}/schema`);
  if (!validate(JSON.parse(response.body))) {
    throw new Error(
      `${method} ${found.template} ${response.statusCode} body does not match the contract: ${ajv.errorsText(validate.errors)}\n${response.body}`,
    );
  }
}

/** Compiles every JSON response schema, so a broken `$ref` fails a test even if no test reaches it. */
export function compileAllResponseSchemas(): number {
  let count = 0;
  for (const [template, item] of Object.entries(paths)) {
    for (const method of methods.filter((m) => item[m])) {
      const responses = (item[method] as Json).responses as Record<string, Json>;
      for (const [status, declared] of Object.entries(responses)) {
        const { node, pointer } = resolve(declared, `/paths/${escape(template)}/${method}/responses/${status}`);
        for (const [type, media] of Object.entries((node.content ?? {}) as Record<string, Json>)) {
          if (!type.endsWith('json') || !media.schema) continue;
          validatorAt(`${pointer}/content/${escape(type)}/schema`);
          count++;
        }
      }
    }
  }
  return count;
}
