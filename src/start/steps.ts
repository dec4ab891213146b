import { yieldToMain } from '../ui/yield-to-main.ts';

/** Steps, each a task of its own (yieldToMain before it), each given what the one before made; undefined ends them. */
export type Steps<T> = {
  next<U>(step: (made: T) => U | undefined | Promise<U | undefined>): Steps<U>;
  /** A step in the task of the one before it. */
  and<U>(step: (made: T) => U | undefined | Promise<U | undefined>): Steps<U>;
  run(): Promise<void>;
};

function chain<T>(made: () => Promise<T | undefined>): Steps<T> {
  return {
    next: (step) =>
      chain(async () => {
        const before = await made();
        if (before === undefined) return undefined;
        await yieldToMain();
        return step(before);
      }),
    and: (step) =>
      chain(async () => {
        const before = await made();
        return before === undefined ? undefined : step(before);
      }),
    run: async () => void (await made()),
  };
}

export const steps = <T>(first: () => T | undefined | Promise<T | undefined>): Steps<T> =>
  chain(async () => {
    await yieldToMain();
    return first();
  });
