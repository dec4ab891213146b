import type { BrowserContext } from '@playwright/test';

/**
 * Answers the signed-in home page's owner lists (GET bike, GET bike/shared) with empty ones, in tests
 * about the session whose access tokens live two seconds: on a busy machine those reads can come
 * after the token expired and start refreshes of their own, which those tests count. The owner's
 * side is e2e/owner.spec.ts's; a refresh in the middle of it, src/owner/invite-dialog.test.tsx's.
 */
export async function emptyOwnerLists(context: BrowserContext): Promise<void> {
  await context.route(/\/api\/v1\/bike(\/shared)?$/, (route) => route.fulfill({ json: [] }));
}
