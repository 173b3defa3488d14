/** gateway/docs/api-docs.js: the API reference page's merge of the services' descriptions. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain browser script
const { mergeDescriptions } = require('../../gateway/docs/api-docs.js') as {
  mergeDescriptions: (docs: { service: string; document: Record<string, unknown> }[]) => {
    openapi: string;
    tags: unknown[];
    paths: Record<string, Record<string, unknown>>;
    components: Record<string, unknown>;
  };
};

const doc = (paths: Record<string, unknown>, schemas: Record<string, unknown> = {}) => ({
  openapi: '3.1.0',
  info: { title: 'x', version: '1' },
  paths,
  components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
});

describe('mergeDescriptions', () => {
  it('when several services are described, then every path of each is in one document with a tag per service', () => {
    const merged = mergeDescriptions([
      { service: 'events', document: doc({ '/api/events': { get: {} } }, { Error: {} }) },
      { service: 'chat', document: doc({ '/api/chat': { get: {}, post: {} } }) },
    ]);

    expect(merged.openapi).toBe('3.1.0');
    expect(Object.keys(merged.paths)).toEqual(['/api/events', '/api/chat']);
    expect(Object.keys(merged.paths['/api/chat'] as object)).toEqual(['get', 'post']);
    expect(merged.tags).toEqual([
      { name: 'events', description: 'x' },
      { name: 'chat', description: 'x' },
    ]);
    expect(merged.components).toMatchObject({
      schemas: { Error: {} },
      securitySchemes: { bearer: {} },
    });
  });
});
