import { describe, expect, it } from 'vitest';
import { createLoadShedding, PRESSURE_SAMPLES, sustainedPressure } from './load-shedding.ts';

describe('sustained pressure', () => {
  it('a blip does not shed: a start-up, a garbage collection, one slow render', () => {
    const rule = sustainedPressure(20);
    for (const delay of [250, 180, 90, 40]) rule.record(delay); // the first renders after a start
    expect(rule.pressured()).toBe(false);
    rule.record(5);
    for (let i = 0; i < PRESSURE_SAMPLES - 1; i++) rule.record(60);
    expect(rule.pressured()).toBe(false);
  });

  it('sustained pressure sheds, and ends with the first sample that is not', () => {
    const rule = sustainedPressure(20);
    for (let i = 0; i < PRESSURE_SAMPLES; i++) rule.record(35);
    expect(rule.pressured()).toBe(true);
    const shedding = createLoadShedding(16, rule.pressured);
    expect(shedding.enter()).toBe(false);
    rule.record(3);
    expect(rule.pressured()).toBe(false);
    expect(shedding.enter()).toBe(true);
  });

  it('never, with a limit of 0', () => {
    const rule = sustainedPressure(0);
    for (let i = 0; i < 3 * PRESSURE_SAMPLES; i++) rule.record(5000);
    expect(rule.pressured()).toBe(false);
  });
});

describe('the rendering limit', () => {
  it('sheds past it, and takes pages again as they finish', () => {
    const shedding = createLoadShedding(2);
    expect([shedding.enter(), shedding.enter(), shedding.enter()]).toEqual([true, true, false]);
    shedding.leave();
    expect(shedding.enter()).toBe(true);
  });
});
