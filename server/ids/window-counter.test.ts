// The counting behind the services' limits: a limited client cannot be set free by others' calls,
// and the table cannot grow without bound.
import { describe, expect, it } from 'vitest';
import { createWindowCounter, windowStore } from './window-counter.ts';

describe('the window counter', () => {
  it('never forgets a key in its window to make room, and refuses new keys once full', () => {
    const counter = createWindowCounter({ windowMs: 60_000, maxKeys: 100 });
    for (let i = 0; i < 5; i++) counter.hit('limited', 0);
    for (let i = 0; i < 1000; i++) counter.hit(`other-${i}`, 1);
    expect(counter.size).toBe(100);
    expect(counter.hit('limited', 2).count).toBe(6);
    expect(counter.hit('newcomer', 2).count).toBe(Number.POSITIVE_INFINITY);
    expect(counter.full(2)).toBe(true);
  });

  it('forgets keys whose window is over, and counts them from one again', () => {
    const counter = createWindowCounter({ windowMs: 60_000, maxKeys: 100 });
    for (let i = 0; i < 100; i++) counter.hit(`key-${i}`, 0);
    expect(counter.hit('key-1', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    expect(counter.size).toBe(1);
    expect(counter.hit('key-1', 70_000)).toEqual({ count: 2, resetInMs: 50_000 });
  });
});

describe('the store for @fastify/rate-limit', () => {
  it('answers each key its count and the time left in its window', () => {
    const Store = windowStore(10);
    const store = new Store().child();
    const results: { current: number; ttl: number }[] = [];
    const keep = (_error: Error | null, result: { current: number; ttl: number }) => void results.push(result);
    store.incr('198.51.100.1', keep, 60_000);
    store.incr('198.51.100.1', keep, 60_000);
    store.read('198.51.100.1', keep, 60_000);
    expect(results.map((result) => result.current)).toEqual([1, 2, 2]);
    expect(results[1]!.ttl).toBeLessThanOrEqual(60_000);
    expect(results[1]!.ttl).toBeGreaterThan(0);
  });
});
