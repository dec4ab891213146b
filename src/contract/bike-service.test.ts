// @vitest-environment node
import { readFileSync } from 'node:fs';
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { INVITE_NOTE_MAX, NewInviteBodySchema, OwnerBikeSchema, PAYLOAD_COMPONENTS, fieldOf } from './bike-service.ts';

type Json = { [key: string]: unknown };

const openapi = parse(readFileSync(new URL('../../docs/openapi.yaml', import.meta.url), 'utf8')) as Json;
const components = (openapi.components as { schemas: Record<string, Json> }).schemas;

const resolve = (node: Json): Json =>
  typeof node.$ref === 'string' ? resolve(components[node.$ref.split('/').at(-1) ?? ''] ?? {}) : node;

/**
 * What both sides must agree on, in one shape: types, values, bounds, patterns, formats, fields and
 * which are required. Descriptions, defaults and additionalProperties are the document's alone.
 */
export function essence(schema: Json): Json {
  const node = resolve(schema);
  const merged: Json = { ...node };
  for (const part of (node.allOf as Json[] | undefined) ?? []) {
    const inner = resolve(part);
    merged.type ??= inner.type;
    merged.properties = { ...(inner.properties as Json), ...(merged.properties as Json) };
    merged.required = [...((merged.required as string[]) ?? []), ...((inner.required as string[]) ?? [])];
  }
  const anyOf = merged.anyOf as Json[] | undefined;
  if (anyOf?.some((option) => option.type === 'null')) {
    const other = essence(anyOf.find((option) => option.type !== 'null') ?? {});
    return { ...other, type: [...(other.type as string[]), 'null'].toSorted() };
  }
  const types = merged.type === undefined ? [] : [merged.type].flat();
  const out: Json = { type: types.toSorted() };
  for (const key of ['enum', 'const', 'pattern', 'format', 'minimum', 'maximum', 'maxLength'] as const) {
    if (merged[key] !== undefined) out[key] = merged[key];
  }
  if (merged.items) out.items = essence(merged.items as Json);
  if (types.includes('object')) {
    out.properties = Object.fromEntries(
      Object.entries((merged.properties as Record<string, Json>) ?? {})
        .map(([name, property]) => [name, essence(property)] as const)
        .toSorted(([a], [b]) => a.localeCompare(b)),
    );
    out.required = [...new Set((merged.required as string[]) ?? [])].toSorted();
  }
  return out;
}

const fromValibot = (schema: v.GenericSchema) => essence(toJsonSchema(schema) as Json);

describe('docs/openapi.yaml and src/contract/bike-service.ts', () => {
  it.each(Object.entries(PAYLOAD_COMPONENTS))('state %s alike', (name, schema) => {
    expect(components[name], `docs/openapi.yaml has no component ${name}`).toBeDefined();
    expect(essence(components[name] ?? {})).toEqual(fromValibot(schema));
  });

  it('sees a disagreement: a field the document leaves optional, a bound it moves', () => {
    const drifted = structuredClone(components.OwnerBike ?? {});
    (drifted.required as string[]).push('riders');
    expect(essence(drifted)).not.toEqual(fromValibot(OwnerBikeSchema));
    const days = structuredClone(components.NewInviteBody ?? {});
    ((days.properties as Record<string, Json>).days as Json).maximum = 31;
    expect(essence(days)).not.toEqual(fromValibot(NewInviteBodySchema));
    ((days.properties as Record<string, Json>).days as Json).maximum = 30;
    ((days.properties as Record<string, Json>).note as Json).maxLength = 61;
    expect(essence(days)).not.toEqual(fromValibot(NewInviteBodySchema));
  });
});

describe('exact types', () => {
  it.each([['7'], [true], [[7]], ['0x1e'], [7.5], [0], [31], [null]])('refuse days: %j, naming the field', (days) => {
    const result = v.safeParse(NewInviteBodySchema, { days });
    expect(result.success).toBe(false);
    expect(fieldOf(result.issues ?? [])).toBe('days');
  });

  it.each([[7], [null], [['Mila']], ['M'.repeat(INVITE_NOTE_MAX + 1)]])('refuse note: %j, naming the field', (note) => {
    const result = v.safeParse(NewInviteBodySchema, { note });
    expect(fieldOf(result.issues ?? [])).toBe('note');
  });

  it('take an integer in range, and ignore fields the contract does not name', () => {
    expect(v.parse(NewInviteBodySchema, { days: 30, colour: 'red' })).toEqual({ days: 30 });
  });
});
