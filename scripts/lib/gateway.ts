/** Renders the gateway and static-server templates for running nginx directly on this machine. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

/** Fills ${NAME} placeholders; leaves nginx's own $variables untouched; fails on a missing value. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`gateway template needs ${name}`);
    return value;
  });
}

export interface GatewayLayout {
  /** Answered at /.well-known/teamapp-platform, so the runner knows the gateway is its own. */
  platformId: string;
  gatewayPort: number;
  authPort: number;
  contentPort: number;
  mailerPort: number;
  shellPort: number;
  mfeAdminPort: number;
  loginRatePerMinute: number;
  loginBurst: number;
}

/** Writes a complete nginx.conf under runDir and returns its path. */
export function writeNginxConfig(runDir: string, layout: GatewayLayout): string {
  const read = (name: string) => readFileSync(path.join(ROOT, 'gateway', name), 'utf8');
  const remotes = { mfe_admin: '/mfe/admin/remoteEntry.js' };
  const gateway = renderTemplate(read('teamapp.conf.template'), {
    PLATFORM_ID: layout.platformId,
    GATEWAY_PORT: String(layout.gatewayPort),
    AUTH_UPSTREAM: `127.0.0.1:${layout.authPort}`,
    CONTENT_UPSTREAM: `127.0.0.1:${layout.contentPort}`,
    MAILER_UPSTREAM: `127.0.0.1:${layout.mailerPort}`,
    // Services still to come answer through the gateway's JSON "unavailable" error until then.
    EVENTS_UPSTREAM: `127.0.0.1:${layout.gatewayPort + 2}`,
    CHAT_UPSTREAM: `127.0.0.1:${layout.gatewayPort + 3}`,
    TASKS_UPSTREAM: `127.0.0.1:${layout.gatewayPort + 4}`,
    SHELL_UPSTREAM: `127.0.0.1:${layout.shellPort}`,
    MFE_ADMIN_UPSTREAM: `127.0.0.1:${layout.mfeAdminPort}`,
    LOGIN_RATE_PER_MINUTE: String(layout.loginRatePerMinute),
    LOGIN_BURST: String(layout.loginBurst),
    REMOTES_JSON: JSON.stringify(remotes),
  });
  const staticTemplate = read('static.conf.template');
  const statics = [
    { port: layout.shellPort, root: path.join(ROOT, 'shell', 'dist'), fallback: '/index.html' },
    { port: layout.mfeAdminPort, root: path.join(ROOT, 'mfe-admin', 'dist'), fallback: '=404' },
  ].map((s) =>
    renderTemplate(staticTemplate, {
      STATIC_LISTEN: `127.0.0.1:${s.port}`,
      STATIC_ROOT: s.root,
      STATIC_FALLBACK: s.fallback,
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
    `  access_log ${path.join(runDir, 'access.log')};`,
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
