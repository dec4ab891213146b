// What an operator opens (deploy/prometheus/, deploy/grafana/): the rules pass promtool's check and
// unit tests, and every expression of the dashboard and the rules reads only series the rules
// record or the app server exposes, so that renaming a metric fails here, not on a dashboard.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createAppMetrics } from '../app-server/app-metrics.ts';
import { createHttpServer } from '../http-kit/http-server.ts';
import { client } from '../http-kit/metrics.ts';
import { seriesOf } from './promql-series.ts';

const deploy = resolve(import.meta.dirname, '../deploy');
const RULES = join(deploy, 'prometheus/app-server.rules.yml');
const DASHBOARD = join(deploy, 'grafana/bike-invite-field.json');

type Rule = { record?: string; alert?: string; expr: string };
const rules = (parse(readFileSync(RULES, 'utf8')) as { groups: { rules: Rule[] }[] }).groups.flatMap((g) => g.rules);

type Panel = { title: string; targets?: { expr: string }[] };
type Dashboard = { panels: Panel[]; templating: { list: { name: string; query?: { query?: string } | string }[] } };
const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;

const promtool = (...args: string[]) =>
  execFileSync('promtool', args, { cwd: join(deploy, 'prometheus'), encoding: 'utf8' });

/** Every series name the app server's registry exposes, a histogram's _bucket, _sum and _count included. */
async function exposedSeries(): Promise<Set<string>> {
  const registry = new client.Registry();
  const app = createHttpServer({
    logLevel: 'silent',
    trustProxy: [],
    requestTimeoutMs: 10_000,
    lifecycle: { closing: false },
    registry,
    metricsRoute: false,
    labels: { brand: () => undefined },
  });
  createAppMetrics(registry, ['a-brand']);
  await app.ready();
  const metrics = await registry.getMetricsAsJSON();
  await app.close();
  return new Set(
    metrics.flatMap(({ name, type }) =>
      String(type) === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name],
    ),
  );
}

let known: Set<string>;
beforeAll(async () => {
  known = new Set([...(await exposedSeries()), ...rules.flatMap((rule) => (rule.record ? [rule.record] : []))]);
});

describe('the Prometheus rules', () => {
  it('pass promtool check rules', () => {
    expect(promtool('check', 'rules', RULES)).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('pass their unit tests (promtool test rules)', () => {
    expect(promtool('test', 'rules', 'app-server.rules.test.yml')).toMatch(/SUCCESS/);
  });

  it('read only series the app server exposes or the rules record', () => {
    for (const rule of rules) {
      expect(
        seriesOf(rule.expr).filter((name) => !known.has(name)),
        rule.record ?? rule.alert,
      ).toEqual([]);
    }
  });
});

describe('the Grafana dashboard', () => {
  const expressions = [
    ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => [panel.title, target.expr] as const)),
    ...dashboard.templating.list.flatMap((variable) => {
      const query = typeof variable.query === 'string' ? undefined : variable.query?.query;
      return query ? [[`$${variable.name}`, query.replace(/^label_values\(([^,]+),.*$/, '$1')] as const] : [];
    }),
  ];

  it('has panels, each with an expression', () => {
    expect(dashboard.panels.length).toBeGreaterThan(5);
    for (const panel of dashboard.panels) expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
  });

  it.each(expressions)('%s reads only series the app server exposes or the rules record', (_title, expr) => {
    const series = seriesOf(expr);
    expect(series.length).toBeGreaterThan(0);
    expect(series.filter((name) => !known.has(name))).toEqual([]);
  });

  it('would notice a renamed metric', () => {
    const renamed = 'sum by (event) (increase(app_field_event_total{brand=~"$brand"}[$__range]))';
    expect(seriesOf(renamed).filter((name) => !known.has(name))).toEqual(['app_field_event_total']);
    expect(
      seriesOf('histogram_quantile(0.75, sum by (le) (rate(x_bucket{a="b"}[5m]))) > 2.5 and on (brand) y'),
    ).toEqual(['x_bucket', 'y']);
  });
});
