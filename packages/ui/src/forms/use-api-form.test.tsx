/**
 * @jest-environment jsdom
 *
 * The one form hook: the schema's check before sending (first field at fault focused, nothing
 * sent), the pending state, a refusal naming a field shown under that field, any other refusal
 * as the form's error, and the outcome announced in live regions.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { requestData } from '@teamapp/api-client';
import { fakeApi, renderWithProviders, storeSession, TEST_ADMIN } from '../../test/dom';
import { useRequest } from '../session/session-context';
import { useApiForm } from './use-api-form';

const schema = z.object({
  name: z.string().trim().min(1, { error: 'name is required' }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'email must be a valid email' })),
});

function TeamForm({ describe = false, onFields }: { describe?: boolean; onFields?: boolean }) {
  const request = useRequest();
  const api = useApiForm({
    initialValues: { name: '', email: '' },
    schema,
    ...(onFields === undefined ? {} : { serverErrorsOnFields: onFields }),
    ...(describe ? { describeIssue: (issue: { path: string }) => `Check the ${issue.path}.` } : {}),
    submit: (data) => requestData<{ id: string }>(request, 'POST', '/teams', data),
    successMessage: (team) => `Team ${team.id} saved.`,
  });
  return (
    <form onSubmit={api.onSubmit} noValidate>
      {api.errorRegion()}
      {api.successRegion()}
      <input aria-label="Name" {...api.form.getInputProps('name')} />
      {api.form.errors.name && <p>{api.form.errors.name}</p>}
      <input aria-label="Email" {...api.form.getInputProps('email')} />
      {api.form.errors.email && <p>{api.form.errors.email}</p>}
      <button type="submit" disabled={api.pending}>
        {api.pending ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}

beforeEach(() => {
  localStorage.clear();
  storeSession(TEST_ADMIN);
});

it('when fields break the schema, then each shows its message, the first is focused and nothing is sent', async () => {
  const calls = fakeApi({});
  renderWithProviders(<TeamForm />);

  await userEvent.type(screen.getByLabelText('Email'), 'nope');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(screen.getByText('name is required')).toBeInTheDocument();
  expect(screen.getByText('email must be a valid email')).toBeInTheDocument();
  expect(screen.getByLabelText('Name')).toHaveFocus();
  expect(calls.filter((c) => c.method === 'POST' && c.path === '/teams')).toHaveLength(0);

  await userEvent.type(screen.getByLabelText('Name'), 'R');
  expect(screen.queryByText('name is required')).not.toBeInTheDocument();
});

it('when a describer is given, then it words the schema problems', async () => {
  fakeApi({});
  renderWithProviders(<TeamForm describe />);

  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(screen.getByText('Check the name.')).toBeInTheDocument();
  expect(screen.getByText('Check the email.')).toBeInTheDocument();
});

it('when the values are valid, then the parsed data is sent, the button is pending meanwhile and success is announced', async () => {
  let answer: (reply: { body: unknown }) => void = () => undefined;
  const calls = fakeApi({
    'POST /teams': () => new Promise((resolve) => (answer = resolve)),
  });
  renderWithProviders(<TeamForm />);

  await userEvent.type(screen.getByLabelText('Name'), ' Riverside ');
  await userEvent.type(screen.getByLabelText('Email'), 'Coach@Club.TEST');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
  expect(calls.find((c) => c.method === 'POST' && c.path === '/teams')?.body).toEqual({
    name: 'Riverside',
    email: 'coach@club.test',
  });
  answer({ body: { success: true, data: { id: 't1' } } });

  await waitFor(() => expect(screen.getAllByRole('status')[0]).toHaveTextContent('Team t1 saved.'));
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
});

it('when the server refuses naming a field, then the text is under that field, focused and announced', async () => {
  fakeApi({
    'POST /teams': {
      status: 409,
      body: { success: false, error: 'That email is taken.', code: 'conflict', field: 'email' },
    },
  });
  renderWithProviders(<TeamForm />);

  await userEvent.type(screen.getByLabelText('Name'), 'Riverside');
  await userEvent.type(screen.getByLabelText('Email'), 'coach@club.test');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  expect(screen.getByRole('alert')).toHaveTextContent('That email is taken.');
  expect(screen.getAllByText('That email is taken.')).toHaveLength(2);

  await userEvent.type(screen.getByLabelText('Email'), 'x');
  expect(screen.getAllByText('That email is taken.')).toHaveLength(1);
});

it('when a form says refusals in one place, then a refusal naming a field is the form error', async () => {
  fakeApi({
    'POST /teams': {
      status: 409,
      body: { success: false, error: 'That email is taken.', code: 'conflict', field: 'email' },
    },
  });
  renderWithProviders(<TeamForm onFields={false} />);

  await userEvent.type(screen.getByLabelText('Name'), 'Riverside');
  await userEvent.type(screen.getByLabelText('Email'), 'coach@club.test');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent('That email is taken.');
  expect(screen.getAllByText('That email is taken.')).toHaveLength(1);
  expect(screen.getByLabelText('Email')).not.toHaveFocus();
});

it('when the refusal names a field with a hint, then the hint is under the field and the text is the form error', async () => {
  fakeApi({
    'POST /teams': {
      status: 400,
      body: {
        success: false,
        error: 'Not allowed.',
        code: 'x',
        field: 'name',
        hint: 'Try another.',
      },
    },
  });
  renderWithProviders(<TeamForm />);

  await userEvent.type(screen.getByLabelText('Name'), 'Riverside');
  await userEvent.type(screen.getByLabelText('Email'), 'coach@club.test');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByText('Try another.')).toBeInTheDocument();
  expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Not allowed.');
});

it('when the refusal names no field of the form, then it is the form error, announced at once', async () => {
  fakeApi({
    'POST /teams': { status: 403, body: { success: false, error: 'Admins only.', field: 'role' } },
  });
  renderWithProviders(<TeamForm />);

  await userEvent.type(screen.getByLabelText('Name'), 'Riverside');
  await userEvent.type(screen.getByLabelText('Email'), 'coach@club.test');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent('Admins only.');
  expect(screen.getAllByText('Admins only.')).toHaveLength(1);
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
});

function PairForm() {
  const api = useApiForm({
    initialValues: { a: '', b: '' },
    schema: z
      .object({ a: z.string(), b: z.string() })
      .refine((v) => v.a !== '' || v.b !== '', { error: 'Fill in a or b.' }),
    submit: async () => 'done',
  });
  return (
    <form onSubmit={api.onSubmit} noValidate>
      {api.errorRegion()}
      <input aria-label="A" {...api.form.getInputProps('a')} />
      <button type="submit">Go</button>
    </form>
  );
}

it('when a rule about the whole request fails, then it is the form error and nothing is sent', async () => {
  const calls = fakeApi({});
  renderWithProviders(<PairForm />);

  await userEvent.click(screen.getByRole('button', { name: 'Go' }));

  expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Fill in a or b.');
  expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
});
