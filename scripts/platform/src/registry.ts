/**
 * The platform registry (platform.json at the root): which services and remotes exist, where
 * they live and which ports and paths they take. `npm start`, the tests, the gateway config and
 * docker-compose.yml all follow from it; tests/platform/registry.test.ts fails when they do not.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const REGISTRY_FILE = path.join(ROOT, 'platform.json');

/** Offsets above the gateway port that the platform keeps for itself. */
export const RESERVED_OFFSETS: Readonly<Record<number, string>> = {
  10: 'Redis of `npm start`',
  25: "the development mail catcher's SMTP port",
  45: "the end-to-end tests' SMTP receiver",
};
export const SERVICE_OFFSETS = { min: 1, max: 19 };
export const REMOTE_OFFSETS = { min: 21, max: 39 };
/** The most copies of one service the registry may ask for. */
export const MAX_REPLICAS = 9;

const slug = z.string().regex(/^[a-z][a-z0-9-]*$/, { error: 'must be lower-case kebab-case' });

const offset = (range: { min: number; max: number }) =>
  z
    .number()
    .int()
    .min(range.min)
    .max(range.max)
    .refine((n) => !(n in RESERVED_OFFSETS), { error: 'is reserved' });

/** A setting only this service reads, kept in a Kubernetes Secret and given by compose's env. */
const serviceSecretSchema = z.object({
  /** The environment variable, e.g. `SMTP_URL`. */
  key: z.string().regex(/^[A-Z][A-Z0-9_]*$/, { error: 'must be an UPPER_CASE name' }),
  /** The Kubernetes Secret holding it, e.g. `teamapp-smtp` (deploy/k8s/README.md). */
  secret: z.string().regex(/^teamapp-[a-z][a-z0-9-]*$/, { error: 'must look like teamapp-<name>' }),
  /**
   * compose refuses to start without it and prints this; without it the value may be empty (the
   * service then makes or refuses its own, as its config says).
   */
  requiredMessage: z.string().optional(),
});

/** Kubernetes quantities: `100m`, `1` CPU; `192Mi`, `1Gi` memory. */
const cpu = z.string().regex(/^\d+m?$/, { error: 'must be a CPU quantity such as 100m or 1' });
const memory = z
  .string()
  .regex(/^\d+(Mi|Gi)$/, { error: 'must be a memory quantity such as 192Mi' });
const resourcesSchema = z.object({
  requests: z.object({ cpu, memory }),
  limits: z.object({ cpu, memory }),
});

const serviceSchema = z
  .object({
    name: slug,
    /** Not built yet: its API prefixes answer the gateway's JSON 503 until it is. */
    planned: z.boolean().optional(),
    folder: z
      .string()
      .regex(/^services\/[a-z][a-z0-9-]*$/)
      .optional(),
    /** The server module, relative to the folder. */
    entry: z.string().optional(),
    portOffset: offset(SERVICE_OFFSETS),
    /** The first path segments under /api/ it serves, e.g. `news` for /api/news/... */
    apiPrefixes: z.array(slug),
    /** Extra compose volumes, e.g. `uploads:/data/uploads`. */
    volumes: z.array(z.string()).optional(),
    /**
     * How many copies run behind the gateway in compose and Kubernetes (default 1). Services
     * keep their state in PostgreSQL and Redis, so any of them may run several.
     */
    replicas: z.number().int().min(1).max(MAX_REPLICAS).optional(),
    /**
     * It serves routes under /internal that other services call over HTTP (the gateway never
     * publishes them): they are given its `<NAME>_INTERNAL_URL`. Services otherwise learn of each
     * other through events (docs/architecture.md section 2), so most have none.
     */
    internalRoutes: z.boolean().optional(),
    /** The settings only it reads (keys, passwords, the mail server), beside the shared ones. */
    secrets: z.array(serviceSecretSchema).optional(),
    /** Its pods' CPU and memory in Kubernetes (default: DEFAULT_SERVICE_RESOURCES). */
    resources: resourcesSchema.optional(),
  })
  .refine((s) => s.planned || (s.folder && s.entry), {
    error: 'a service that is not planned needs folder and entry',
  });

const remoteSchema = z.object({
  /** Federation name, e.g. `mfe_admin`. */
  name: z.string().regex(/^mfe_[a-z][a-z0-9_]*$/, { error: 'must look like mfe_<name>' }),
  folder: z.string().regex(/^mfe-[a-z][a-z0-9-]*$/, { error: 'must look like mfe-<name>' }),
  /** Where the gateway serves its build, e.g. `/mfe/admin/`. */
  publicPath: z
    .string()
    .regex(/^\/mfe\/[a-z][a-z0-9-]*\/$/, { error: 'must look like /mfe/<name>/' }),
  portOffset: offset(REMOTE_OFFSETS),
});

