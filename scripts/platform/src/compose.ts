/**
 * docker-compose.yml, written from platform.json by `npm run platform:sync`: the fixed
 * infrastructure (PostgreSQL, Redis, the mail catcher), one container per service and per
 * frontend, and the gateway in front with its routes rendered from the registry. The file is
 * generated, so a new part needs no hand edit there; tests/platform/registry.test.ts fails when
 * the checked-in file is stale.
 */
import path from 'node:path';
import prettier from 'prettier';
import { gatewayValues, INVITE_RATE_PER_MINUTE, RESET_RATE_PER_MINUTE } from './gateway';
import {
  builtServices,
  internalUrls,
  replicasOf,
  ROOT,
  type Registry,
  type ServiceEntry,
} from './registry';

export const COMPOSE_FILE = 'docker-compose.yml';
export const PROMETHEUS_FILE = 'ops/prometheus.yml';

/** Each service serves its metrics on its port + 1000 (service-kit metricsPortOf). */
export const composeMetricsPort = (offset: number) => composeServicePort(offset) + 1000;

/** Prometheus' configuration: every service's metrics port in compose. */
export function prometheusConfig(registry: Registry): string {
  // A DNS lookup per service rather than a fixed target: compose's name for a service with
  // replicas answers every copy's address, and each copy is scraped (a fixed `chat:5003` would
  // reach one copy at random per scrape).
  const lookups = builtServices(registry).flatMap((s) => [
    `      - names: ['${s.name}']`,
    '        type: A',
    `        port: ${composeMetricsPort(s.portOffset)}`,
  ]);
  return [
    `# GENERATED from platform.json by \`npm run platform:sync\`; edit scripts/platform/src/compose.ts, not this.`,
    '# Prometheus in docker compose: every service serves GET /metrics on its own port + 1000,',
    '# a port the gateway never routes to; every replica is scraped, labelled with its service.',
    'global:',
    '  scrape_interval: 15s',
    'scrape_configs:',
    '  - job_name: teamapp',
    '    dns_sd_configs:',
    ...lookups,
    '    relabel_configs:',
    '      - source_labels: [__meta_dns_name]',
    '        target_label: service',
    '',
  ].join('\n');
}

/** Inside compose every service listens on 4000 + its offset, every frontend on 80. */
export const composeServicePort = (offset: number) => 4000 + offset;

const HEAD = `# GENERATED from platform.json by \`npm run platform:sync\`; edit scripts/platform/src/compose.ts, not this.
# The whole platform in containers, the gateway at http://localhost:8080.
# Data lives in named volumes (PostgreSQL, Redis with append-only persistence, generated keys).
#
# Production (\`docker compose up --build\`) needs, in the environment or an .env file beside
# this one (git-ignored):
#   NODE_ENV=production
#   PUBLIC_URL           the address members use, e.g. https://club.example.org
#   ADMIN_EMAIL, ADMIN_PASSWORD           the first administrator
#   JWT_PRIVATE_KEY, JWT_PUBLIC_KEY       the RS256 key pair (PEM text)
#   SMTP_URL             the mail server, e.g. smtp://user:pass@mail.example.org:587 (required:
#                        compose refuses to start without it; a mail catcher is refused)
#   MAIL_SECRET_KEY      seals reset links and temporary passwords in queued mail (auth and
#                        the mailer; \`openssl rand -base64 32\`)
#   ANSWER_LINK_KEY      signs the one-tap answer links in reminder mails (events;
#                        \`openssl rand -base64 32\`)
#   UNSUBSCRIBE_LINK_KEY signs the one-click unsubscribe links of mails (content;
#                        \`openssl rand -base64 32\`)
#   POSTGRES_PASSWORD    the database password (DATABASE_URL is built from it)
#   VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY   sign pushes to the members' devices (content;
#                        \`npx web-push generate-vapid-keys\`)
# and, where a TLS proxy sits in front of the gateway, GATEWAY_HSTS (the Strict-Transport-Security
# value) and GATEWAY_REAL_IP (\`set_real_ip_from <proxy>; real_ip_header X-Forwarded-For;\`).
#
# Development: the mail catcher (Mailpit) runs only with the dev profile, its inbox on this
# machine only (http://127.0.0.1:8025); point SMTP_URL at it:
#   SMTP_URL=smtp://mailcatcher:1025 docker compose --profile dev up --build

x-service-env: &service-env
  NODE_ENV: \${NODE_ENV:-development}
  HOST: 0.0.0.0
  DATA_DIR: /data
  DATABASE_URL: postgres://teamapp:\${POSTGRES_PASSWORD:-teamapp}@postgres:5432/teamapp
  REDIS_URL: redis://redis:6379
  PUBLIC_URL: \${PUBLIC_URL:-http://localhost:8080}
  CLUB_TIME_ZONE: \${CLUB_TIME_ZONE:-}
  JWT_PUBLIC_KEY: \${JWT_PUBLIC_KEY:-}

x-service: &service
  restart: unless-stopped
  volumes:
    - keys:/data/keys
  depends_on:
    postgres:
      condition: service_healthy
    redis:
      condition: service_healthy

services:
  postgres:
    image: postgres:17-bookworm
    restart: unless-stopped
    environment:
      POSTGRES_USER: teamapp
      POSTGRES_PASSWORD: \${POSTGRES_PASSWORD:-teamapp}
      POSTGRES_DB: teamapp
    volumes:
      - postgres-data:/var/lib/postgresql/data
    healthcheck:
      test: ['CMD-SHELL', 'pg_isready -U teamapp -d teamapp']
      interval: 5s
      timeout: 3s
      retries: 20

  redis:
    image: redis:7-bookworm
    restart: unless-stopped
    command: ['redis-server', '--appendonly', 'yes', '--appendfsync', 'everysec']
    volumes:
      - redis-data:/data
    healthcheck:
      test: ['CMD', 'redis-cli', 'ping']
      interval: 5s
      timeout: 3s
      retries: 20

  # Development only (\`--profile dev\`): an inbox anyone who reaches it can read, so it is
  # published on this machine's loopback address and nowhere else.
  mailcatcher:
    image: axllent/mailpit:v1.27
    profiles: ['dev']
    restart: unless-stopped
    ports:
      - '127.0.0.1:8025:8025'
    healthcheck:
      test: ['CMD', '/mailpit', 'readyz']
      interval: 10s
      timeout: 3s
      retries: 10
`;

