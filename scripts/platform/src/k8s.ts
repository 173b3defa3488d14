/**
 * The Kubernetes base (deploy/k8s/base), written from platform.json by `npm run platform:sync`
 * beside docker-compose.yml: per service a Deployment (its replicas, probes on /ready and
 * /health, resource requests and limits), a Service and a HorizontalPodAutoscaler; per frontend
 * (the shell and each remote) a static server's Deployment and Service; the gateway with its
 * routes and a PodDisruptionBudget; PostgreSQL and Redis as StatefulSets; NetworkPolicies (only the
 * gateway and the platform's own services reach a service, only Prometheus its metrics port);
 * the environment and the gateway's routes as generated ConfigMaps (a change gets a new name, so
 * the pods roll). No Secret is written here: the overlays generate them from files that never
 * enter git (deploy/k8s/README.md). Overlays under deploy/k8s/overlays change what differs per
 * cluster. tests/platform/k8s.test.ts renders it
 * with `kubectl kustomize` and checks it against the Kubernetes schemas and the registry.
 */
import path from 'node:path';
import prettier from 'prettier';
import { stringify } from 'yaml';
import { metricsPortOf } from '@teamapp/service-kit';
import { composeServicePort } from './compose';
import {
  gatewayValues,
  realIpConfig,
  INVITE_RATE_PER_MINUTE,
  RESET_RATE_PER_MINUTE,
} from './gateway';
import { builtServices, replicasOf, ROOT, type BuiltService, type Registry } from './registry';

export const K8S_BASE_DIR = 'deploy/k8s/base';
export const K8S_MANIFEST = 'teamapp.yaml';
/** The gateway's routes, one file per value, read by the gateway-env generator. */
const GATEWAY_ENV_DIR = 'gateway-env';

const HEAD = `# GENERATED from platform.json by \`npm run platform:sync\`; edit scripts/platform/src/k8s.ts, not this.
# Render with \`kubectl kustomize deploy/k8s/overlays/production\`; deploy/k8s/README.md says how to
# build the images and where the Secrets come from (none is written here).
`;

type Manifest = Record<string, unknown>;

const PART_OF = 'teamapp';
const labels = (name: string, component: string) => ({
  'app.kubernetes.io/name': name,
  'app.kubernetes.io/component': component,
  'app.kubernetes.io/part-of': PART_OF,
});
const selector = (name: string) => ({ 'app.kubernetes.io/name': name });

/** The image built for a part: services/Dockerfile (SERVICE=name) or gateway/static.Dockerfile. */
export const imageOf = (part: string) => `teamapp-${part}`;

const secretKey = (secret: string, key: string) => ({
  name: key,
  valueFrom: { secretKeyRef: { name: secret, key } },
});

/** Secrets only the services that use them get; every service gets the database and public key. */
const SERVICE_SECRETS: Readonly<Record<string, { secret: string; key: string }[]>> = {
  auth: [
    { secret: 'teamapp-jwt', key: 'JWT_PRIVATE_KEY' },
    { secret: 'teamapp-admin', key: 'ADMIN_EMAIL' },
    { secret: 'teamapp-admin', key: 'ADMIN_PASSWORD' },
    { secret: 'teamapp-mail', key: 'MAIL_SECRET_KEY' },
  ],
  mailer: [
    { secret: 'teamapp-smtp', key: 'SMTP_URL' },
    { secret: 'teamapp-mail', key: 'MAIL_SECRET_KEY' },
  ],
  events: [{ secret: 'teamapp-mail', key: 'ANSWER_LINK_KEY' }],
  content: [
    { secret: 'teamapp-push', key: 'VAPID_PUBLIC_KEY' },
    { secret: 'teamapp-push', key: 'VAPID_PRIVATE_KEY' },
    { secret: 'teamapp-mail', key: 'UNSUBSCRIBE_LINK_KEY' },
  ],
};

const SERVICE_RESOURCES = {
  requests: { cpu: '100m', memory: '192Mi' },
  limits: { cpu: '1', memory: '512Mi' },
};
const STATIC_RESOURCES = {
  requests: { cpu: '10m', memory: '16Mi' },
  limits: { cpu: '200m', memory: '64Mi' },
};

