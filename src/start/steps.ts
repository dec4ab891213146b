import { yieldToMain } from './yield-to-main.ts';

/**
 * The start-up as a list of steps, each a task of its own (yieldToMain before it), so that none is
 * long on a slow phone and the page script keeps a tap between them. A step gets what the one
 * before it made and gives what the next needs; one that gives undefined ends the start-up there.
 */
export type Steps<T> = {
  next<U>(step: (made: T) => U | undefined | Promise<U | undefined>): Steps<U>;
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
    run: async () => void (await made()),
  };
}

/** The first step, in a task apart from the evaluation of the app's code. */
export const steps = <T>(first: () => T | undefined | Promise<T | undefined>): Steps<T> =>
  chain(async () => {
    await yieldToMain();
    return first();
  });
