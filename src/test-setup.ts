import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// How long a wait inside a test (testing-library's waitFor and findBy…, vi.waitFor) may take for its
// condition: both default to one second, which a slow machine overruns when the condition needs a
// module loaded on first use (the sign-in code, a page's screen). A passing test never waits it out.
const CONDITION_MS = 10_000;
configure({ asyncUtilTimeout: CONDITION_MS });
const waitFor = vi.waitFor;
vi.waitFor = ((callback: Parameters<typeof waitFor>[0], options?: Parameters<typeof waitFor>[1]) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: CONDITION_MS, ...options },
  )) as typeof vi.waitFor;

// Any console.error during a test is a bug the test should have caught, as in epic-stack
// (docs/behaviour/code-layout.md#habits).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during test: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
