/**
 * Ends the current task and goes on in a new one, so the browser can handle a tap and paint in
 * between: `scheduler.yield()` where the browser has it (the rest goes on before other queued
 * work), else a message to this window, which, unlike a timer, is not held back to 4 ms or more.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.addEventListener('message', () => {
      channel.port1.close();
      resolve();
    });
    channel.port1.start();
    channel.port2.postMessage(undefined);
  });
}
