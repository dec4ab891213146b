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
// Each test starts from an empty document and empty storage, whichever test file ran before it in
// the same worker (the unit tests share one environment per worker: vitest.config.ts, isolate).
// React's act() environment too, off as testing-library leaves it without Vitest's globals: a test
// that turns it on (to tell its own updates from the browser's) left it on for the files after it
// in the worker, where an update landing in a vi.waitFor was then "not wrapped in act(...)" and
// failed that test, as the files fell to the workers and the machine was busy.
const actEnvironment = globalThis.IS_REACT_ACT_ENVIRONMENT;
afterEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  cleanup();
  vi.restoreAllMocks();
  if (typeof document === 'undefined') return; // a test file in Node's environment
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
