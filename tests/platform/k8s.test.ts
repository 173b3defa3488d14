/**
 * The Kubernetes manifests (deploy/k8s): the base is current with platform.json, every
 * kustomization renders offline with `kubectl kustomize`, every rendered object is valid against
 * the Kubernetes schemas (kubernetes-models), and every registered part has what it needs to
 * run there: a Deployment and a Service, probes on the paths service-kit answers, resource
 * requests and limits, an autoscaler for each service. The production overlay is rendered from a
 * copy whose secret files are filled in as an operator would (they never enter git), and checked
 * for what keeps a deployment from undoing itself or its limits.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, createServiceApp } from '@teamapp/service-kit';
import request from 'supertest';
import { parseAllDocuments } from 'yaml';
import { composeServicePort } from '@teamapp/platform/compose';
import { HSTS_VALUE } from '@teamapp/platform/gateway';
import {
  GATEWAY_REPLICAS,
  imageOf,
  k8sFiles,
  K8S_BASE_DIR,
  k8sSecrets,
} from '@teamapp/platform/k8s';
import {
  builtServices,
  DEFAULT_SERVICE_RESOURCES,
  frontendFolders,
  loadRegistry,
  replicasOf,
  ROOT,
} from '@teamapp/platform/registry';
import { findCommand } from '@teamapp/platform/system';

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

/**
 * A copy of deploy/k8s with every overlay's secret files written as an operator would: each
 * `secrets/<name>.example` becomes `secrets/<name>` holding real-looking values (a fresh key
 * pair, random passwords), never the example's stand-ins.
 */
const filled: Record<string, string> = {};
function fillSecrets(): string {
  const copy = path.join(mkdtempSync(path.join(os.tmpdir(), 'teamapp-k8s-')), 'k8s');
  cpSync(K8S_DIR, copy, { recursive: true });
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  for (const overlay of OVERLAYS) {
    const dir = path.join(copy, 'overlays', overlay, 'secrets');
    if (!existsSync(dir)) continue;
    for (const example of readdirSync(dir).filter((f) => f.endsWith('.example'))) {
      const file = path.join(dir, example.replace(/\.example$/, ''));
      if (example.endsWith('.pem.example')) {
        writeFileSync(file, example.includes('private') ? privateKey : publicKey);
        continue;
      }
      const keys = readFileSync(path.join(dir, example), 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => line.split('=')[0]!);
      const lines = keys.map((key) => {
        filled[key] ??= `${key.toLowerCase()}-${randomBytes(12).toString('hex')}`;
        return `${key}=${filled[key]}`;
      });
      writeFileSync(file, `${lines.join('\n')}\n`);
    }
  }
  return copy;
}
const FILLED_DIR = fillSecrets();

function kubectlPath(): string {
  const kubectl = findCommand('kubectl');
  if (!kubectl) {
    throw new Error(
      'kubectl is missing, and the manifests are rendered with `kubectl kustomize`: install kubectl (https://kubernetes.io/docs/tasks/tools/) and run the tests again',
    );
  }
  return kubectl;
}

