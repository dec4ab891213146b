// Every refusal counted, those made before any route runs included.
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

export const isRefusal = (status: number): boolean => status >= 400 && status < 500;
