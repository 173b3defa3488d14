/**
 * The Kubernetes manifests (deploy/k8s): the base is current with platform.json, every
 * kustomization renders offline with `kubectl kustomize`, every rendered object is valid against
 * the Kubernetes schemas (kubernetes-models), and every registered part has what it needs to
 * run there: a Deployment and a Service, probes on the paths service-kit answers, resource
 * requests and limits, an autoscaler for each service.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createLogger, createServiceApp } from '@teamapp/service-kit';
import request from 'supertest';
import { parseAllDocuments } from 'yaml';
import { composeServicePort } from '../../scripts/lib/compose';
import { imageOf, k8sFiles, K8S_BASE_DIR } from '../../scripts/lib/k8s';
import {
  builtServices,
  frontendFolders,
  loadRegistry,
  replicasOf,
  ROOT,
} from '../../scripts/lib/registry';
import { findCommand } from '../../scripts/lib/system';

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}

const registry = loadRegistry();
const services = builtServices(registry);
const K8S_DIR = path.join(ROOT, 'deploy/k8s');
const OVERLAYS = readdirSync(path.join(K8S_DIR, 'overlays')).filter((d) =>
  existsSync(path.join(K8S_DIR, 'overlays', d, 'kustomization.yaml')),
);
const TARGETS = ['base', ...OVERLAYS.map((o) => `overlays/${o}`)];

/** `kubectl kustomize` of one kustomization, offline (no remote bases). */
function render(target: string): K8sObject[] {
  const kubectl = findCommand('kubectl');
  if (!kubectl) {
    throw new Error(
      'kubectl is missing, and the manifests are rendered with `kubectl kustomize`: install kubectl (https://kubernetes.io/docs/tasks/tools/) and run the tests again',
    );
  }
  const text = execFileSync(kubectl, ['kustomize', path.join(K8S_DIR, target)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return parseAllDocuments(text).map((doc) => doc.toJS() as K8sObject);
}

/** The kubernetes-models class for an object's apiVersion and kind. */
function modelFor(object: K8sObject): new (data: unknown) => { validate: () => void } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the model is chosen at run time
  const module = require(`kubernetes-models/${object.apiVersion}/${object.kind}`) as Record<
    string,
    new (data: unknown) => { validate: () => void }
  >;
  const model = module[object.kind];
  if (!model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
  return model;
}

const rendered = Object.fromEntries(TARGETS.map((t) => [t, render(t)]));
const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);
const containersOf = (object: K8sObject | undefined) =>
  ((object?.spec?.template as { spec?: { containers?: Container[] } } | undefined)?.spec
    ?.containers ?? []) as Container[];

describe('the base', () => {
  it('when compared with what platform:sync writes, then it is current', async () => {
    for (const [file, text] of Object.entries(await k8sFiles(registry))) {
      expect({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }).toEqual({ file, text });
    }
  });

  it('when listed, then there is the base and at least one overlay', () => {
    expect(existsSync(path.join(ROOT, K8S_BASE_DIR, 'kustomization.yaml'))).toBe(true);
    expect(OVERLAYS.length).toBeGreaterThan(0);
  });
});

describe.each(TARGETS)('kubectl kustomize deploy/k8s/%s', (target) => {
  const objects = rendered[target]!;

  it('when rendered, then every object is valid against the Kubernetes schemas', () => {
    expect(objects.length).toBeGreaterThan(20);
    const invalid = objects.flatMap((object) => {
      try {
        new (modelFor(object))(object).validate();
        return [];
      } catch (err) {
        return [`${object.kind}/${object.metadata.name}: ${(err as Error).message}`];
      }
    });
    expect(invalid).toEqual([]);
  });

  it('when rendered, then every service has a Deployment with its replicas, probes on /ready and /health, requests and limits, a Service and an autoscaler', () => {
    for (const service of services) {
      const deployment = find(objects, 'Deployment', service.name);
      const [container] = containersOf(deployment);
      const port = composeServicePort(service.portOffset);
      expect({
        service: service.name,
        replicas: deployment?.spec?.replicas,
        image: container?.image,
        port: container?.ports?.find((p) => p.name === 'http')?.containerPort,
        metricsPort: container?.ports?.find((p) => p.name === 'metrics')?.containerPort,
        scrape: (
          deployment?.spec?.template as { metadata?: { annotations?: Record<string, string> } }
        )?.metadata?.annotations,
        readiness: container?.readinessProbe?.httpGet,
        liveness: container?.livenessProbe?.httpGet,
        requests: Object.keys(container?.resources?.requests ?? {}).sort(),
        limits: Object.keys(container?.resources?.limits ?? {}).sort(),
      }).toEqual({
        service: service.name,
        replicas: replicasOf(service),
        image: imageOf(service.name),
        port,
        // The metrics port service-kit listens on by default, announced for Prometheus.
        metricsPort: port + 1000,
        scrape: {
          'prometheus.io/scrape': 'true',
          'prometheus.io/port': String(port + 1000),
          'prometheus.io/path': '/metrics',
        },
        readiness: { path: '/ready', port: 'http' },
        liveness: { path: '/health', port: 'http' },
        requests: ['cpu', 'memory'],
        limits: ['cpu', 'memory'],
      });

      const svc = find(objects, 'Service', service.name);
      expect({ service: service.name, ports: svc?.spec?.ports }).toEqual({
        service: service.name,
        ports: [{ name: 'http', port, targetPort: 'http' }],
      });
      expect(svc?.spec?.selector).toEqual({ 'app.kubernetes.io/name': service.name });

      const hpa = find(objects, 'HorizontalPodAutoscaler', service.name);
      expect({
        service: service.name,
        target: (hpa?.spec?.scaleTargetRef as { name?: string } | undefined)?.name,
        min: hpa?.spec?.minReplicas,
      }).toEqual({ service: service.name, target: service.name, min: replicasOf(service) });
    }
  });

  it('when rendered, then the shell and every remote have a static server and a Service, and the gateway routes to them all', () => {
    for (const folder of frontendFolders(registry)) {
      const [container] = containersOf(find(objects, 'Deployment', folder));
      expect({ folder, image: container?.image, probe: !!container?.readinessProbe }).toEqual({
        folder,
        image: imageOf(folder),
        probe: true,
      });
      expect(find(objects, 'Service', folder)).toBeDefined();
    }
    const routes = find(objects, 'ConfigMap', 'gateway-env')?.data ?? {};
    for (const service of services) {
      expect(routes.UPSTREAMS).toContain(
        `server ${service.name}:${composeServicePort(service.portOffset)};`,
      );
    }
    for (const folder of frontendFolders(registry))
      expect(routes.UPSTREAMS).toContain(`${folder}:80`);
    expect(containersOf(find(objects, 'Deployment', 'gateway'))[0]?.image).toBe(imageOf('gateway'));
    expect(find(objects, 'Service', 'gateway')).toBeDefined();
  });

  it('when rendered, then PostgreSQL and Redis are StatefulSets or ExternalName services', () => {
    for (const name of ['postgres', 'redis']) {
      const statefulSet = find(objects, 'StatefulSet', name);
      const svc = find(objects, 'Service', name);
      expect({ name, runs: !!statefulSet || svc?.spec?.type === 'ExternalName' }).toEqual({
        name,
        runs: true,
      });
      expect(svc).toBeDefined();
    }
  });

  it('when rendered, then the Secrets hold the JWT keys, SMTP and database settings as placeholders only', () => {
    const secrets = objects.filter((o) => o.kind === 'Secret');
    const keys = secrets.flatMap((s) => Object.keys({ ...s.stringData, ...s.data }));
    expect(keys).toEqual(
      expect.arrayContaining(['JWT_PRIVATE_KEY', 'JWT_PUBLIC_KEY', 'SMTP_URL', 'DATABASE_URL']),
    );
    for (const secret of secrets) {
      for (const [key, value] of Object.entries(secret.stringData ?? {})) {
        expect({ key, placeholder: /REPLACE_ME|example\.org/.test(value) }).toEqual({
          key,
          placeholder: true,
        });
        expect(value).not.toMatch(/BEGIN [A-Z ]*PRIVATE KEY/);
      }
    }
  });
});

describe('the probes', () => {
  it("when a service built on service-kit is asked the probes' paths, then it answers them", async () => {
    const [container] = containersOf(find(rendered.base!, 'Deployment', services[0]!.name));
    const app = createServiceApp({
      logger: createLogger('probe-check', 'silent'),
      routers: [],
      readiness: [{ name: 'always', check: async () => true }],
    });
    for (const probe of [container?.readinessProbe, container?.livenessProbe]) {
      const res = await request(app.callback()).get(probe?.httpGet?.path ?? '/missing');
      expect(res.status).toBe(200);
    }
  });

  it('when an object breaks the schema, then validation refuses it', () => {
    const deployment = find(rendered.base!, 'Deployment', services[0]!.name)!;
    const broken = JSON.parse(JSON.stringify(deployment)) as K8sObject;
    (broken.spec as { replicas: unknown }).replicas = 'two';
    expect(() => new (modelFor(broken))(broken).validate()).toThrow(/replicas/);
  });
});