/** `kubectl kustomize` of one kustomization, offline (no remote bases), secrets filled in. */
function render(target: string): K8sObject[] {
  const text = execFileSync(kubectlPath(), ['kustomize', path.join(FILLED_DIR, target)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const objects = parseAllDocuments(text).map((doc) => doc.toJS() as K8sObject);
  // kustomize wraps a long value's base64 over lines; the API server's decoder skips the line
  // breaks, the schema's "byte" format does not.
  for (const object of objects) {
    if (object.kind !== 'Secret' || !object.data) continue;
    for (const [key, value] of Object.entries(object.data))
      object.data[key] = value.replace(/\s+/g, '');
  }
  return objects;
}

/** The part an image was built for: `teamapp-auth`, also as pushed (`registry/teamapp/auth:1.2`). */
const partImage = (image: string | undefined) =>
  image?.includes('/') ? `teamapp-${image.split('/').pop()!.split(':')[0]}` : image;

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
        image: partImage(container?.image),
        port: container?.ports?.find((p) => p.name === 'http')?.containerPort,
        metricsPort: container?.ports?.find((p) => p.name === 'metrics')?.containerPort,
        scrape: (
          deployment?.spec?.template as { metadata?: { annotations?: Record<string, string> } }
        )?.metadata?.annotations,
        readiness: container?.readinessProbe?.httpGet,
        liveness: container?.livenessProbe?.httpGet,
        resources: container?.resources,
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
        // As platform.json says, or the default: every pod has requests and limits.
        resources: service.resources ?? DEFAULT_SERVICE_RESOURCES,
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
      expect({
        folder,
        image: partImage(container?.image),
        probe: !!container?.readinessProbe,
      }).toEqual({
        folder,
        image: imageOf(folder),
        probe: true,
      });
      expect(find(objects, 'Service', folder)).toBeDefined();
    }
    const routes =
      objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('gateway-env-'))
        ?.data ?? {};
    for (const service of services) {
      expect(routes.UPSTREAMS).toContain(
        `server ${service.name}:${composeServicePort(service.portOffset)};`,
      );
    }
    for (const folder of frontendFolders(registry))
      expect(routes.UPSTREAMS).toContain(`${folder}:80`);
    expect(partImage(containersOf(find(objects, 'Deployment', 'gateway'))[0]?.image)).toBe(
      imageOf('gateway'),
    );
    expect(find(objects, 'Service', 'gateway')).toBeDefined();
  });

  it("when rendered, then the gateway's ConfigMap gives every value its template asks for", () => {
    const template = readFileSync(path.join(ROOT, 'gateway', 'teamapp.conf.template'), 'utf8');
    const asked = [...new Set([...template.matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((m) => m[1]!))];
    const env =
      objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('gateway-env-'))
        ?.data ?? {};
    expect(asked.filter((name) => !(name in env))).toEqual([]);
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

  it('when rendered, then every Secret the pods read comes from the files the operator wrote, and none holds a stand-in', () => {
    const secrets = objects.filter((o) => o.kind === 'Secret');
    if (target === 'base') {
      // The base holds no Secret at all: applying it can never replace a real one.
      expect(secrets).toEqual([]);
      return;
    }
    const decoded = (s: K8sObject) =>
      Object.fromEntries(
        Object.entries(s.data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]),
      );
    for (const [name, keys] of Object.entries(k8sSecrets(registry))) {
      const secret = secrets.find((s) => s.metadata.name.startsWith(`${name}-`));
      // Generated: a hash of the contents in the name, so a new value is a new Secret.
      expect({ name, generated: /-[a-z0-9]{10}$/.test(secret?.metadata.name ?? '') }).toEqual({
        name,
        generated: true,
      });
      expect(Object.keys(decoded(secret!)).sort()).toEqual([...keys].sort());
    }
    for (const secret of secrets) {
      expect(secret.stringData).toBeUndefined();
      for (const [key, value] of Object.entries(decoded(secret))) {
        expect({ key, standIn: /REPLACE_ME|example\.org/.test(value) }).toEqual({
          key,
          standIn: false,
        });
        if (filled[key]) expect({ key, value }).toEqual({ key, value: filled[key] });
      }
    }
  });
});

