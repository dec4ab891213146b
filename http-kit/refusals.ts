// Every refusal counted: routed answers of 4xx, and what is refused before any route runs (a
// malformed URL, broken or slow HTTP, too large headers), which has no route to be counted by.
import client from 'prom-client';

/** Counts a refusal by status and reason (a short fixed word, so the series stay few). */
export type CountRefusal = (status: number, reason: string) => void;

export function refusalCounter(registry: client.Registry): CountRefusal {
  const counter = new client.Counter({
    name: 'http_refused_requests_total',
    help: 'Requests answered with a 4xx status, by status and reason, those refused before routing included',
    labelNames: ['status_code', 'reason'] as const,
    registers: [registry],
  });
  return (status, reason) => counter.inc({ status_code: String(status), reason });
}

/** Whether an answer's status refuses its request (4xx). */
export const isRefusal = (status: number): boolean => status >= 400 && status < 500;
