import * as v from 'valibot';
import { MalformedAnswer } from './http-error.ts';

export function readAnswer<T extends v.GenericSchema>(schema: T, body: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  throw new MalformedAnswer(v.getDotPath(result.issues[0]) ?? undefined);
}