describe('the production overlay', () => {
  const objects = rendered['overlays/production']!;
  const of = (kind: string) => objects.filter((o) => o.kind === kind);
  const podSpecs = objects
    .filter((o) => ['Deployment', 'StatefulSet'].includes(o.kind))
    .map((o) => ({
      name: o.metadata.name,
      spec: (o.spec?.template as { spec: Record<string, unknown> }).spec,
    }));

  it('when its secret files are missing, then it does not render at all (nothing is applied with stand-ins)', () => {
    const result = spawnSync(
      kubectlPath(),
      ['kustomize', path.join(K8S_DIR, 'overlays/production')],
      { encoding: 'utf8', env: { ...process.env } },
    );
    const present = existsSync(path.join(K8S_DIR, 'overlays/production/secrets/smtp.env'));
    // A developer who filled in the real files may render it; a clean checkout cannot.
    if (!present) {
      expect(result.status).not.toBe(0);
      expect(result.stderr).toMatch(/secrets\/[a-z-]+\.(env|pem)/);
    }
  });

  it('when rendered, then every image comes from a registry at a tag', () => {
    const images = podSpecs.flatMap(({ spec }) =>
      (spec.containers as Container[]).map((c) => c.image),
    );
    expect(images.length).toBeGreaterThan(services.length);
    for (const image of images) {
      expect({ image, pinned: /^[a-z0-9.-]+\.[a-z]+(:\d+)?\/.+:[\w.-]+$/.test(image) }).toEqual({
        image,
        pinned: true,
      });
      expect(image).not.toMatch(/:latest$/);
    }
  });

  it('when rendered, then the ConfigMaps are generated with a hash of their contents, and the pods read those', () => {
    const names = of('ConfigMap').map((c) => c.metadata.name);
    expect(names).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^teamapp-env-[a-z0-9]{10}$/),
        expect.stringMatching(/^gateway-env-[a-z0-9]{10}$/),
      ]),
    );
    const refs = JSON.stringify(podSpecs).match(/"name":"(teamapp|gateway)-env[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(services.length);
    for (const ref of refs) expect(ref).toMatch(/-env-[a-z0-9]{10}"$/);
  });

  it('when rendered, then two gateways run, with a disruption budget keeping one', () => {
    expect(GATEWAY_REPLICAS).toBe(2);
    expect(find(objects, 'Deployment', 'gateway')?.spec?.replicas).toBe(2);
    const pdb = find(objects, 'PodDisruptionBudget', 'gateway');
    expect(pdb?.spec).toEqual({
      minAvailable: 1,
      selector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } },
    });
  });

  it("when rendered, then the gateway's Service keeps clients' addresses and the gateway reads them from the trusted proxies only", () => {
    const svc = find(objects, 'Service', 'gateway');
    expect(svc?.spec).toMatchObject({ type: 'LoadBalancer', externalTrafficPolicy: 'Local' });
    const env =
      objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('gateway-env-'))
        ?.data ?? {};
    expect(env.REAL_IP).toMatch(/^set_real_ip_from [0-9./]+; .*real_ip_header X-Forwarded-For;/);
    expect(env.HSTS).toBe(HSTS_VALUE);
  });

  it('when rendered, then TLS ends at an Ingress whose certificate cert-manager issues, in front of the gateway', () => {
    const [ingress] = of('Ingress') as (K8sObject & {
      metadata: { annotations?: Record<string, string> };
    })[];
    expect(ingress?.metadata.annotations?.['cert-manager.io/cluster-issuer']).toBeTruthy();
    const spec = ingress?.spec as {
      tls?: { hosts: string[]; secretName: string }[];
      rules?: { host: string; http: { paths: { backend: { service: { name: string } } }[] } }[];
    };
    expect(spec.tls?.[0]?.secretName).toBeTruthy();
    expect(spec.tls?.[0]?.hosts).toEqual(spec.rules?.map((r) => r.host));
    expect(spec.rules?.[0]?.http.paths[0]?.backend.service.name).toBe('gateway');
  });

  it('when rendered, then only the gateway and the services reach a service, only Prometheus its metrics port, only the gateway a frontend', () => {
    type Peer = {
      podSelector?: { matchLabels?: Record<string, string> };
      namespaceSelector?: object;
    };
    type Policy = {
      podSelector: { matchLabels?: Record<string, string> };
      policyTypes: string[];
      ingress: { from: Peer[]; ports: { port: string }[] }[];
    };
    const policies = Object.fromEntries(
      of('NetworkPolicy').map((p) => [p.metadata.name, p.spec as unknown as Policy]),
    );
    const services_ = policies.services!;
    expect(services_.podSelector.matchLabels?.['app.kubernetes.io/component']).toBe('service');
    expect(services_.policyTypes).toEqual(['Ingress']);
    const byPort = Object.fromEntries(
      services_.ingress.map((rule) => [rule.ports.map((p) => p.port).join(), rule.from]),
    );
    expect(Object.keys(byPort).sort()).toEqual(['http', 'metrics']);
    expect(byPort.http?.map((p) => p.podSelector?.matchLabels)).toEqual([
      { 'app.kubernetes.io/name': 'gateway' },
      { 'app.kubernetes.io/component': 'service', 'app.kubernetes.io/part-of': 'teamapp' },
    ]);
    expect(byPort.metrics).toEqual([
      {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
      },
    ]);
    expect(policies.frontends?.ingress).toEqual([
      {
        from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }],
        ports: [{ protocol: 'TCP', port: 'http' }],
      },
    ]);
    // Every service and frontend pod carries the labels the policies select.
    for (const name of [...services.map((s) => s.name), ...frontendFolders(registry)]) {
      const labels = (
        find(objects, 'Deployment', name)?.spec?.template as {
          metadata: { labels: Record<string, string> };
        }
      ).metadata.labels;
      expect(labels['app.kubernetes.io/part-of']).toBe('teamapp');
      expect(['service', 'frontend']).toContain(labels['app.kubernetes.io/component']);
    }
  });

  it('when rendered, then every volume claim asks ReadWriteOnce, and the pods sharing one are kept on one node', () => {
    const claims = of('PersistentVolumeClaim');
    expect(claims.length).toBeGreaterThan(0);
    for (const claim of claims) {
      expect(claim.spec?.accessModes).toEqual(['ReadWriteOnce']);
      const users = podSpecs.filter(({ spec }) =>
        ((spec.volumes ?? []) as { persistentVolumeClaim?: { claimName: string } }[]).some(
          (v) => v.persistentVolumeClaim?.claimName === claim.metadata.name,
        ),
      );
      expect(users.length).toBeGreaterThan(0);
      for (const { name, spec } of users) {
        expect(spec.affinity).toEqual({
          podAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              {
                labelSelector: { matchLabels: { 'app.kubernetes.io/name': name } },
                topologyKey: 'kubernetes.io/hostname',
              },
            ],
          },
        });
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
