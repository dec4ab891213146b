// The app server's own GET of JSON from a brand's service: no redirect followed, timed, every failure an answer.

export type ServiceRead = { ok: true; body: unknown } | { ok: false; status?: number; timedOut?: true; reason: string };

export async function readJson(url: string, headers: Record<string, string>, timeoutMs: number): Promise<ServiceRead> {
  try {
    const response = await fetch(url, {
      method: 'GET',
      headers: { ...headers, accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, status: response.status, reason: `answered ${response.status}` };
    }
    return { ok: true, body: await response.json() };
  } catch (error) {
    const { name, message, cause } = error as Error & { cause?: { code?: string } };
    if (name === 'TimeoutError') return { ok: false, timedOut: true, reason: `no answer within ${timeoutMs} ms` };
    return { ok: false, reason: cause?.code ? `${message} (${cause.code})` : message };
  }
}
