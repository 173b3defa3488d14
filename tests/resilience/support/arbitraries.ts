/**
 * fast-check arbitraries for the bad-input suite, derived from the services' own OpenAPI
 * descriptions (GET /api/docs/<service>.json), whose request schemas are the JSON Schema output of
 * the zod schemas `validate()` applies. A request is a valid-looking value for its route that is
 * then made wrong in one way: a missing or extra field, a wrong type, a huge string, NUL or odd
 * unicode, an array for an object, malformed JSON, a wrong content type, an odd id or query.
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
};

export interface Operation {
  service: string;
  method: string;
  /** The template as the service registers it, e.g. /api/events/{id} */
  path: string;
  pathParams: string[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
  /** Whether the route asks for a session (OpenAPI security). */
  authed: boolean;
  roles: string[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  security?: unknown[];
  'x-roles'?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every operation a service's description lists. */
export function operationsOf(service: string, doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      service,
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      query: (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, required: !!p.required, schema: p.schema ?? {} })),
      body: op.requestBody?.content?.['application/json']?.schema,
      authed: (op.security ?? []).length > 0,
      roles: op['x-roles'] ?? [],
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Valid-looking values from a JSON Schema
// ---------------------------------------------------------------------------------------------

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  email: () => fc.emailAddress(),
  uuid: () => fc.uuid(),
  'date-time': () =>
    fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  date: () =>
    fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  uri: () => fc.webUrl(),
  url: () => fc.webUrl(),
};

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const format = schema.format ? FORMATS[schema.format] : undefined;
  if (format) return format();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length < 2000);
    } catch {
      // a pattern JavaScript cannot compile: fall through to plain text
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
  return fc.string({ minLength, maxLength });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1000) + (integer ? 1 : 0.001);
  const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1000) - (integer ? 1 : 0.001);
  const lo = Math.max(min, -1e6);
  const hi = Math.min(max, 1e6);
  return integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.floor(hi)) })
    : fc.double({ min: lo, max: Math.max(lo, hi), noNaN: true, noDefaultInfinity: true });
}

/** A value the schema (roughly) accepts: the starting point that a mutation then breaks. */
export function valueOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant({});
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => valueOf(s, depth + 1)));
  if (schema.allOf?.length) return valueOf(Object.assign({}, ...schema.allOf), depth + 1);
  const types = typesOf(schema);
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => valueOf({ ...schema, type }, depth + 1)));
  }
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object':
    default: {
      if (!schema.properties) return types[0] === 'object' ? fc.constant({}) : fc.jsonValue();
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties);
      return fc.record(
        Object.fromEntries(entries.map(([key, s]) => [key, valueOf(s, depth + 1)])),
        { requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)) },
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// What makes a request wrong
// ---------------------------------------------------------------------------------------------

/** Strings a form field should never hold: NUL, lone surrogates, direction overrides, … */
export const oddText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  '\u200B\u200C\u200D\uFEFF',
  '\uFFFF\uFFFE',
  'Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357\u0358',
  '😀'.repeat(500),
  'ＡＤＭＩＮ',
  '\r\nX-Injected: 1',
  '%00',
  '${7*7}{{7*7}}',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '   ',
  '',
);

const hugeText = fc.constantFrom(
  'x'.repeat(10_000),
  'é'.repeat(100_000),
  'a'.repeat(400_000),
  '\u0000'.repeat(50_000),
);

/** A value of a different kind than the field wants. */
const wrongValue = fc.constantFrom<unknown>(
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -0,
  2 ** 53 + 2,
  '',
  'not-a-number',
  [],
  [1, 2, 3],
  {},
  { $gt: '' },
  { __proto__: { polluted: true } },
  [[[[[[]]]]]],
);

/** Fields an attacker adds. */
const extraFields = fc.constantFrom<Record<string, unknown>>(
  { role: 'admin', isActive: true },
  { id: '00000000-0000-0000-0000-000000000000' },
  JSON.parse('{"__proto__":{"isAdmin":true}}') as Record<string, unknown>,
  { constructor: { prototype: { isAdmin: true } } },
  { passwordHash: 'x', tokenVersion: 99 },
  { 'a.b': 1, '': 2, '\u0000': 3 },
);

