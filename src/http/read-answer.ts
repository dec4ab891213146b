import * as v from 'valibot';

/** An answer that does not match the contract: to the person, the service is unavailable. */
export class MalformedAnswer extends Error {
  readonly field: string | undefined;
  constructor(field: string | undefined) {
    super(`the bike service's answer does not match the contract${field ? ` at ${field}` : ''}`);
    this.name = 'MalformedAnswer';
    this.field = field;
  }
}

export function readAnswer<T extends v.GenericSchema>(schema: T, body: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  throw new MalformedAnswer(v.getDotPath(result.issues[0]) ?? undefined);
}
