/** Renders the gateway and static-server templates for running nginx directly on this machine. */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

import { ROOT, type Registry, type RemoteEntry, type ServiceEntry } from './registry';

export { ROOT };

/** Fills ${NAME} placeholders; leaves nginx's own $variables untouched; fails on a missing value. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`gateway template needs ${name}`);
    return value;
  });
}

/**
 * Where the gateway finds each part: the addresses of a service's replicas (or one name that
 * resolves to all of them, as compose's DNS does), the shell and each remote.
 */
export interface GatewayAddresses {
  service: (service: ServiceEntry) => string | string[];
  shell: string;
  remote: (remote: RemoteEntry) => string;
}

export const serviceUpstream = (service: ServiceEntry) => `${service.name}_service`;
export const remoteUpstream = (remote: RemoteEntry) => `${remote.name}_static`;

/** The remote list the shell reads at run time: name → remoteEntry.js. */
export function remotesJson(registry: Registry): string {
  return JSON.stringify(
    Object.fromEntries(registry.remotes.map((r) => [r.name, `${r.publicPath}remoteEntry.js`])),
  );
}

/** See gatewayValues: at least the connections a busy gateway has in flight to one upstream. */
export const UPSTREAM_KEEPALIVE = 128;

/**
 * The registry's part of the gateway config (teamapp.conf.template's UPSTREAMS,
 * SERVICE_LOCATIONS, REMOTE_LOCATIONS and REMOTES_JSON): an upstream per service, the shell and
 * each remote; a location per service for its API prefixes; a location per remote. A planned
 * service gets an address nothing listens on, so its routes answer the JSON 503 until it exists.
 */
export function gatewayValues(
  registry: Registry,
  addresses: GatewayAddresses,
): Record<
  'UPSTREAMS' | 'SERVICE_LOCATIONS' | 'API_DOCS_LOCATIONS' | 'REMOTE_LOCATIONS' | 'REMOTES_JSON',
  string
> {
  // Idle connections each nginx worker keeps open to an upstream. Fewer than the requests in
  // flight and nginx opens a new connection for each request over the number and closes it after
  // the answer: at 50 concurrent readers a pool of 16 left thousands of sockets in TIME_WAIT and
  // a p99 of 100-160 ms on GET /api/settings where the service alone answered in 20 ms.
  const pool = `keepalive ${UPSTREAM_KEEPALIVE};`;
  const upstreams = [
    ...registry.services.map((s) => {
      const servers = [addresses.service(s)].flat().map((address) => `server ${address};`);
      return `upstream ${serviceUpstream(s)} { ${servers.join(' ')} ${pool} }`;
    }),
    `upstream shell_static { server ${addresses.shell}; ${pool} }`,
    ...registry.remotes.map(
      (r) => `upstream ${remoteUpstream(r)} { server ${addresses.remote(r)}; ${pool} }`,
    ),
  ];
  const serviceLocations = registry.services
    .filter((s) => s.apiPrefixes.length > 0)
    .map(
      (s) =>
        `location ~ ^/api/(${s.apiPrefixes.join('|')})(/|$) { proxy_pass http://${serviceUpstream(s)}; }`,
    );
  // The API reference reads the list of described services, then each one's own description.
  const described = registry.services.filter((s) => !s.planned && s.apiPrefixes.length > 0);
  const apiDocsLocations = [
    `location = /api/docs/services.json { default_type application/json; expires -1; return 200 '${JSON.stringify(described.map((s) => s.name))}'; }`,
    ...described.map(
      (s) =>
        `location = /api/docs/${s.name}.json { proxy_pass http://${serviceUpstream(s)}/openapi.json; }`,
    ),
  ];
  const remoteLocations = registry.remotes.map(
    (r) => `location ${r.publicPath} { proxy_pass http://${remoteUpstream(r)}/; }`,
  );
  return {
    UPSTREAMS: upstreams.join('\n'),
    SERVICE_LOCATIONS: serviceLocations.join('\n'),
    API_DOCS_LOCATIONS: apiDocsLocations.join('\n'),
    REMOTE_LOCATIONS: remoteLocations.join('\n'),
    REMOTES_JSON: remotesJson(registry),
  };
}

/** Requests per minute per address for the password-reset calls and for invitations. */
export const RESET_RATE_PER_MINUTE = 5;
export const INVITE_RATE_PER_MINUTE = 10;

/** Strict-Transport-Security where the platform is served over TLS: a year, subdomains too. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The gateway's REAL_IP: nothing when clients reach it directly; behind proxies it trusts (an
 * Ingress controller), the client's address from X-Forwarded-For, read right to left and
 * skipping only those proxies, so an address the client wrote itself is never taken.
 */
export function realIpConfig(trustedProxies: readonly string[]): string {
  if (trustedProxies.length === 0) return '';
  for (const proxy of trustedProxies) {
    if (!/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(proxy)) {
      throw new Error(`trusted proxy ${JSON.stringify(proxy)} is not an address or CIDR range`);
    }
  }
  return [
    ...trustedProxies.map((proxy) => `set_real_ip_from ${proxy};`),
    'real_ip_header X-Forwarded-For;',
    'real_ip_recursive on;',
  ].join(' ');
}