/** A service's extra volumes from platform.json (`uploads:/data/uploads`): shared claims. */
const volumesOf = (service: BuiltService) =>
  (service.volumes ?? []).map((entry) => {
    const [claim = '', mountPath = ''] = entry.split(':');
    return { claim, mountPath };
  });

/** Every pod of a part on the node where the first one runs. */
const sameNode = (name: string) => ({
  podAffinity: {
    requiredDuringSchedulingIgnoredDuringExecution: [
      { labelSelector: { matchLabels: selector(name) }, topologyKey: 'kubernetes.io/hostname' },
    ],
  },
});

function serviceManifests(service: BuiltService): Manifest[] {
  const port = composeServicePort(service.portOffset);
  // Prometheus metrics on a port of their own (service-kit's default, the port + 1000): declared
  // on the pod and announced to Prometheus's pod discovery, never on the Service the gateway uses.
  const metricsPort = metricsPortOf({ SERVICE_PORT: port })!;
  const replicas = replicasOf(service);
  const volumes = volumesOf(service);
  const probe = (probePath: string, periodSeconds: number) => ({
    httpGet: { path: probePath, port: 'http' },
    periodSeconds,
    timeoutSeconds: 3,
    failureThreshold: 3,
  });
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: service.name, labels: labels(service.name, 'service') },
    spec: {
      replicas,
      selector: { matchLabels: selector(service.name) },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: {
          labels: labels(service.name, 'service'),
          annotations: {
            'prometheus.io/scrape': 'true',
            'prometheus.io/port': String(metricsPort),
            'prometheus.io/path': '/metrics',
          },
        },
        spec: {
          // A service with a volume (auth's uploads) keeps every pod on one node: the claim is
          // ReadWriteOnce, which any storage class offers and which pods on one node can share,
          // so rolling updates and the autoscaler still work (the pods share that node's fate).
          ...(volumes.length ? { affinity: sameNode(service.name) } : {}),
          securityContext: { runAsNonRoot: true, runAsUser: 1000, fsGroup: 1000 },
          terminationGracePeriodSeconds: 20,
          containers: [
            {
              name: service.name,
              image: imageOf(service.name),
              ports: [
                { name: 'http', containerPort: port },
                { name: 'metrics', containerPort: metricsPort },
              ],
              envFrom: [{ configMapRef: { name: 'teamapp-env' } }],
              env: [
                { name: 'SERVICE_PORT', value: String(port) },
                secretKey('teamapp-database', 'DATABASE_URL'),
                secretKey('teamapp-jwt', 'JWT_PUBLIC_KEY'),
                ...(SERVICE_SECRETS[service.name] ?? []).map((s) => secretKey(s.secret, s.key)),
              ],
              // Migrations run at start: give it time before liveness counts.
              startupProbe: { ...probe('/health', 5), failureThreshold: 30 },
              readinessProbe: probe('/ready', 10),
              livenessProbe: probe('/health', 20),
              resources: SERVICE_RESOURCES,
              securityContext: {
                allowPrivilegeEscalation: false,
                capabilities: { drop: ['ALL'] },
              },
              ...(volumes.length
                ? { volumeMounts: volumes.map((v) => ({ name: v.claim, mountPath: v.mountPath })) }
                : {}),
            },
          ],
          ...(volumes.length
            ? {
                volumes: volumes.map((v) => ({
                  name: v.claim,
                  persistentVolumeClaim: { claimName: v.claim },
                })),
              }
            : {}),
        },
      },
    },
  };
  const svc = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: service.name, labels: labels(service.name, 'service') },
    spec: {
      selector: selector(service.name),
      ports: [{ name: 'http', port, targetPort: 'http' }],
    },
  };
  const hpa = {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: service.name, labels: labels(service.name, 'service') },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: service.name },
      minReplicas: replicas,
      maxReplicas: Math.max(4, replicas * 3),
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
        },
      ],
    },
  };
  return [deployment, svc, hpa];
}

