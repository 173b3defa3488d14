/**
 * platform.json is the one list of the platform's parts. Everything that names parts (the
 * workspaces, the TypeScript and jest roots, the build, `npm start`, the gateway config and
 * docker-compose.yml) must follow it: these tests fail when any of them disagrees, in either
 * direction (a part missing there, or something there that is not a part).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import {
  COMPOSE_FILE,
  composeFile,
  composeServicePort,
  PROMETHEUS_FILE,
  prometheusConfig,
} from '@teamapp/platform/compose';
import {
  gatewayValues,
  replicaPort,
  UPSTREAM_KEEPALIVE,
  writeNginxConfig,
} from '@teamapp/platform/gateway';
import {
  builtServices,
  frontendFolders,
  loadRegistry,
  parseRegistry,
  replicasOf,
  ROOT,
} from '@teamapp/platform/registry';
import { findCommand } from '@teamapp/platform/system';

const registry = loadRegistry();
const services = builtServices(registry);
const partFolders = [...services.map((s) => s.folder), ...frontendFolders(registry)];
const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

/** A workspace or tsconfig glob as a regular expression (`*` is one path segment or part). */
const globToRegExp = (glob: string) =>
  new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')}$`);

describe('the folders', () => {
  it('when the repository is listed, then every service and remote folder is in the registry and back', () => {
    const onDisk = [
      ...readdirSync(path.join(ROOT, 'services'), { withFileTypes: true })
        .filter(
          (e) => e.isDirectory() && existsSync(path.join(ROOT, 'services', e.name, 'package.json')),
        )
        .map((e) => `services/${e.name}`),
      ...readdirSync(ROOT, { withFileTypes: true })
        .filter((e) => e.isDirectory() && /^mfe-/.test(e.name))
        .map((e) => e.name),
    ].sort();
    const registered = [
      ...services.map((s) => s.folder),
      ...registry.remotes.map((r) => r.folder),
    ].sort();

    expect(onDisk).toEqual(registered);
  });

  it('when a part is registered, then its folder has a package, and its entry or build exists', () => {
    for (const service of services) {
      expect(existsSync(path.join(ROOT, service.folder, service.entry))).toBe(true);
    }
    for (const folder of frontendFolders(registry)) {
      const pkg = readJson(`${folder}/package.json`);
      expect({ folder, build: typeof pkg.scripts?.build, test: typeof pkg.scripts?.test }).toEqual({
        folder,
        build: 'string',
        test: 'string',
      });
    }
  });
});

describe('the workspace, TypeScript, jest and build settings', () => {
  it('when npm reads the workspaces, then every part is one', () => {
    const patterns = (readJson('package.json').workspaces as string[]).map(globToRegExp);
    for (const folder of partFolders) {
      expect({ folder, covered: patterns.some((p) => p.test(folder)) }).toEqual({
        folder,
        covered: true,
      });
    }
  });

  it("when TypeScript reads tsconfig.json, then every part's sources are checked", () => {
    const include = (readJson('tsconfig.json').include as string[]).map(globToRegExp);
    for (const folder of partFolders) {
      expect({ folder, covered: include.some((p) => p.test(`${folder}/src`)) }).toEqual({
        folder,
        covered: true,
      });
    }
  });

  it('when jest starts, then every part is a test root and nothing else is', () => {
    const config = jest.requireActual<{ roots: string[] }>(path.join(ROOT, 'jest.config.js'));
    const partRoots = config.roots.filter(
      (r) => !['<rootDir>/packages', '<rootDir>/tests'].includes(r),
    );

    expect(partRoots.sort()).toEqual(partFolders.map((f) => `<rootDir>/${f}`).sort());
  });

  it('when the frontends are built, then the build goes through the registry', () => {
    expect(readJson('package.json').scripts.build).toBe(
      'node --import tsx scripts/platform/bin/build.ts',
    );
  });
});

