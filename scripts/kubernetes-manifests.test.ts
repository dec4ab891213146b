// deploy/kubernetes/: the base and the overlay render, every object passes Kubernetes' schemas and the
// cross-checks with the app server's options; and each kind of mistake is caught.
import { describe, expect, it } from 'vitest';
import { KUSTOMIZATIONS, OVERLAY, type K8sObject, manifestProblems, render } from './kubernetes-manifests.ts';

const rendered = new Map(KUSTOMIZATIONS.map((dir) => [dir, render(dir)]));

describe.each(KUSTOMIZATIONS)('%s', (dir) => {
  it('renders objects that Kubernetes’ schemas and the app server’s options accept', async () => {
    const objects = rendered.get(dir)!;
    expect(objects.map((object) => object.kind).toSorted()).toEqual([
      'ConfigMap',
      'ConfigMap',
      'Deployment',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'Service',
    ]);
    expect(await manifestProblems(objects)).toEqual([]);
  });
});

it('the overlay serves two brands, each config mounted', () => {
  const maps = rendered.get(OVERLAY)!.filter((object) => object.kind === 'ConfigMap');
  const brandMap = maps.find((map) => map.data['brands.json'])!;
  expect(JSON.parse(brandMap.data['brands.json']).brands).toHaveLength(2);
});

/** The overlay's objects with one change made to its Deployment's first container or pod. */
function withMistake(change: (pod: K8sObject, container: K8sObject) => void): K8sObject[] {
  const objects = structuredClone(rendered.get(OVERLAY)!);
  const pod = objects.find((object) => object.kind === 'Deployment')!.spec.template.spec;
  change(pod, pod.containers[0]);
  return objects;
}

it.each([
  [
    'a wrong probe port',
    /readinessProbe: port/,
    (_pod: K8sObject, c: K8sObject) => (c.readinessProbe.httpGet.port = 8080),
  ],
  [
    'a wrong probe path',
    /livenessProbe: path/,
    (_pod: K8sObject, c: K8sObject) => (c.livenessProbe.httpGet.path = '/health'),
  ],
  [
    'a grace period below the drain bound',
    /terminationGracePeriodSeconds 12/,
    (pod: K8sObject) => (pod.terminationGracePeriodSeconds = 12),
  ],
  [
    'a writable root file system',
    /readOnlyRootFilesystem/,
    (_pod: K8sObject, c: K8sObject) => delete c.securityContext.readOnlyRootFilesystem,
  ],
  [
    'a container port that is not PORT',
    /"http" is not/,
    (_pod: K8sObject, c: K8sObject) => (c.ports[0].containerPort = 3000),
  ],
  [
    'a brand map mounted elsewhere',
    /BRANDS/,
    (_pod: K8sObject, c: K8sObject) => (c.volumeMounts[0].mountPath = '/etc/brands'),
  ],
  [
    'a field of the wrong type (the schema)',
    /containers\/0\/name must be string/,
    (pod: K8sObject) => (pod.containers[0].name = 7),
  ],
])('fails on %s', async (_name, message, change) => {
  const problems = await manifestProblems(withMistake(change));
  expect(problems.join('\n')).toMatch(message);
});