/** The container name of a frontend in compose and Kubernetes: its folder. */
const frontendName = (folder: string) => folder.replace(/\//g, '-');

function frontendManifests(folder: string, fallback: string, probeFile: string): Manifest[] {
  const name = frontendName(folder);
  const probe = { httpGet: { path: `/${probeFile}`, port: 'http' }, periodSeconds: 15 };
  return [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name, labels: labels(name, 'frontend') },
      spec: {
        replicas: 1,
        selector: { matchLabels: selector(name) },
        template: {
          metadata: { labels: labels(name, 'frontend') },
          spec: {
            containers: [
              {
                name,
                image: imageOf(name),
                ports: [{ name: 'http', containerPort: 80 }],
                env: [
                  { name: 'STATIC_LISTEN', value: '80' },
                  { name: 'STATIC_ROOT', value: '/usr/share/nginx/html' },
                  { name: 'STATIC_FALLBACK', value: fallback },
                ],
                readinessProbe: probe,
                livenessProbe: probe,
                resources: STATIC_RESOURCES,
              },
            ],
          },
        },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name, labels: labels(name, 'frontend') },
      spec: { selector: selector(name), ports: [{ name: 'http', port: 80, targetPort: 'http' }] },
    },
  ];
}

/** Gateway pods: two, so one can be drained or rescheduled while the other serves. */
export const GATEWAY_REPLICAS = 2;

/**
 * The gateway's settings (the gateway-env ConfigMap, generated by kustomize). The limits are per
 * gateway pod and an address's requests are spread over the pods: each pod lets through its
 * share of what one gateway would.
 */
export function gatewayEnv(registry: Registry): Record<string, string> {
  const share = (perMinute: number) => String(Math.ceil(perMinute / GATEWAY_REPLICAS));
  return {
    GATEWAY_PORT: '8080',
    PLATFORM_ID: 'kubernetes',
    LOGIN_RATE_PER_MINUTE: share(10),
    LOGIN_BURST: share(10),
    RESET_RATE_PER_MINUTE: share(RESET_RATE_PER_MINUTE),
    INVITE_RATE_PER_MINUTE: share(INVITE_RATE_PER_MINUTE),
    // Clients reach the gateway directly until an overlay names the proxies in front of it.
    REAL_IP: realIpConfig([]),
    HSTS: '',
    ACCESS_LOG: '/var/log/nginx/access.log',
    // Where the gateway image keeps the API reference's page (gateway/Dockerfile).
    API_DOCS_ROOT: '/usr/share/nginx/api-docs',
    // Services and frontends take the same names and ports as in compose.
    ...gatewayValues(registry, {
      service: (s) =>
        s.planned
          ? `127.0.0.1:${composeServicePort(s.portOffset)}`
          : `${s.name}:${composeServicePort(s.portOffset)}`,
      shell: `${frontendName(registry.shell.folder)}:80`,
      remote: (r) => `${frontendName(r.folder)}:80`,
    }),
  };
}

function gatewayManifests(): Manifest[] {
  const probe = { httpGet: { path: '/remotes.json', port: 'http' }, periodSeconds: 10 };
  return [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'gateway', labels: labels('gateway', 'gateway') },
      spec: {
        replicas: GATEWAY_REPLICAS,
        selector: { matchLabels: selector('gateway') },
        template: {
          metadata: { labels: labels('gateway', 'gateway') },
          spec: {
            containers: [
              {
                name: 'gateway',
                image: imageOf('gateway'),
                ports: [{ name: 'http', containerPort: 8080 }],
                envFrom: [{ configMapRef: { name: 'gateway-env' } }],
                readinessProbe: probe,
                livenessProbe: { ...probe, periodSeconds: 20 },
                resources: {
                  requests: { cpu: '50m', memory: '32Mi' },
                  limits: { cpu: '500m', memory: '128Mi' },
                },
              },
            ],
          },
        },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'gateway', labels: labels('gateway', 'gateway') },
      spec: {
        selector: selector('gateway'),
        ports: [{ name: 'http', port: 8080, targetPort: 'http' }],
      },
    },
    {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'gateway', labels: labels('gateway', 'gateway') },
      spec: { minAvailable: 1, selector: { matchLabels: selector('gateway') } },
    },
  ];
}

/** Where Prometheus runs: its namespace and pod labels (the metrics ports admit it alone). */
export const PROMETHEUS_PEER = {
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
  podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
};

/**
 * Who may reach what: a service's port only from the gateway and the platform's own services
 * (they call each other's internal routes), its metrics port only from Prometheus; a frontend
 * only from the gateway; PostgreSQL and Redis only from the services. The gateway itself is
 * the public entry and has no policy.
 */
