// deploy/kubernetes/ rendered, checked against Kubernetes' published schemas (kubernetes-models) and
// the app server's own options, so that a change to either side breaks the test.
import { execFileSync } from 'node:child_process';
import { posix } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { defaultServingOptions } from '../app-server/options.ts';
import { HEALTH_PATHS } from '../http-kit/health.ts';
import { METRICS_PATH } from '../http-kit/metrics.ts';
import { DEFAULT_SHUTDOWN_GRACE_MS } from '../http-kit/shutdown.ts';

// oxlint-disable-next-line typescript/no-explicit-any -- rendered objects are checked field by field below
export type K8sObject = Record<string, any>;

export const OVERLAY = 'deploy/kubernetes/overlays/two-brands';
export const KUSTOMIZATIONS = ['deploy/kubernetes', 'deploy/kubernetes/base', OVERLAY];

/** `kubectl kustomize DIR`'s objects; without kubectl, a clear failure (`.ci/run` installs it). */
export function render(dir: string): K8sObject[] {
  let text;
  try {
    text = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === 'ENOENT')
      throw new Error('kubectl is not installed: `apt-get install kubernetes-client` (.ci/run does)', {
        cause: error,
      });
    throw new Error(`kubectl kustomize ${dir} failed: ${stderr}`, { cause: error });
  }
  return parseAllDocuments(text).map((document) => document.toJS() as K8sObject);
}

/** What Kubernetes' schema for the object's kind refuses, one line per error. */
export async function schemaProblems(object: K8sObject): Promise<string[]> {
  const where = `${object.kind}/${object.metadata?.name}`;
  let Model;
  try {
    Model = (await import(/* @vite-ignore */ `kubernetes-models/${object.apiVersion}/${object.kind}`))[object.kind];
  } catch {
    return [`${where}: no schema for ${object.apiVersion} ${object.kind}`];
  }
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    return [`${where}: ${(error as Error).message}`];
  }
}

const byKind = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);

/** Where the Deployment and its neighbours disagree with the app server's options or the security rules. */
export function deploymentProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const expect = (ok: unknown, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const [deployment, ...more] = byKind(objects, 'Deployment');
  if (!deployment || more.length) return ['exactly one Deployment expected'];
  const pod = deployment.spec.template.spec;
  const [container] = pod.containers;
  const env = new Map<string, string>(container.env?.map((entry: K8sObject) => [entry.name, entry.value]));
  const ports = new Map<string, number>(container.ports?.map((port: K8sObject) => [port.name, port.containerPort]));
  const portOf = (port: string | number) => (typeof port === 'number' ? port : ports.get(port));

  expect(deployment.spec.replicas >= 2, 'replicas: at least 2');
  const appPort = Number(env.get('PORT') ?? defaultServingOptions.port);
  const metricsPort = env.has('METRICS_PORT') ? Number(env.get('METRICS_PORT')) : appPort;
  expect(ports.get('http') === appPort, `container port "http" is not the app server's PORT ${appPort}`);
  expect(ports.get('metrics') === metricsPort, `container port "metrics" is not METRICS_PORT ${metricsPort}`);

  const probes = {
    startupProbe: HEALTH_PATHS.live,
    livenessProbe: HEALTH_PATHS.live,
    readinessProbe: HEALTH_PATHS.ready,
  };
  for (const [probe, path] of Object.entries(probes)) {
    const get = container[probe]?.httpGet;
    expect(get?.path === path, `${probe}: path must be ${path}`);
    // Health answers on both ports; the metrics port is the one still answering while requests drain.
    expect(get && portOf(get.port) === metricsPort, `${probe}: port must be the metrics port ${metricsPort}`);
  }
  const annotations = deployment.spec.template.metadata.annotations ?? {};
  expect(Number(annotations['prometheus.io/port']) === metricsPort, 'prometheus.io/port is not the metrics port');
  expect(annotations['prometheus.io/path'] === METRICS_PATH, `prometheus.io/path is not ${METRICS_PATH}`);

  const drainSeconds = Number(env.get('SHUTDOWN_GRACE') ?? DEFAULT_SHUTDOWN_GRACE_MS) / 1000;
  const sleep = container.lifecycle?.preStop?.exec?.command;
  const preStopSeconds = sleep?.[0] === 'sleep' ? Number(sleep[1]) : 0;
  const grace = pod.terminationGracePeriodSeconds ?? 30;
  expect(
    grace > preStopSeconds + drainSeconds,
    `terminationGracePeriodSeconds ${grace} is not above the preStop wait ${preStopSeconds} s + the drain bound ${drainSeconds} s`,
  );

  const security = { ...pod.securityContext, ...container.securityContext };
  expect(security.runAsNonRoot === true, 'securityContext: runAsNonRoot must be true');
  expect(security.readOnlyRootFilesystem === true, 'securityContext: readOnlyRootFilesystem must be true');
  expect(security.allowPrivilegeEscalation === false, 'securityContext: allowPrivilegeEscalation must be false');
  expect(security.capabilities?.drop?.includes('ALL'), 'securityContext: capabilities must drop ALL');
  expect(security.seccompProfile?.type === 'RuntimeDefault', 'securityContext: seccompProfile must be RuntimeDefault');
  expect(container.resources?.requests?.memory && container.resources?.limits?.memory, 'memory request and limit');

  // Every file the app server reads (BRANDS, and each brand's config) is a key of a mounted ConfigMap.
  const configMaps = new Map(byKind(objects, 'ConfigMap').map((map) => [map.metadata.name, map.data ?? {}]));
  const volumes = new Map(pod.volumes?.map((volume: K8sObject) => [volume.name, volume.configMap?.name]));
  const mounted = (path: string): string | undefined => {
    for (const mount of container.volumeMounts ?? []) {
      const data = configMaps.get(volumes.get(mount.name));
      if (data && posix.dirname(path) === mount.mountPath) return data[posix.basename(path)];
    }
    return undefined;
  };
  const brandMapPath = env.get('BRANDS');
  const brandMap = brandMapPath && mounted(brandMapPath);
  expect(brandMap, `BRANDS ${brandMapPath} is no mounted ConfigMap key`);
  for (const brand of brandMap ? (JSON.parse(brandMap) as { brands: { config: string }[] }).brands : []) {
    const path = posix.resolve(posix.dirname(brandMapPath!), brand.config);
    expect(mounted(path), `brand config ${path} is no mounted ConfigMap key`);
  }

  const labels = deployment.spec.template.metadata.labels;
  const selects = (selector: Record<string, string> = {}) =>
    Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);
  for (const service of byKind(objects, 'Service')) {
    expect(selects(service.spec.selector), `Service ${service.metadata.name} selects no pod of the Deployment`);
    for (const port of service.spec.ports)
      expect(portOf(port.targetPort) === appPort, `Service port ${port.name}: targetPort is not the app port`);
  }
  for (const budget of byKind(objects, 'PodDisruptionBudget'))
    expect(selects(budget.spec.selector.matchLabels), 'PodDisruptionBudget selects no pod of the Deployment');
  for (const autoscaler of byKind(objects, 'HorizontalPodAutoscaler')) {
    expect(autoscaler.spec.scaleTargetRef.name === deployment.metadata.name, 'HorizontalPodAutoscaler targets another');
    expect(autoscaler.spec.minReplicas >= 2, 'HorizontalPodAutoscaler: minReplicas at least 2');
  }
  return problems;
}

export async function manifestProblems(objects: K8sObject[]): Promise<string[]> {
  const schema = (await Promise.all(objects.map(schemaProblems))).flat();
  return [...schema, ...deploymentProblems(objects)];
}