const setAt = (value: unknown, key: string, replacement: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? { ...(value as Record<string, unknown>), [key]: replacement }
    : replacement;

/** Breaks a valid-looking body in one way; answers the JSON value to send. */
function mutatedBody(schema: JsonSchema | undefined): fc.Arbitrary<{ how: string; body: unknown }> {
  const base = valueOf(schema);
  const keys = Object.keys(schema?.properties ?? {});
  const required = schema?.required ?? [];
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant('field');
  const mutations: fc.Arbitrary<{ how: string; body: unknown }>[] = [
    fc
      .tuple(base, key, wrongValue)
      .map(([v, k, w]) => ({ how: 'wrong type', body: setAt(v, k, w) })),
    fc
      .tuple(base, key, hugeText)
      .map(([v, k, w]) => ({ how: 'huge string', body: setAt(v, k, w) })),
    fc.tuple(base, key, oddText).map(([v, k, w]) => ({ how: 'odd unicode', body: setAt(v, k, w) })),
    fc.tuple(base, extraFields, key, wrongValue).map(([v, extra, k, w]) => ({
      how: 'extra fields',
      body: setAt(Object.assign({}, v, extra), k, w),
    })),
    base.map((v) => ({ how: 'array for object', body: [v] })),
    fc
      .tuple(base, key)
      .map(([v, k]) => ({ how: 'array for field', body: setAt(v, k, [setAt(v, k, 1)]) })),
    fc
      .constantFrom<unknown>(null, 42, 'text', true, [], {})
      .map((body) => ({ how: 'wrong body', body })),
  ];
  if (required.length) {
    mutations.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([v, k]) => {
        const copy = { ...(v as Record<string, unknown>) };
        delete copy[k];
        return { how: 'missing field', body: copy };
      }),
    );
  }
  return fc.oneof(...mutations);
}

/** JSON that is not JSON, sent as application/json. */
const malformedJson = fc.constantFrom(
  '{',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}garbage',
  '\u0000',
  'NaN',
  '{"a":"\\u00"}',
  '{"a":"\\ud800"}',
  '[1,2',
  '"unterminated',
  '\uFEFF{"a":1}',
  '{"a":1e99999}',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
  '['.repeat(5_000) + ']'.repeat(5_000),
  '{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000),
  '',
  ' ',
  'null',
  'true',
  '{"x":"' + '\\'.repeat(9) + '"}',
);

/** Content types the JSON routes do not take (with a body that may or may not match them). */
const wrongContentType = fc.constantFrom(
  { type: 'text/plain', body: '{"a":1}' },
  {
    type: 'application/xml',
    body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  { type: 'application/x-www-form-urlencoded', body: 'a=1&b[c]=2&__proto__[x]=1&d=%00' },
  {
    type: 'multipart/form-data',
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nbroken' },
  { type: 'application/json; charset=utf-16', body: '{"a":1}' },
  { type: 'application/json; charset=bogus', body: '{"a":1}' },
  { type: 'application/octet-stream', body: '\u0000\u0001\u0002' },
  { type: 'image/png', body: 'not a png' },
  { type: ';;;', body: '{}' },
);

/** encodeURIComponent, writing a lone surrogate as the bytes of one (invalid UTF-8) instead of throwing. */
const encode = (text: string) =>
  Array.from(text)
    .map((ch) => (/^[\uD800-\uDFFF]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch)))
    .join('');

/** Path parameter values: each written into the path as it is (some on purpose not encoded). */
export const oddId = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    'null',
    'undefined',
    'NaN',
    '1e309',
    '12345678901234567890123',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '%20',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '%00',
    'a%00b',
    '%',
    '%zz',
    '%C0%AE',
    '%FF%FE',
    '%F0%9F%98%80',
    '__proto__',
    'constructor',
    encode("' OR '1'='1"),
    encode('<script>'),
    encode('[object Object]'),
    'a'.repeat(300),
    'b'.repeat(9_000),
    '%E2%80%AE',
    ';',
    '..',
    '~',
    '%2F',
  ),
  fc.uuid(),
  fc.string({ maxLength: 30, unit: 'binary' }).map(encode),
);

