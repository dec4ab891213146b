import { describe, expect, it } from 'vitest';
import { inputDelayBetween, interactionBetween, type Signal } from './journey-probe.ts';

const entry = (id: number, start: number, duration: number, delay = 0): Signal => ({
  kind: 'interaction',
  at: start + duration,
  id,
  start,
  duration,
  delay,
});

describe('interactionBetween', () => {
  const signals = [
    entry(1, 1000, 40),
    { kind: 'submit', at: 1500 } as Signal,
    entry(2, 2000, 24, 20),
    entry(2, 2004, 120, 70),
    entry(3, 2600, 200),
  ];

  it('takes the longest entry of the first interaction after the tap: pointerdown, pointerup and click are one', () => {
    expect(interactionBetween(signals, 1990)).toBe(120);
  });

  it('leaves out interactions before the tap and from the next one on', () => {
    expect(interactionBetween(signals, 2500, 3000)).toBe(200);
    expect(interactionBetween(signals, 1200, 1900)).toBe(0);
  });

  it('is 0 when no entry came: the interaction was under the threshold', () => {
    expect(interactionBetween([], 0)).toBe(0);
  });

  it("gives the input delay of that interaction's longest entry", () => {
    expect(inputDelayBetween(signals, 1990)).toBe(70);
    expect(inputDelayBetween(signals, 1200, 1900)).toBe(0);
  });
});
