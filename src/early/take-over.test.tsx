import { useState } from 'react';
import { act } from 'preact/test-utils';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { afterMicrotasks } from '../test/microtasks.ts';
import { TAKEN_ATTRIBUTE } from './contract.ts';
import { createTapReplay, takeOver, tapUpdates } from './take-over.ts';
import { handOverTaps } from '../contract/page-protocol.ts';

// A replayed tap's updates are rendered in a task after the replay; an ordinary tap's once the tap's
// own microtasks have run.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** The app's replay (createApp makes one per app). */
const replay = createTapReplay();

function Taps() {
  const [taps, setTaps] = useState(0);
  return (
    <button type="button" onClick={() => tapUpdates(replay, () => setTaps((n) => n + 1))}>
      {`taps ${taps}`}
    </button>
  );
}

let root: Root | undefined;
async function showTaps(): Promise<HTMLButtonElement> {
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  await act(async () => root!.render(<Taps />));
  // Taps made from here on are the browser's, not the test's act() scope.
  globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  return container.querySelector('button')!;
}

afterEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  act(() => root?.unmount());
  handOverTaps(undefined);
});

it("renders an ordinary tap's updates once its microtasks have run", async () => {
  const button = await showTaps();
  button.click();
  await afterMicrotasks();
  expect(button.textContent).toBe('taps 1');
});

it("renders a replayed tap's updates in a task after the replay", async () => {
  const button = await showTaps();
  handOverTaps({ take: () => [{ button, at: performance.now() }] });
  takeOver(replay);
  await afterMicrotasks();
  expect(button.textContent).toBe('taps 0');
  await vi.waitFor(() => expect(button.textContent).toBe('taps 1'));
});

it('replays kept taps in turn, each after the one before in a task of its own, its taken look kept until then', async () => {
  const first = await showTaps();
  const second = document.body.appendChild(document.createElement('button'));
  second.setAttribute(TAKEN_ATTRIBUTE, '');
  const clicks: string[] = [];
  first.addEventListener('click', () => clicks.push('first'));
  second.addEventListener('click', () => clicks.push('second'));
  handOverTaps({
    take: () => [
      { button: first, at: 1 },
      { button: second, at: 2 },
    ],
  });
  takeOver(replay);
  await afterMicrotasks();
  expect([clicks, second.hasAttribute(TAKEN_ATTRIBUTE)]).toEqual([['first'], true]);
  await vi.waitFor(() => expect(clicks).toEqual(['first', 'second']));
  expect(second.hasAttribute(TAKEN_ATTRIBUTE)).toBe(false);
  second.remove();
});