describe('the gateway config', () => {
  const PORT = 30000;
  const conf = readFileSync(
    writeNginxConfig(mkdtempSync(path.join(os.tmpdir(), 'teamapp-gw-')), {
      platformId: 'test',
      gatewayPort: PORT,
      registry,
      loginRatePerMinute: 10,
      loginBurst: 10,
    }),
    'utf8',
  );

  it('when rendered for npm start, then each service has its upstream and its API prefixes', () => {
    for (const service of registry.services) {
      expect(conf).toContain(
        `upstream ${service.name}_service { server 127.0.0.1:${PORT + service.portOffset};`,
      );
      if (service.apiPrefixes.length) {
        expect(conf).toContain(
          `location ~ ^/api/(${service.apiPrefixes.join('|')})(/|$) { proxy_pass http://${service.name}_service; }`,
        );
      }
    }
  });

  it('when rendered, then each remote is served at its public path and listed in remotes.json', () => {
    for (const remote of registry.remotes) {
      expect(conf).toContain(
        `location ${remote.publicPath} { proxy_pass http://${remote.name}_static/; }`,
      );
      expect(conf).toContain(`listen 127.0.0.1:${PORT + remote.portOffset};`);
    }
    const remotesJson = /location = \/remotes\.json \{[^}]*return 200 '([^']*)'/.exec(conf)?.[1];
    expect(JSON.parse(remotesJson ?? 'null')).toEqual(
      Object.fromEntries(registry.remotes.map((r) => [r.name, `${r.publicPath}remoteEntry.js`])),
    );
  });

  it('when several copies of a service run, then its upstream lists each copy once', () => {
    const replicas = Object.fromEntries(registry.services.map((s, i) => [s.name, (i % 3) + 1]));
    const withCopies = readFileSync(
      writeNginxConfig(mkdtempSync(path.join(os.tmpdir(), 'teamapp-gw-')), {
        platformId: 'test',
        gatewayPort: PORT,
        registry,
        loginRatePerMinute: 10,
        loginBurst: 10,
        replicas,
      }),
      'utf8',
    );
    for (const service of registry.services) {
      const servers = Array.from(
        { length: replicas[service.name]! },
        (_, i) => `server 127.0.0.1:${replicaPort(PORT, service.portOffset, i)};`,
      );
      expect(withCopies).toContain(
        `upstream ${service.name}_service { ${servers.join(' ')} keepalive ${UPSTREAM_KEEPALIVE}; }`,
      );
    }
  });

  it('when rendered, then every upstream keeps a pool of idle connections larger than a busy gateway has in flight', () => {
    const upstreams = [...conf.matchAll(/^upstream \S+ \{.*\}$/gm)].map((m) => m[0]);

    expect(upstreams.length).toBeGreaterThan(registry.services.length);
    expect(UPSTREAM_KEEPALIVE).toBeGreaterThanOrEqual(64);
    for (const upstream of upstreams)
      expect(upstream).toContain(`keepalive ${UPSTREAM_KEEPALIVE};`);
  });

  it('when rendered, then there is no upstream that is not a registered part', () => {
    const upstreams = [...conf.matchAll(/^upstream (\S+) \{/gm)].map((m) => m[1]).sort();
    expect(upstreams).toEqual(
      [
        ...registry.services.map((s) => `${s.name}_service`),
        'shell_static',
        ...registry.remotes.map((r) => `${r.name}_static`),
      ].sort(),
    );
  });
});

