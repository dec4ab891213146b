// For tests that tell an update rendered at once (in the task's microtasks) from a transition's (in later tasks).

/** Lets the running task's microtasks, React's own among them, run to their end. */
export async function afterMicrotasks(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