/** Debian's brotli_static module (libnginx-mod-http-brotli-static), loaded when installed. */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface GatewayLayout {
  /** Answered at /.well-known/teamapp-platform, so the runner knows the gateway is its own. */
  platformId: string;
  /** The gateway's port; every part listens at this port plus its registry offset. */
  gatewayPort: number;
  registry: Registry;
  loginRatePerMinute: number;
  loginBurst: number;
  /** Per address per minute; RESET_RATE_PER_MINUTE and INVITE_RATE_PER_MINUTE by default. */
  resetRatePerMinute?: number;
  inviteRatePerMinute?: number;
  /** Proxies in front of the gateway whose X-Forwarded-For it believes (none by default). */
  trustedProxies?: readonly string[];
  /** Send Strict-Transport-Security (HSTS_VALUE): only where clients come over TLS. */
  hsts?: boolean;
  /** Copies of each service running on this machine, by name (1 when absent). */
  replicas?: Readonly<Record<string, number>>;
  /** Where a frontend's build is; `<folder>/dist` by default (tests point it elsewhere). */
  staticRoot?: (folder: string) => string;
}

/** Extra replicas of a service on this machine listen this far above the first one, per copy. */
export const REPLICA_PORT_STRIDE = 100;

/** The port of copy `index` (0 for the first) of the part at `offset` above the gateway port. */
export const replicaPort = (gatewayPort: number, offset: number, index: number) =>
  gatewayPort + offset + REPLICA_PORT_STRIDE * index;

/**
 * The API reference's files for nginx on this machine: the page (gateway/docs) and Swagger UI's
 * build (the swagger-ui-dist package), linked side by side under runDir.
 */
function apiDocsRoot(runDir: string): string {
  const root = path.join(runDir, 'api-docs');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const docs = path.join(ROOT, 'gateway', 'docs');
  for (const file of readdirSync(docs)) symlinkSync(path.join(docs, file), path.join(root, file));
  const swaggerUi = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  symlinkSync(swaggerUi, path.join(root, 'ui'));
  return root;
}

/** Writes a complete nginx.conf under runDir and returns its path. */
export function writeNginxConfig(runDir: string, layout: GatewayLayout): string {
  const read = (name: string) => readFileSync(path.join(ROOT, 'gateway', name), 'utf8');
  const { registry, gatewayPort } = layout;
  const local = (offset: number) => `127.0.0.1:${gatewayPort + offset}`;
  const staticRoot = layout.staticRoot ?? ((folder: string) => path.join(ROOT, folder, 'dist'));
  const gateway = renderTemplate(read('teamapp.conf.template'), {
    PLATFORM_ID: layout.platformId,
    GATEWAY_PORT: String(gatewayPort),
    LOGIN_RATE_PER_MINUTE: String(layout.loginRatePerMinute),
    LOGIN_BURST: String(layout.loginBurst),
    RESET_RATE_PER_MINUTE: String(layout.resetRatePerMinute ?? RESET_RATE_PER_MINUTE),
    INVITE_RATE_PER_MINUTE: String(layout.inviteRatePerMinute ?? INVITE_RATE_PER_MINUTE),
    REAL_IP: realIpConfig(layout.trustedProxies ?? []),
    HSTS: layout.hsts ? HSTS_VALUE : '',
    API_DOCS_ROOT: apiDocsRoot(runDir),
    ACCESS_LOG: path.join(runDir, 'access.log'),
    ...gatewayValues(registry, {
      service: (s) =>
        Array.from(
          { length: layout.replicas?.[s.name] ?? 1 },
          (_, i) => `127.0.0.1:${replicaPort(gatewayPort, s.portOffset, i)}`,
        ),
      shell: local(registry.shell.portOffset),
      remote: (r) => local(r.portOffset),
    }),
  });
  const staticTemplate = read('static.conf.template');
  const brotli = existsSync(BROTLI_STATIC_MODULE);
  const statics = [
    {
      port: gatewayPort + registry.shell.portOffset,
      root: staticRoot(registry.shell.folder),
      fallback: '/index.html',
    },
    ...registry.remotes.map((r) => ({
      port: gatewayPort + r.portOffset,
      root: staticRoot(r.folder),
      fallback: '=404',
    })),
  ].map((s) =>
    renderTemplate(staticTemplate, {
      STATIC_LISTEN: `127.0.0.1:${s.port}`,
      STATIC_ROOT: s.root,
      STATIC_FALLBACK: s.fallback,
      STATIC_BROTLI: brotli ? 'brotli_static on;' : '',
    }),
  );
  const temp = path.join(runDir, 'tmp');
  mkdirSync(temp, { recursive: true });
  const mimeTypes = ['/etc/nginx/mime.types'].find((p) => {
    try {
      readFileSync(p);
      return true;
    } catch {
      return false;
    }
  });
  const conf = [
    brotli ? `load_module ${BROTLI_STATIC_MODULE};` : '',
    'daemon off;',
    'worker_processes 1;',
    process.getuid?.() === 0 ? 'user root;' : '',
    `pid ${path.join(runDir, 'nginx.pid')};`,
    `error_log ${path.join(runDir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    mimeTypes
      ? `  include ${mimeTypes};`
      : '  types { text/html html; application/javascript js; text/css css; }',
    '  default_type application/octet-stream;',
    `  client_body_temp_path ${temp}/body;`,
    `  proxy_temp_path ${temp}/proxy;`,
    `  fastcgi_temp_path ${temp}/fastcgi;`,
    `  uwsgi_temp_path ${temp}/uwsgi;`,
    `  scgi_temp_path ${temp}/scgi;`,
    '  sendfile on;',
    '  gzip on;',
    '  gzip_types application/javascript text/css application/json image/svg+xml;',
    gateway,
    ...statics,
    '}',
  ].join('\n');
  const file = path.join(runDir, 'nginx.conf');
  writeFileSync(file, conf);
  return file;
}
