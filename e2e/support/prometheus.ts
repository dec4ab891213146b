// Debian's Prometheus for a test: on loopback, in a directory of its own, scraping one target every
// second; stop() ends it by its process id and removes the directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WAIT } from './slow-machine.ts';

export const PROMETHEUS = '/usr/bin/prometheus';

export type RunningPrometheus = {
  /** The value of each series an instant query returns, by the label `by`. */
  query(promql: string, by: string): Promise<Record<string, number>>;
  /** Waits until Prometheus has scraped its target at least once since now. */
  scrapedAfterNow(): Promise<void>;
  stop(): Promise<void>;
};

export async function startPrometheus(port: number, target: string): Promise<RunningPrometheus> {
  const dir = mkdtempSync(join(tmpdir(), 'bike-invite-prometheus-'));
  const config = join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    [
      'global: { scrape_interval: 1s, evaluation_interval: 1s }',
      'scrape_configs:',
      '  - job_name: app-server',
      `    static_configs: [{ targets: ['${target}'] }]`,
    ].join('\n'),
  );
  const child = spawn(
    PROMETHEUS,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=error',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const api = async (path: string) => {
    const response = await fetch(base + path);
    if (!response.ok) throw new Error(`Prometheus answered ${response.status} to ${path}: ${await response.text()}`);
    return ((await response.json()) as { data: unknown }).data;
  };
  const lastScrape = async () => {
    const { activeTargets } = (await api('/api/v1/targets')) as {
      activeTargets: { lastScrape: string; health: string }[];
    };
    const scraped = activeTargets[0];
    return scraped?.health === 'up' ? Date.parse(scraped.lastScrape) : 0;
  };
  const deadline = Date.now() + WAIT.serverStart;
  for (;;) {
    try {
      if ((await fetch(`${base}/-/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      if (child.exitCode === null) process.kill(child.pid!, 'SIGTERM');
      throw new Error(`Prometheus on port ${port} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    async query(promql, by) {
      const { result } = (await api(`/api/v1/query?query=${encodeURIComponent(promql)}`)) as {
        result: { metric: Record<string, string>; value: [number, string] }[];
      };
      return Object.fromEntries(result.map(({ metric, value }) => [metric[by] ?? '', Number(value[1])]));
    },
    async scrapedAfterNow() {
      const now = Date.now();
      while ((await lastScrape()) <= now) {
        if (Date.now() > now + WAIT.condition) throw new Error('Prometheus did not scrape its target');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async stop() {
      if (child.exitCode === null) process.kill(child.pid!, 'SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