/** A query string (without `?`), sometimes built from the route's query schema. */
function oddQuery(op: Operation): fc.Arbitrary<string> {
  const names = op.query.map((q) => q.name);
  const name = names.length
    ? fc.oneof(fc.constantFrom(...names), fc.constant('unknown'))
    : fc.constantFrom('id', 'page', 'limit', 'q', 'from');
  const encoded = fc.oneof(
    fc.constantFrom(
      '',
      'abc',
      '-1',
      '1e999',
      '0x10',
      '9'.repeat(400),
      '%00',
      '%',
      '%zz',
      'true',
      'null',
      '2026-13-45',
      'x'.repeat(6_000),
    ),
    oddText.map(encode),
  );
  return fc.oneof(
    fc.tuple(name, encoded).map(([n, v]) => `${n}=${v}`),
    fc.tuple(name, encoded, encoded).map(([n, a, b]) => `${n}=${a}&${n}=${b}`),
    fc.tuple(name, encoded).map(([n, v]) => `${n}[]=${v}&${n}[x]=${v}`),
    fc.constantFrom('&&&', '=', '%', '__proto__[x]=1', 'constructor[prototype][x]=1', '?'),
    ...(op.query.length
      ? [
          fc
            .record(Object.fromEntries(op.query.map((q) => [q.name, valueOf(q.schema)])), {
              requiredKeys: [],
            })
            .map((values) =>
              Object.entries(values)
                .map(([k, v]) => `${k}=${encode(String(v))}`)
                .join('&'),
            ),
        ]
      : []),
  );
}

export type Caller = 'admin' | 'player' | 'anonymous' | 'forged';

export interface BadRequest {
  op: Operation;
  how: string;
  caller: Caller;
  method: string;
  /** The path below /api, with its query string. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const WRONG_METHODS = ['PATCH', 'PUT', 'DELETE', 'POST', 'OPTIONS'];

/** One malformed request for `op`. */
export function badRequestFor(op: Operation): fc.Arbitrary<BadRequest> {
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const params = op.pathParams.length
    ? fc.tuple(...op.pathParams.map(() => oddId))
    : fc.constant([] as string[]);
  const caller = fc.constantFrom<Caller>(
    'admin',
    'admin',
    'admin',
    'admin',
    'admin',
    'admin',
    'player',
    'anonymous',
    'forged',
  );
  const query = fc.option(oddQuery(op), { freq: op.query.length ? 2 : 4 });

  type Payload = { how: string; body?: string; type?: string; method?: string };
  const payloads: fc.Arbitrary<Payload>[] = [
    // The id or the query is what is wrong: a body, where the route takes one, looks valid.
    (hasBody ? valueOf(op.body).map((v) => JSON.stringify(v)) : fc.constant(undefined)).map(
      (body) => ({
        how: op.pathParams.length ? 'odd id' : 'odd query',
        ...(body === undefined ? {} : { body, type: 'application/json' }),
      }),
    ),
    fc.constantFrom(...WRONG_METHODS.filter((m) => m !== op.method)).map((method) => ({
      how: 'wrong method',
      method,
    })),
  ];
  if (hasBody) {
    payloads.push(
      mutatedBody(op.body).map(({ how, body }) => ({
        how,
        body: JSON.stringify(body),
        type: 'application/json',
      })),
      mutatedBody(op.body).map(({ how, body }) => ({
        how,
        body: JSON.stringify(body),
        type: 'application/json',
      })),
      malformedJson.map((body) => ({ how: 'malformed JSON', body, type: 'application/json' })),
      wrongContentType.map(({ type, body }) => ({ how: 'wrong content type', body, type })),
    );
  }
  return fc.tuple(params, query, caller, fc.oneof(...payloads)).map(([ids, q, who, payload]) => {
    let i = 0;
    const path = op.path.replace(/^\/api/, '').replace(/\{[^}]+\}/g, () => ids[i++] ?? 'x');
    return {
      op,
      how: payload.how,
      caller: who,
      method: payload.method ?? op.method,
      path: q === null ? path : `${path}?${q}`,
      headers: payload.type ? { 'Content-Type': payload.type } : ({} as Record<string, string>),
      ...(payload.body === undefined ? {} : { body: payload.body }),
    };
  });
}
