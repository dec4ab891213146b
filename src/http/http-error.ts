/** An RFC 9457 problem body, or a standard OAuth error body. */
export type ProblemBody = {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  error?: string;
  /** The bike service's extension on a 410: the invite's status (expired, revoked). */
  invite_status?: unknown;
  /** The bike service's extension on a 409 `open-invite-limit`: how many open invites a bike may hold. */
  limit?: unknown;
};

/** A service answered with an error status; the caller decides what it means. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: ProblemBody | undefined;

  constructor(status: number, body: ProblemBody | undefined) {
    super(`HTTP ${status}${body?.title ? `: ${body.title}` : ''}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

/** The request never got an answer: offline, refused, or timed out. */
export class NetworkError extends Error {
  readonly timedOut: boolean;

  constructor(message: string, timedOut: boolean) {
    super(message);
    this.name = 'NetworkError';
    this.timedOut = timedOut;
  }
}

/** An answer that does not match the contract: to the person, the service is unavailable. */
export class MalformedAnswer extends Error {
  readonly field: string | undefined;
  constructor(field: string | undefined) {
    super(`the bike service's answer does not match the contract${field ? ` at ${field}` : ''}`);
    this.name = 'MalformedAnswer';
    this.field = field;
  }
}

/** `invalid_grant` in the problem's title (the reference services) or the standard `error` field. */
export function isInvalidGrant(body: ProblemBody | undefined): boolean {
  return body?.title === 'invalid_grant' || body?.error === 'invalid_grant';
}

export async function readProblem(response: Response): Promise<ProblemBody | undefined> {
  try {
    const body: unknown = await response.clone().json();
    return body && typeof body === 'object' ? (body as ProblemBody) : undefined;
  } catch {
    return undefined;
  }
}
