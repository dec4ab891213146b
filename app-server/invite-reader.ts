export type InviteAnswer = { ok: true; body: unknown } | { ok: false; reason: string };

/**
 * Reads an invite from the bike service the way an anonymous browser would: one GET, no cookies,
 * no token, so rendering a page (for a person or a link-preview robot) can never change an invite.
 * Whatever goes wrong — refused, not found, slow, not JSON — is an answer, never an exception.
 */
export async function readInvite(base: string, code: string, timeoutMs: number): Promise<InviteAnswer> {
  const url = `${base}bike/invite-code/${encodeURIComponent(code)}`;
  try {
    const response = await fetch(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, reason: `answered ${response.status}` };
    }
    return { ok: true, body: await response.json() };
  } catch (error) {
    return { ok: false, reason: (error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message };
  }
}
