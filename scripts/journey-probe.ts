// What `npm run bench:journey` sees of a page: a script run first in every document reports its signals.
import type { Page } from '@playwright/test';

/** The page's clock and the bench's may differ by this much. */
const CLOCK_SLACK_MS = 20;

/** The Event Timing API's lowest threshold: shorter interactions are not reported. */
export const INP_THRESHOLD_MS = 16;

export type Rect = { x: number; y: number; width: number; height: number };

/** What a watched button or link shows of a tap: marked taken, busy, or its card sliding out. */
export type ButtonState = { present: boolean; taken: boolean; busy: boolean; leaving: boolean };

export type Signal = { at: number } & (
  | { kind: 'document'; url: string; timeOrigin: number }
  | { kind: 'owner' }
  | { kind: 'title' }
  /** The button's box while it is visible on screen, `null` once it is not. */
  | { kind: 'button'; label: string; rect: Rect | null }
  | ({ kind: 'state'; label: string } & ButtonState)
  | { kind: 'navigate'; url: string }
  | { kind: 'submit' }
  /** An Event Timing entry of an interaction: its start (epoch ms), duration, input delay (until its
   * handlers ran: the main thread was busy), and the button or link tapped. */
  | { kind: 'interaction'; id: number; start: number; duration: number; delay?: number; label?: string }
);

/** The texts the probe looks for: the owner's name, the buttons (by their text), a page's title (an h1). */
export type Watched = { owner: string; buttons: string[]; title: string };

/** Runs in the page, before its own scripts. Kept to a few cheap checks a frame: it runs on the slowed CPU too. */
function probe(watched: Watched): void {
  const report = (window as unknown as { benchReport: (signal: object) => void }).benchReport;
  const send = (signal: object) => void report({ ...signal, at: performance.timeOrigin + performance.now() });
  send({ kind: 'document', url: location.href, timeOrigin: performance.timeOrigin });

  // oxlint-disable-next-line unicorn/consistent-function-scoping -- sent to the page as source: it must hold all it uses
  const text = (element: Element) => element.textContent?.replace(/\s+/g, ' ').trim();
  const withText = (selector: string, label: string) =>
    [...document.querySelectorAll(selector)].filter((element) => text(element) === label);
  // Visible: not hidden, not transparent, on screen, and more than a 1-pixel text kept for screen readers.
  // oxlint-disable-next-line unicorn/consistent-function-scoping -- sent to the page as source: it must hold all it uses
  const visible = (element: Element) => {
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const box = element.getBoundingClientRect();
    return (
      box.width > 1 &&
      box.height > 1 &&
      box.bottom > 0 &&
      box.right > 0 &&
      box.top < innerHeight &&
      box.left < innerWidth
    );
  };

  function ownerVisible(): boolean {
    if (!document.body) return false;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.includes(watched.owner) && node.parentElement && visible(node.parentElement)) return true;
    }
    return false;
  }

  // Each frame, before it is painted: what it will show.
  let ownerSeen = false;
  let titleSeen = false;
  const boxes = new Map<string, string>();
  const frame = () => {
    if (!ownerSeen && ownerVisible()) {
      ownerSeen = true;
      send({ kind: 'owner' });
    }
    if (!titleSeen && withText('h1', watched.title).some(visible)) {
      titleSeen = true;
      send({ kind: 'title' });
    }
    for (const label of watched.buttons) {
      const box = withText('button, a', label).find(visible)?.getBoundingClientRect();
      const rect = box ? { x: box.x, y: box.y, width: box.width, height: box.height } : null;
      const key = JSON.stringify(rect);
      if (boxes.get(label) === key) continue;
      boxes.set(label, key);
      send({ kind: 'button', label, rect });
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  // Each change of a watched button, when it happens (not when it is painted).
  const states = new Map<string, string>();
  const check = () => {
    for (const label of watched.buttons) {
      const found = withText('button, a', label);
      const state = {
        present: found.length > 0,
        taken: found.some((element) => element.hasAttribute('data-taken')),
        busy: found.some((element) => element.getAttribute('aria-busy') === 'true'),
        leaving: found.some((element) => /--leaving\b/.test(element.closest('.step-card')?.className ?? '')),
      };
      const key = JSON.stringify(state);
      if (states.get(label) === key) continue;
      states.set(label, key);
      send({ kind: 'state', label, ...state });
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['class', 'data-taken', 'aria-busy', 'disabled'],
  });

  const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('navigate', (event) =>
    send({ kind: 'navigate', url: (event as Event & { destination: { url: string } }).destination.url }),
  );
  addEventListener('submit', () => send({ kind: 'submit' }), true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (!entry.interactionId) continue;
      const target = entry.target instanceof Element ? entry.target.closest('button, a') : null;
      send({
        kind: 'interaction',
        id: entry.interactionId,
        start: performance.timeOrigin + entry.startTime,
        duration: entry.duration,
        delay: entry.processingStart - entry.startTime,
        label: target ? text(target) : undefined,
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/** The entries of the first interaction started between `from` and `to` (epoch ms). */
function firstInteraction(signals: Signal[], from: number, to: number) {
  const entries = signals.filter(
    (signal): signal is Extract<Signal, { kind: 'interaction' }> =>
      signal.kind === 'interaction' && signal.start >= from - CLOCK_SLACK_MS && signal.start < to - CLOCK_SLACK_MS,
  );
  const first = entries.toSorted((a, b) => a.start - b.start)[0];
  return entries.filter((entry) => entry.id === first?.id);
}

/** The Interaction to Next Paint of the first interaction started between `from` and `to` (epoch ms): its
 * longest entry's duration; 0 when none was reported, that is, under the observer's threshold. */
export function interactionBetween(signals: Signal[], from: number, to = Infinity): number {
  return Math.max(0, ...firstInteraction(signals, from, to).map((entry) => entry.duration));
}

/** That interaction's input delay, ms (its longest entry's): the part of its INP that waited for other work. */
export function inputDelayBetween(signals: Signal[], from: number, to = Infinity): number {
  const longest = firstInteraction(signals, from, to).toSorted((a, b) => b.duration - a.duration)[0];
  return longest?.delay ?? 0;
}

/** The signals of one page, in the order they came, and ways to wait for one. */
export class Probe {
  readonly signals: Signal[] = [];
  private waiters: (() => void)[] = [];

  private constructor() {}

  static async attach(page: Page, watched: Watched): Promise<Probe> {
    const probed = new Probe();
    await page.exposeFunction('benchReport', (signal: Signal) => {
      probed.signals.push(signal);
      for (const wake of probed.waiters.splice(0)) wake();
    });
    await page.addInitScript(probe, watched);
    return probed;
  }

  find(test: (signal: Signal) => boolean, from = 0): Signal | undefined {
    return this.signals.slice(from).find(test);
  }

  /** Waits for the first signal from index `from` on that `test` accepts; `what` names it if it never comes. */
  async wait(test: (signal: Signal) => boolean, what: string, from = 0, timeoutMs = 60_000): Promise<Signal> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.find(test, from);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs / 1000} s`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  interactionBetween(from: number, to = Infinity): number {
    return interactionBetween(this.signals, from, to);
  }

  inputDelayBetween(from: number, to = Infinity): number {
    return inputDelayBetween(this.signals, from, to);
  }

  /** Where the button is now, as last reported (undefined: not visible). */
  rect(label: string): Rect | undefined {
    const last = this.signals.findLast((signal) => signal.kind === 'button' && signal.label === label);
    return last?.kind === 'button' ? (last.rect ?? undefined) : undefined;
  }
}
