/**
 * requestSchema: the contract's schema checks the request built from a form's values; a
 * problem's path is moved onto the form's field, and nothing to send is nothing to check.
 */
import { z } from 'zod';
import { requestSchema } from './request-schema';

const roomSchema = z.object({
  name: z.string().trim().min(1, { error: 'name is required' }),
  members: z.array(z.uuid({ error: 'members must list member ids' })),
});

interface Values {
  name: string;
  picked: string[];
}

const schema = requestSchema(
  roomSchema,
  (values: Values) =>
    values.name === 'unchanged' ? undefined : { ...values, members: values.picked },
  (path) => (path.startsWith('members') ? 'picked' : path),
);

const check = (values: Values) => schema['~standard'].validate(values);

it('when the request is fine, then its parsed form is the value', () => {
  expect(check({ name: ' Keepers ', picked: [] })).toEqual({
    value: { name: 'Keepers', members: [] },
  });
});

it("when the request is refused, then each problem names the form's field", () => {
  const result = check({ name: ' ', picked: ['not-an-id'] });
  expect(result).toMatchObject({
    issues: [
      { message: 'name is required', path: ['name'] },
      { message: 'members must list member ids', path: ['picked'] },
    ],
  });
});

it('when there is nothing to send, then nothing is checked', () => {
  expect(check({ name: 'unchanged', picked: ['not-an-id'] })).toEqual({ value: undefined });
});
