import type { BrowserContext } from '@playwright/test';

/** Empty owner lists, for session tests with short-lived tokens: their reads would start refreshes the
 * tests count. */
export async function emptyOwnerLists(context: BrowserContext): Promise<void> {
  await context.route(/\/api\/v1\/bike(\/shared)?$/, (route) => route.fulfill({ json: [] }));
}