describe('docker-compose.yml', () => {
  const text = readFileSync(path.join(ROOT, COMPOSE_FILE), 'utf8');
  const compose = parse(text, { merge: true }) as {
    services: Record<string, { environment?: Record<string, string>; depends_on?: object }>;
  };
  const frontendContainers = frontendFolders(registry);

  it('when compared with what platform:sync writes, then it is current', async () => {
    expect(text).toBe(await composeFile(registry));
  });

  it('when parsed, then it runs exactly the infrastructure and the registered parts', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [
        'postgres',
        'redis',
        'mailcatcher',
        'prometheus',
        'gateway',
        ...services.map((s) => s.name),
        ...frontendContainers,
      ].sort(),
    );
    expect(Object.keys(compose.services.gateway?.depends_on ?? {}).sort()).toEqual(
      [...services.map((s) => s.name), ...frontendContainers].sort(),
    );
  });

  it("when parsed, then each service runs as many copies as its registry entry's replicas", () => {
    expect(registry.services.some((s) => replicasOf(s) > 1)).toBe(true);
    for (const service of services) {
      const entry = compose.services[service.name] as { deploy?: { replicas?: number } };
      expect({ service: service.name, replicas: entry.deploy?.replicas ?? 1 }).toEqual({
        service: service.name,
        replicas: replicasOf(service),
      });
    }
  });

  it('when parsed, then every service is given the internal address of each service with internal routes, and of no other', () => {
    const internal = services.filter((s) => s.internalRoutes);
    expect(internal.map((s) => s.name)).toEqual(['events']);
    for (const service of services) {
      const env = compose.services[service.name]?.environment ?? {};
      expect({
        service: service.name,
        urls: Object.keys(env).filter((key) => key.endsWith('_INTERNAL_URL')),
      }).toEqual({ service: service.name, urls: ['EVENTS_INTERNAL_URL'] });
    }
    expect(compose.services.content?.environment?.EVENTS_INTERNAL_URL).toBe(
      `http://events:${composeServicePort(internal[0]!.portOffset)}`,
    );
  });

  /** `docker-compose config` with the given settings (and nothing from this machine's). */
  const composeConfig = (env: Record<string, string>, args: string[] = []) => {
    const dockerCompose = findCommand('docker-compose');
    if (!dockerCompose)
      throw new Error('docker-compose is missing: apt-get install docker-compose');
    return spawnSync(dockerCompose, ['-f', path.join(ROOT, COMPOSE_FILE), ...args, 'config'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
    });
  };

  it('when docker-compose reads it with SMTP_URL set, then it is valid and keeps the replicas', () => {
    const result = composeConfig({ SMTP_URL: 'smtp://mail.example.org:587' });
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.status).toBe(0);
    const normalised = parse(result.stdout) as {
      services: Record<string, { deploy?: { replicas?: number } }>;
    };
    for (const service of services) {
      expect(normalised.services[service.name]?.deploy?.replicas ?? 1).toBe(replicasOf(service));
    }
  });

  it('when SMTP_URL is not set, then docker-compose refuses the file, naming it', () => {
    const result = composeConfig({});
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('set SMTP_URL to the mail server');
  });

  it('when the dev profile is asked for with SMTP_URL at the catcher, then it is valid', () => {
    const result = composeConfig({ SMTP_URL: 'smtp://mailcatcher:1025' }, ['--profile', 'dev']);
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.status).toBe(0);
  });

  it('when parsed, then the mail catcher runs only in the dev profile, its inbox on loopback only, and nothing sends to it by default', () => {
    const catcher = compose.services.mailcatcher as { profiles?: string[]; ports?: string[] };
    expect(catcher.profiles).toEqual(['dev']);
    expect(catcher.ports).toEqual(['127.0.0.1:8025:8025']);
    for (const [name, entry] of Object.entries(compose.services)) {
      expect({ name, env: JSON.stringify(entry.environment ?? {}) }).toEqual({
        name,
        env: expect.not.stringMatching(/:-[^}]*mailcatcher/),
      });
    }
    expect(compose.services.mailer?.environment?.SMTP_URL).toMatch(/^\$\{SMTP_URL:\?/);
  });

  it('when parsed, then the signing key and the administrator reach auth only, and the mail server the mailer only', () => {
    for (const service of services) {
      const env = compose.services[service.name]?.environment ?? {};
      expect({
        service: service.name,
        privateKey: 'JWT_PRIVATE_KEY' in env,
        admin: 'ADMIN_PASSWORD' in env,
        smtp: 'SMTP_URL' in env,
      }).toEqual({
        service: service.name,
        privateKey: service.name === 'auth',
        admin: service.name === 'auth',
        smtp: service.name === 'mailer',
      });
    }
  });

  it('when parsed, then the gateway container is given every value its template asks for', () => {
    const template = readFileSync(path.join(ROOT, 'gateway', 'teamapp.conf.template'), 'utf8');
    const asked = [...new Set([...template.matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((m) => m[1]))];
    const given = Object.keys(compose.services.gateway?.environment ?? {});
    expect(asked.filter((name) => !given.includes(name!))).toEqual([]);
  });

  it('when parsed, then the gateway routes to the containers the registry names', () => {
    const env = compose.services.gateway?.environment ?? {};
    const expected = gatewayValues(registry, {
      service: (s) => `${s.planned ? '127.0.0.1' : s.name}:${composeServicePort(s.portOffset)}`,
      shell: 'shell:80',
      remote: (r) => `${r.folder}:80`,
    });
    const unescape = (v = '') => v.replace(/\$\$/g, '$');

    expect(unescape(env.UPSTREAMS)).toBe(expected.UPSTREAMS);
    expect(unescape(env.SERVICE_LOCATIONS)).toBe(expected.SERVICE_LOCATIONS);
    expect(unescape(env.API_DOCS_LOCATIONS)).toBe(expected.API_DOCS_LOCATIONS);
    expect(unescape(env.REMOTE_LOCATIONS)).toBe(expected.REMOTE_LOCATIONS);
    expect(env.REMOTES_JSON).toBe(expected.REMOTES_JSON);
  });
});

