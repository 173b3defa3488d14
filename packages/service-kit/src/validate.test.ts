/**
 * parseInput: a schema's failure names the field; a string holding a NUL character (which no
 * store keeps and no member types) is refused the same way, wherever it sits in the input.
 */
import { z } from 'zod';
import { parseInput } from './validate';

const schema = z.object({
  body: z.object({ title: z.string().max(10), tags: z.array(z.string()).optional() }),
  query: z.object({ q: z.string().optional() }),
});

const refusal = (input: unknown) => {
  try {
    parseInput(schema, input);
  } catch (err) {
    return err as { status: number; message: string; field?: string };
  }
  throw new Error('parseInput accepted the input');
};

it('when the input is valid, then it is answered parsed', () => {
  expect(parseInput(schema, { body: { title: 'Hello' }, query: {} })).toEqual({
    body: { title: 'Hello' },
    query: {},
  });
});

it('when a field breaks its rule, then 400 naming the field', () => {
  expect(refusal({ body: { title: 'x'.repeat(11) }, query: {} })).toMatchObject({
    status: 400,
    field: 'title',
  });
});

it.each([
  ['a body field', { body: { title: 'a\u0000b' }, query: {} }, 'title'],
  ['an item of a list', { body: { title: 'ok', tags: ['x', '\u0000'] }, query: {} }, 'tags.1'],
  ['the query', { body: { title: 'ok' }, query: { q: '\u0000' } }, 'q'],
])('when %s holds a NUL character, then 400 naming it', (_where, input, field) => {
  expect(refusal(input)).toMatchObject({
    status: 400,
    field,
    message: `${field} must not contain a null character`,
  });
});