const registrySchema = z
  .object({
    $comment: z.string().optional(),
    shell: z.object({ folder: z.literal('shell'), portOffset: z.literal(20) }),
    services: z.array(serviceSchema),
    remotes: z.array(remoteSchema),
  })
  .superRefine((registry, ctx) => {
    const seen = new Map<string, string>();
    const once = (kind: string, value: string, owner: string) => {
      const key = `${kind}:${value}`;
      const other = seen.get(key);
      if (other)
        ctx.addIssue({ code: 'custom', message: `${owner} and ${other} share ${kind} ${value}` });
      seen.set(key, owner);
    };
    for (const s of registry.services) {
      once('name', s.name, s.name);
      once('port offset', String(s.portOffset), s.name);
      if (s.folder) once('folder', s.folder, s.name);
      for (const prefix of s.apiPrefixes) once('API prefix', prefix, s.name);
    }
    // A key read by several services (the mail-sealing key) comes from one Secret.
    const secretOf = new Map<string, string>();
    for (const { key, secret } of registry.services.flatMap((s) => s.secrets ?? [])) {
      const other = secretOf.get(key);
      if (other && other !== secret)
        ctx.addIssue({ code: 'custom', message: `${key} is kept in both ${other} and ${secret}` });
      secretOf.set(key, secret);
    }
    for (const r of registry.remotes) {
      once('name', r.name, r.name);
      once('port offset', String(r.portOffset), r.name);
      once('folder', r.folder, r.name);
      once('public path', r.publicPath, r.name);
    }
  });

export type Registry = z.infer<typeof registrySchema>;
export type ServiceSecret = z.infer<typeof serviceSecretSchema>;
export type ServiceResources = z.infer<typeof resourcesSchema>;

/** A service's pods when platform.json names no `resources`. */
export const DEFAULT_SERVICE_RESOURCES: ServiceResources = {
  requests: { cpu: '100m', memory: '192Mi' },
  limits: { cpu: '1', memory: '512Mi' },
};
export type ServiceEntry = Registry['services'][number];
export type RemoteEntry = Registry['remotes'][number];
/** A service that exists (has a folder and an entry). */
export type BuiltService = ServiceEntry & { folder: string; entry: string };

/** Parses a registry; throws listing every problem. */
export function parseRegistry(value: unknown): Registry {
  const result = registrySchema.safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`);
    throw new Error(`platform.json is not valid:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}

export function loadRegistry(file = REGISTRY_FILE): Registry {
  return parseRegistry(JSON.parse(readFileSync(file, 'utf8')));
}

export function builtServices(registry: Registry): BuiltService[] {
  return registry.services.filter((s): s is BuiltService => !s.planned);
}

/** How many copies of a service run in compose and Kubernetes. */
export const replicasOf = (service: ServiceEntry): number => service.replicas ?? 1;

/** The folders of every frontend: the shell first, then the remotes. */
export function frontendFolders(registry: Registry): string[] {
  return [registry.shell.folder, ...registry.remotes.map((r) => r.folder)];
}

/** The smallest free offset in a range (for a new part). */
export function nextFreeOffset(registry: Registry, range: { min: number; max: number }): number {
  const taken = new Set([
    registry.shell.portOffset,
    ...registry.services.map((s) => s.portOffset),
    ...registry.remotes.map((r) => r.portOffset),
  ]);
  for (let n = range.min; n <= range.max; n++) {
    if (!taken.has(n) && !(n in RESERVED_OFFSETS)) return n;
  }
  throw new Error(`no free port offset between ${range.min} and ${range.max}`);
}

/**
 * Where a service reaches the others inside the platform, as environment variables: one
 * `<NAME>_INTERNAL_URL` per built service with `internalRoutes` (e.g. EVENTS_INTERNAL_URL, which
 * the content service reads for the showcase).
 */
export function internalUrls(
  registry: Registry,
  address: { service: (service: ServiceEntry) => string },
): Record<string, string> {
  const envName = (name: string) => `${name.toUpperCase().replace(/-/g, '_')}_INTERNAL_URL`;
  return {
    ...Object.fromEntries(
      builtServices(registry)
        .filter((s) => s.internalRoutes)
        .map((s) => [envName(s.name), `http://${address.service(s)}`]),
    ),
  };
}