function networkPolicies(): Manifest[] {
  const component = (name: string) => ({
    podSelector: {
      matchLabels: { 'app.kubernetes.io/component': name, 'app.kubernetes.io/part-of': PART_OF },
    },
  });
  const gateway = { podSelector: { matchLabels: selector('gateway') } };
  const policy = (name: string, podSelector: Manifest, ingress: Manifest[]) => ({
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name, labels: { 'app.kubernetes.io/part-of': PART_OF } },
    spec: { podSelector, policyTypes: ['Ingress'], ingress },
  });
  return [
    policy('services', component('service').podSelector, [
      { from: [gateway, component('service')], ports: [{ protocol: 'TCP', port: 'http' }] },
      { from: [PROMETHEUS_PEER], ports: [{ protocol: 'TCP', port: 'metrics' }] },
    ]),
    policy('frontends', component('frontend').podSelector, [
      { from: [gateway], ports: [{ protocol: 'TCP', port: 'http' }] },
    ]),
    policy(
      'data',
      {
        matchExpressions: [
          { key: 'app.kubernetes.io/component', operator: 'In', values: ['database', 'cache'] },
        ],
      },
      [{ from: [component('service')], ports: [{ protocol: 'TCP', port: 'tcp' }] }],
    ),
  ];
}

/** The services' shared settings (the teamapp-env ConfigMap, generated by kustomize). */
export const TEAMAPP_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  HOST: '0.0.0.0',
  DATA_DIR: '/data',
  REDIS_URL: 'redis://redis:6379',
  PUBLIC_URL: 'http://localhost:8080',
  LOG_LEVEL: 'info',
};

/**
 * The Secrets the pods read, each key with what it holds. None is in the base: each overlay
 * generates them from files kept out of git (deploy/k8s/README.md), so applying the manifests
 * never overwrites a real key or password with a stand-in.
 */
export const K8S_SECRETS: Readonly<Record<string, readonly string[]>> = {
  'teamapp-jwt': ['JWT_PRIVATE_KEY', 'JWT_PUBLIC_KEY'],
  'teamapp-smtp': ['SMTP_URL'],
  'teamapp-mail': ['MAIL_SECRET_KEY', 'ANSWER_LINK_KEY', 'UNSUBSCRIBE_LINK_KEY'],
  'teamapp-admin': ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
  'teamapp-database': ['POSTGRES_PASSWORD', 'DATABASE_URL'],
  'teamapp-push': ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
};

function claimManifests(registry: Registry): Manifest[] {
  const claims = new Set(builtServices(registry).flatMap((s) => volumesOf(s).map((v) => v.claim)));
  return [...claims].map((claim) => ({
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: claim, labels: { 'app.kubernetes.io/part-of': PART_OF } },
    // ReadWriteOnce, which every storage class offers; the pods using it share one node.
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '5Gi' } } },
  }));
}

function statefulSet(options: {
  name: string;
  component: string;
  image: string;
  port: number;
  args?: string[];
  env?: Manifest[];
  mountPath: string;
  storage: string;
  probe: string[];
  resources: Manifest;
}): Manifest[] {
  const probe = { exec: { command: options.probe }, periodSeconds: 10, timeoutSeconds: 3 };
  return [
    {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: options.name, labels: labels(options.name, options.component) },
      spec: {
        serviceName: options.name,
        replicas: 1,
        selector: { matchLabels: selector(options.name) },
        template: {
          metadata: { labels: labels(options.name, options.component) },
          spec: {
            containers: [
              {
                name: options.name,
                image: options.image,
                ...(options.args ? { args: options.args } : {}),
                ports: [{ name: 'tcp', containerPort: options.port }],
                ...(options.env ? { env: options.env } : {}),
                volumeMounts: [{ name: 'data', mountPath: options.mountPath }],
                readinessProbe: probe,
                livenessProbe: { ...probe, periodSeconds: 20, failureThreshold: 6 },
                resources: options.resources,
              },
            ],
          },
        },
        volumeClaimTemplates: [
          {
            metadata: { name: 'data' },
            spec: {
              accessModes: ['ReadWriteOnce'],
              resources: { requests: { storage: options.storage } },
            },
          },
        ],
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: options.name, labels: labels(options.name, options.component) },
      spec: {
        clusterIP: 'None',
        selector: selector(options.name),
        ports: [{ name: 'tcp', port: options.port, targetPort: 'tcp' }],
      },
    },
  ];
}

