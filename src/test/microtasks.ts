// For tests that tell a render made at once from one made in slices: React renders an update that
// must not wait (a tap's, a store's read with useSyncExternalStore) in the microtasks of the task
// that made it, and a transition's in tasks after it.

/** Lets the running task's microtasks, React's own among them, run to their end. */
export async function afterMicrotasks(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
