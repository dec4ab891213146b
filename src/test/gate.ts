/** A promise the test settles: holds a service's answer until the test has seen the state before it. */
export function gate(): { wait: Promise<void>; open: () => void } {
  let resolve: (() => void) | undefined;
  const wait = new Promise<void>((settle) => (resolve = settle));
  return { wait, open: () => resolve?.() };
}
