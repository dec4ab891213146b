// The sign-in code's module keeps itself here once evaluated (oauth-flow.ts), and load-oauth.ts
// hands it out from here at once: a dynamic import of a module already evaluated still resolves a
// task or more later, behind whatever the browser queued meanwhile (decision 0033). A module of
// its own, so that neither of the two imports the other.

let evaluated: unknown;

export function keepAtHand(module: unknown): void {
  evaluated = module;
}

export function atHand(): unknown {
  return evaluated;
}