/**
 * The settings only a service reads (platform.json `secrets`), from the operator's environment.
 * One with a `requiredMessage` (the mail server) has no default: a compose run without it stops
 * before starting anything, rather than sending members' mail to a catcher.
 */
export function composeServiceEnv(service: ServiceEntry): Record<string, string> {
  return Object.fromEntries(
    (service.secrets ?? []).map(({ key, requiredMessage }) => [
      key,
      requiredMessage ? `\${${key}:?${requiredMessage}}` : `\${${key}:-}`,
    ]),
  );
}

/** A single-quoted YAML scalar. */
const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** A literal block scalar, compose's `$` escaped as `$$`, indented under its key. */
function block(value: string, indent: string): string {
  const lines = value.replace(/\$/g, '$$$$').split('\n');
  return `|-\n${lines.map((line) => `${indent}${line}`).join('\n')}`;
}

/** The service name a frontend gets in compose: its folder. */
const containerOf = (folder: string) => folder.replace(/\//g, '-');

/** The compose file for a registry, formatted as the repository's Prettier config says. */
export async function composeFile(registry: Registry): Promise<string> {
  const file = path.join(ROOT, COMPOSE_FILE);
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(composeText(registry), { ...options, filepath: file });
}

function composeText(registry: Registry): string {
  const services = builtServices(registry);
  const parts: string[] = [];

  // How services reach each other inside compose (e.g. content reads events for the showcase).
  const internal = Object.entries(
    internalUrls(registry, {
      service: (s) => `${s.name}:${composeServicePort(s.portOffset)}`,
    }),
  )
    .map(([name, url]) => `  ${name}: ${url}\n`)
    .join('');
  parts.push(HEAD.replace('\nx-service: &service', `${internal}\nx-service: &service`));
  for (const service of services) {
    const port = composeServicePort(service.portOffset);
    const volumes = service.volumes?.length
      ? `    volumes:\n      - keys:/data/keys\n${service.volumes.map((v) => `      - ${v}\n`).join('')}`
      : '';
    // Copies share the service's name: compose's DNS answers it with every copy's address, and
    // the gateway's upstream lists them all when it starts.
    const replicas = replicasOf(service);
    const deploy = replicas > 1 ? `    deploy:\n      replicas: ${replicas}\n` : '';
    parts.push(`
  ${service.name}:
    <<: *service
${deploy}    build:
      context: .
      dockerfile: services/Dockerfile
      args:
        SERVICE: ${service.name}
${volumes}    environment:
      <<: *service-env
      SERVICE_PORT: '${port}'
${Object.entries(composeServiceEnv(service))
  .map(([key, value]) => `      ${key}: ${quote(value)}\n`)
  .join('')}    healthcheck:
      test:
        [
          'CMD',
          'node',
          '-e',
          "fetch('http://127.0.0.1:${port}/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))",
        ]
      interval: 5s
      timeout: 3s
      retries: 30
`);
  }

  const frontends = [
    { folder: registry.shell.folder, fallback: '/index.html', probe: 'index.html' },
    ...registry.remotes.map((r) => ({
      folder: r.folder,
      fallback: '=404',
      probe: 'remoteEntry.js',
    })),
  ];
  for (const frontend of frontends) {
    parts.push(`
  ${containerOf(frontend.folder)}:
    build:
      context: .
      dockerfile: gateway/static.Dockerfile
      args:
        APP: ${frontend.folder}
    restart: unless-stopped
    environment:
      STATIC_LISTEN: '80'
      STATIC_ROOT: /usr/share/nginx/html
      STATIC_FALLBACK: ${quote(frontend.fallback)}
      # The nginx:alpine image has no brotli module: gzip_static only.
      STATIC_BROTLI: ''
    healthcheck:
      test: ['CMD', 'wget', '-q', '-O', '/dev/null', 'http://127.0.0.1/${frontend.probe}']
      interval: 10s
      timeout: 3s
      retries: 10
`);
  }

  const values = gatewayValues(registry, {
    // A planned service has no container: the gateway's own loopback, where nothing listens.
    service: (s) =>
      s.planned
        ? `127.0.0.1:${composeServicePort(s.portOffset)}`
        : `${s.name}:${composeServicePort(s.portOffset)}`,
    shell: `${containerOf(registry.shell.folder)}:80`,
    remote: (r) => `${containerOf(r.folder)}:80`,
  });
  const dependsOn = [...services.map((s) => s.name), ...frontends.map((f) => containerOf(f.folder))]
    .map((name) => `      ${name}:\n        condition: service_healthy\n`)
    .join('');
  const volumes = [
    ...new Set(services.flatMap((s) => (s.volumes ?? []).map((v) => v.split(':')[0]))),
    'postgres-data',
    'redis-data',
    'keys',
  ];
  parts.push(`
  gateway:
    build:
      context: gateway
    restart: unless-stopped
    ports:
      - '\${PORT:-8080}:8080'
    environment:
      GATEWAY_PORT: '8080'
      PLATFORM_ID: compose
      LOGIN_RATE_PER_MINUTE: '10'
      LOGIN_BURST: '10'
      RESET_RATE_PER_MINUTE: '${RESET_RATE_PER_MINUTE}'
      INVITE_RATE_PER_MINUTE: '${INVITE_RATE_PER_MINUTE}'
      # Empty unless a TLS proxy sits in front (see the head of this file).
      HSTS: \${GATEWAY_HSTS:-}
      ACCESS_LOG: /var/log/nginx/access.log
      REAL_IP: \${GATEWAY_REAL_IP:-}
      # Routes from platform.json (scripts/platform/src/gateway.ts gatewayValues).
      UPSTREAMS: ${block(values.UPSTREAMS, '        ')}
      SERVICE_LOCATIONS: ${block(values.SERVICE_LOCATIONS, '        ')}
      API_DOCS_LOCATIONS: ${block(values.API_DOCS_LOCATIONS, '        ')}
      API_DOCS_ROOT: /usr/share/nginx/api-docs
      REMOTE_LOCATIONS: ${block(values.REMOTE_LOCATIONS, '        ')}
      REMOTES_JSON: ${quote(values.REMOTES_JSON)}
    depends_on:
${dependsOn}    healthcheck:
      test: ['CMD', 'wget', '-q', '-O', '/dev/null', 'http://127.0.0.1:8080/remotes.json']
      interval: 10s
      timeout: 3s
      retries: 10

  prometheus:
    image: prom/prometheus:v3.5.0
    restart: unless-stopped
    # Scrapes each service's metrics port (${PROMETHEUS_FILE}); its UI on this machine only.
    ports:
      - '127.0.0.1:\${PROMETHEUS_PORT:-9090}:9090'
    volumes:
      - ./${PROMETHEUS_FILE}:/etc/prometheus/prometheus.yml:ro
      - prometheus-data:/prometheus
    depends_on:
${services.map((sv) => `      - ${sv.name}\n`).join('')}
volumes:
${[...volumes, 'prometheus-data'].map((v) => `  ${v}:\n`).join('')}`);

  return parts.join('');
}