function dataManifests(): Manifest[] {
  return [
    ...statefulSet({
      name: 'postgres',
      component: 'database',
      image: 'postgres:17-bookworm',
      port: 5432,
      env: [
        { name: 'POSTGRES_USER', value: 'teamapp' },
        { name: 'POSTGRES_DB', value: 'teamapp' },
        { name: 'PGDATA', value: '/var/lib/postgresql/data/pgdata' },
        secretKey('teamapp-database', 'POSTGRES_PASSWORD'),
      ],
      mountPath: '/var/lib/postgresql/data',
      storage: '10Gi',
      probe: ['pg_isready', '-U', 'teamapp', '-d', 'teamapp'],
      resources: {
        requests: { cpu: '250m', memory: '256Mi' },
        limits: { cpu: '2', memory: '1Gi' },
      },
    }),
    ...statefulSet({
      name: 'redis',
      component: 'cache',
      image: 'redis:7-bookworm',
      port: 6379,
      args: ['redis-server', '--appendonly', 'yes', '--appendfsync', 'everysec'],
      mountPath: '/data',
      storage: '2Gi',
      probe: ['redis-cli', 'ping'],
      resources: {
        requests: { cpu: '100m', memory: '64Mi' },
        limits: { cpu: '1', memory: '512Mi' },
      },
    }),
  ];
}

/** Every object of the base, in the order they are written. */
export function k8sManifests(registry: Registry): Manifest[] {
  return [
    ...claimManifests(registry),
    ...dataManifests(),
    ...builtServices(registry).flatMap(serviceManifests),
    ...frontendManifests(registry.shell.folder, '/index.html', 'index.html'),
    ...registry.remotes.flatMap((r) => frontendManifests(r.folder, '=404', 'remoteEntry.js')),
    ...gatewayManifests(),
    ...networkPolicies(),
  ];
}

async function format(text: string, file: string): Promise<string> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

/** The base's files by path relative to the repository, formatted as Prettier says. */
export async function k8sFiles(registry: Registry): Promise<Record<string, string>> {
  const dir = path.join(ROOT, K8S_BASE_DIR);
  const manifest =
    HEAD +
    k8sManifests(registry)
      .map((m) => `---\n${stringify(m)}`)
      .join('');
  // Values over one line (the gateway's routes) go in files of their own beside the manifest.
  const env = gatewayEnv(registry);
  const asFile = (value: string) => value.includes('\n') || /['"{}]/.test(value);
  const gatewayFiles = Object.entries(env).filter(([, value]) => asFile(value));
  const options = { labels: { 'app.kubernetes.io/part-of': PART_OF } };
  const kustomization = `${HEAD}${stringify(
    {
      apiVersion: 'kustomize.config.k8s.io/v1beta1',
      kind: 'Kustomization',
      resources: [K8S_MANIFEST],
      // Generated, so each carries a hash of its contents in its name: a change is a new
      // ConfigMap, and the Deployments that read it roll their pods.
      configMapGenerator: [
        {
          name: 'teamapp-env',
          options,
          literals: Object.entries(TEAMAPP_ENV).map(([key, value]) => `${key}=${value}`),
        },
        {
          name: 'gateway-env',
          options,
          literals: Object.entries(env)
            .filter(([, value]) => !asFile(value))
            .map(([key, value]) => `${key}=${value}`),
          files: gatewayFiles.map(([key]) => `${key}=${GATEWAY_ENV_DIR}/${key}`),
        },
      ],
    },
    { aliasDuplicateObjects: false },
  )}`;
  return {
    [`${K8S_BASE_DIR}/${K8S_MANIFEST}`]: await format(manifest, path.join(dir, K8S_MANIFEST)),
    [`${K8S_BASE_DIR}/kustomization.yaml`]: await format(
      kustomization,
      path.join(dir, 'kustomization.yaml'),
    ),
    ...Object.fromEntries(
      gatewayFiles.map(([key, value]) => [`${K8S_BASE_DIR}/${GATEWAY_ENV_DIR}/${key}`, value]),
    ),
  };
}
