import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A ceiling for waits on a condition in tests: the defaults are overrun on a slow machine when the
// condition needs a module loaded on first use. A passing test never waits it out.
const CONDITION_MS = 10_000;
configure({ asyncUtilTimeout: CONDITION_MS });
const waitFor = vi.waitFor;
vi.waitFor = ((callback: Parameters<typeof waitFor>[0], options?: Parameters<typeof waitFor>[1]) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: CONDITION_MS, ...options },
  )) as typeof vi.waitFor;

// Any console.error during a test is a bug it should have caught (docs/behaviour/code-layout.md#habits).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during test: ${args.map(String).join(' ')}`);
  });
});
// Each test starts from an empty document and storage, and with React's act() environment off:
// the files of a worker share one environment (vitest.config.ts), and one left on failed tests after it.
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