describe('what compose builds and mounts beside it', () => {
  it('when compared with what platform:sync writes, then the Prometheus configuration is current', () => {
    expect(readFileSync(path.join(ROOT, PROMETHEUS_FILE), 'utf8')).toBe(prometheusConfig(registry));
  });

  it('when a service runs several copies, then Prometheus looks its name up and scrapes every copy on its metrics port', () => {
    const config = parse(prometheusConfig(registry)) as {
      scrape_configs: {
        static_configs?: unknown;
        dns_sd_configs: { names: string[]; type: string; port: number }[];
      }[];
    };
    const [job] = config.scrape_configs;

    expect(job!.static_configs).toBeUndefined();
    expect(job!.dns_sd_configs).toEqual(
      builtServices(registry).map((s) => ({
        names: [s.name],
        type: 'A',
        port: composeServicePort(s.portOffset) + 1000,
      })),
    );
    expect(builtServices(registry).some((s) => replicasOf(s) > 1)).toBe(true);
  });

  it("when a service image is built, then its last stage holds the compiled service and only its own workspace's production dependencies", () => {
    const dockerfile = readFileSync(path.join(ROOT, 'services', 'Dockerfile'), 'utf8');
    const stages = dockerfile.split(/^FROM /m).slice(1);
    const runtime = stages.at(-1)!;
    const deps = stages.find((stage) => /^\S+ AS deps$/m.test(stage)) ?? '';

    expect(stages.length).toBeGreaterThanOrEqual(3);
    // The deps stage installs from the manifests alone, for the one workspace, without the root's.
    expect(deps).toMatch(/COPY --from=build \/manifests\/ \.\//);
    expect(deps).toMatch(
      /npm install[^\n]*--omit=dev[\s\\]*-w services\/\$\{SERVICE\} --include-workspace-root=false/,
    );
    // The image: no repository copy, no install; the build and those dependencies only.
    expect(runtime).not.toMatch(/COPY \. |npm install/);
    expect(runtime.match(/^COPY .*/gm)).toEqual([
      'COPY --from=deps /app/node_modules/ ./node_modules/',
      'COPY --from=deps /app/services/${SERVICE}/ ./services/${SERVICE}/',
      'COPY --from=build /app/services/${SERVICE}/dist/ ./services/${SERVICE}/dist/',
    ]);
    expect(runtime).toMatch(/^USER node$/m);
  });

  it('when an image is built, then no .env file or secret goes into its context, and git keeps none', () => {
    const dockerignore = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n');
    const gitignore = readFileSync(path.join(ROOT, '.gitignore'), 'utf8').split('\n');

    expect(dockerignore).toEqual(expect.arrayContaining(['.env', '**/.env', '**/.env.*']));
    expect(gitignore).toEqual(expect.arrayContaining(['.env', '.env.*']));
    const ignored = spawnSync(
      'git',
      [
        'check-ignore',
        '--no-index',
        '-v',
        '.env',
        'deploy/k8s/overlays/production/secrets/smtp.env',
        'deploy/k8s/overlays/production/secrets/jwt-private.pem',
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(ignored.stdout.trim().split('\n')).toHaveLength(3);
    const kept = spawnSync(
      'git',
      ['check-ignore', '--no-index', 'deploy/k8s/overlays/production/secrets/smtp.env.example'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(kept.stdout).toBe('');
  });

  it('when the gateway image installs Swagger UI, then it is the version npm start serves', () => {
    const dockerfile = readFileSync(path.join(ROOT, 'gateway', 'Dockerfile'), 'utf8');
    const installed = readJson('node_modules/swagger-ui-dist/package.json').version;

    expect(dockerfile).toContain(`swagger-ui-dist@${installed}`);
  });
});

describe('the registry itself', () => {
  const base = readJson('platform.json');

  it('when two remotes share a port offset or a path, then it is refused naming both', () => {
    const clash = {
      ...base,
      remotes: [
        ...base.remotes,
        { name: 'mfe_other', folder: 'mfe-other', publicPath: '/mfe/admin/', portOffset: 21 },
      ],
    };
    expect(() => parseRegistry(clash)).toThrow(/mfe_other and mfe_admin share port offset 21/);
    expect(() => parseRegistry(clash)).toThrow(/share public path \/mfe\/admin\//);
  });

  it("when a service takes a reserved offset or another's API prefix, then it is refused", () => {
    const bad = {
      ...base,
      services: [
        ...base.services,
        {
          name: 'stats',
          folder: 'services/stats',
          entry: 'src/server.ts',
          portOffset: 10,
          apiPrefixes: ['news'],
        },
      ],
    };
    expect(() => parseRegistry(bad)).toThrow(/portOffset is reserved/);
    expect(() => parseRegistry(bad)).toThrow(/share API prefix news/);
  });

  it.each([0, 1.5, 10])('when a service asks for %p replicas, then it is refused', (replicas) => {
    const bad = {
      ...base,
      services: base.services.map((s: { name: string }) =>
        s.name === 'auth' ? { ...s, replicas } : s,
      ),
    };
    expect(() => parseRegistry(bad)).toThrow(/services\.0\.replicas/);
  });

  it('when two services keep one key in different Secrets, or a resource is not a quantity, then it is refused', () => {
    const withSecret = (name: string, secret: string) => (s: { name: string }) =>
      s.name === name ? { ...s, secrets: [{ key: 'MAIL_SECRET_KEY', secret }] } : s;
    const clash = {
      ...base,
      services: base.services
        .map(withSecret('auth', 'teamapp-mail'))
        .map(withSecret('mailer', 'teamapp-other')),
    };
    expect(() => parseRegistry(clash)).toThrow(
      /MAIL_SECRET_KEY is kept in both teamapp-mail and teamapp-other/,
    );
    const resources = {
      requests: { cpu: 'lots', memory: '1Gi' },
      limits: { cpu: '1', memory: '1G' },
    };
    const bad = {
      ...base,
      services: base.services.map((s: { name: string }) =>
        s.name === 'auth' ? { ...s, resources } : s,
      ),
    };
    expect(() => parseRegistry(bad)).toThrow(/must be a CPU quantity/);
    expect(() => parseRegistry(bad)).toThrow(/must be a memory quantity/);
  });
});
