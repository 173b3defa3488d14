/**
 * @jest-environment jsdom
 *
 * The admin's changes to the board (reference §4 Task status, §5 Task, §7 club-tasks):
 * add to a column with the reference's defaults, a member or a typed assignee, edit, delete after the
 * confirmation, a status chosen in the details, and a keyboard move saved at once and put back
 * when the server refuses.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  TASK_CREATED,
  TASK_DELETED,
  TASK_STATUS_UPDATED,
  TASK_UPDATED,
  type TaskStatus,
} from '@teamapp/contracts';
import { fakeApi, renderWithProviders, storeSession, TEST_ADMIN } from '@teamapp/ui/test/dom';
import { dateInDays, moveTask } from '../board';
import {
  BIBS,
  BOARD,
  BUDGET,
  SAM,
  SPONSOR,
  chooseFromMenu,
  layOutBoard,
  listOf,
  roster,
} from '../test/fixtures';
import { ClubDevelopmentPage, CONFIRM_DELETE, MOVE_FAILED } from './club-development-page';
import { STATUS_FAILED } from './task-details';

beforeEach(() => {
  localStorage.clear();
  storeSession(TEST_ADMIN);
});

const ok = (message: string) => ({ body: { success: true, message } });
const forbidden = (text: string) => ({
  status: 403,
  body: { success: false, error: text, message: text },
});
const open = () => renderWithProviders(<ClubDevelopmentPage />, { path: '/club-development' });
const column = (name: RegExp) => within(screen.getByRole('region', { name }));
const titlesIn = (name: RegExp) =>
  column(name)
    .queryAllByRole('article')
    .map((a) => a.getAttribute('aria-label'));

it("when an admin adds a task to a column, then it starts there with the reference's defaults and a trimmed title", async () => {
  const calls = fakeApi({
    'GET /club-tasks': listOf(BOARD),
    'GET /user/all': roster,
    'POST /club-tasks': { status: 201, body: { success: true, message: TASK_CREATED } },
  });
  open();

  await userEvent.click(await screen.findByRole('button', { name: 'Add Task to Review' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add Task' }));
  expect(dialog.getByText('Column: Review')).toBeInTheDocument();
  expect(dialog.getByLabelText('Priority')).toHaveValue('medium');
  expect(dialog.getByLabelText('Category')).toHaveValue('operations');
  expect(dialog.getByLabelText('Due Date')).toHaveValue(dateInDays(new Date(), 7));
  const add = dialog.getByRole('button', { name: 'Add Task' });
  expect(add).toBeDisabled();
  await userEvent.type(dialog.getByLabelText(/^Title/), '   ');
  expect(add).toBeDisabled();

  await userEvent.type(dialog.getByLabelText(/^Title/), 'Paint the goal posts  ');
  await userEvent.type(dialog.getByLabelText('Description'), '  White, two coats. ');
  await userEvent.click(add);

  expect(await screen.findByText(TASK_CREATED)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    title: 'Paint the goal posts',
    description: 'White, two coats.',
    priority: 'medium',
    category: 'operations',
    assignee: '',
    dueDate: dateInDays(new Date(), 7),
    status: 'review',
  });
});

it('when an admin picks a member as assignee, then the member is sent; a refusal shows in the dialog', async () => {
  let reply: { status: number; body: unknown } = {
    status: 400,
    body: { success: false, error: 'assigneeId must be a member of the club' },
  };
  const calls = fakeApi({
    'GET /club-tasks': listOf(BOARD),
    'GET /user/all': roster,
    'POST /club-tasks': () => reply,
  });
  open();

  await userEvent.click(await screen.findByRole('button', { name: 'Add Task to Backlog' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add Task' }));
  await userEvent.type(dialog.getByLabelText(/^Title/), 'Wash the kit');
  await dialog.findByRole('option', { name: SAM.name });
  await userEvent.selectOptions(dialog.getByLabelText('Assign to member'), SAM.name);
  expect(dialog.queryByLabelText('Assignee')).not.toBeInTheDocument();
  await userEvent.selectOptions(dialog.getByLabelText('Priority'), 'High');
  await userEvent.selectOptions(dialog.getByLabelText('Category'), 'Equipment');
  await userEvent.clear(dialog.getByLabelText('Due Date'));
  await userEvent.click(dialog.getByRole('button', { name: 'Add Task' }));

  expect(await dialog.findByText('assigneeId must be a member of the club')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
    assignee: SAM.name,
    assigneeId: SAM.id,
    priority: 'high',
    category: 'equipment',
    dueDate: '',
    status: 'backlog',
  });

  reply = { status: 201, body: { success: true, message: TASK_CREATED } };
  await userEvent.click(dialog.getByRole('button', { name: 'Add Task' }));
  expect(await screen.findByText(TASK_CREATED)).toBeInTheDocument();
});

it('when an admin edits a task, then the fields minus status are sent, and a member left for a typed name is unlinked', async () => {
  const calls = fakeApi({
    'GET /club-tasks': listOf(BOARD),
    'GET /user/all': roster,
    [`PUT /club-tasks/${BIBS.id}`]: ok(TASK_UPDATED),
  });
  open();

  await chooseFromMenu(`Actions for ${BIBS.title}`, 'Edit');
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit Task' }));
  expect(dialog.getByLabelText(/^Title/)).toHaveValue(BIBS.title);
  expect(dialog.getByLabelText('Due Date')).toHaveValue('2026-01-05');
  await waitFor(() => expect(dialog.getByLabelText('Assign to member')).toHaveValue(SAM.id));
  await userEvent.selectOptions(
    dialog.getByLabelText('Assign to member'),
    'Not a member (type a name)',
  );
  await userEvent.type(dialog.getByLabelText('Assignee'), '  Groundskeeper Gil ');
  await userEvent.clear(dialog.getByLabelText(/^Title/));
  await userEvent.type(dialog.getByLabelText(/^Title/), 'Order new bibs and cones');
  await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));

  expect(await screen.findByText(TASK_UPDATED)).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
    title: 'Order new bibs and cones',
    description: BIBS.description,
    priority: 'high',
    category: 'equipment',
    assignee: 'Groundskeeper Gil',
    assigneeId: null,
    dueDate: '2026-01-05',
  });
});

it('when an admin deletes a task, then documented confirmation comes first and Cancel sends nothing', async () => {
  const calls = fakeApi({
    'GET /club-tasks': listOf(BOARD),
    [`DELETE /club-tasks/${SPONSOR.id}`]: ok(TASK_DELETED),
  });
  open();

  await chooseFromMenu(`Actions for ${SPONSOR.title}`, 'Delete');
  let dialog = within(await screen.findByRole('dialog', { name: 'Delete Task' }));
  expect(dialog.getByText(CONFIRM_DELETE)).toBeInTheDocument();
  await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

  await chooseFromMenu(`Actions for ${SPONSOR.title}`, 'Delete');
  dialog = within(await screen.findByRole('dialog', { name: 'Delete Task' }));
  await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));

  expect(await screen.findByText(TASK_DELETED)).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
    `/club-tasks/${SPONSOR.id}`,
  ]);
});

it('when an admin chooses View and then a status, then only the status is sent; a refusal puts the selector back', async () => {
  let reply: { status?: number; body: unknown } = forbidden('Only administrators can update tasks');
  const calls = fakeApi({
    'GET /club-tasks': listOf(BOARD),
    [`PUT /club-tasks/${BUDGET.id}`]: () => reply,
  });
  open();

  await chooseFromMenu(`Actions for ${BUDGET.title}`, 'View');
  const dialog = within(await screen.findByRole('dialog', { name: BUDGET.title }));
  const status = dialog.getByLabelText('Status');
  expect(status).toHaveValue('in-progress');
  await userEvent.selectOptions(status, 'Review');

  expect(await dialog.findByText('Only administrators can update tasks')).toBeInTheDocument();
  expect(status).toHaveValue('in-progress');

  reply = { status: 500, body: {} };
  await userEvent.selectOptions(status, 'Completed');
  expect(await dialog.findByText(STATUS_FAILED)).toBeInTheDocument();

  reply = { body: { success: true, message: TASK_STATUS_UPDATED } };
  await userEvent.selectOptions(status, 'Review');
  expect(await screen.findByText(TASK_STATUS_UPDATED)).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
    { status: 'review' },
    { status: 'completed' },
    { status: 'review' },
  ]);
});

it('when an admin picks a place in the details, then the card moves there without dragging (WCAG 2.5.7)', async () => {
  const calls = fakeApi({
    'GET /club-tasks': listOf(BOARD),
    [`PUT /club-tasks/${SPONSOR.id}`]: () => new Promise<never>(() => {}),
  });
  open();

  await userEvent.click(await screen.findByRole('button', { name: SPONSOR.title }));
  const dialog = within(await screen.findByRole('dialog', { name: SPONSOR.title }));
  const place = dialog.getByLabelText('Position in column');
  expect(place).toHaveValue('1');
  await userEvent.selectOptions(place, '1 of 2');

  await waitFor(() => expect(titlesIn(/^Backlog/)).toEqual([SPONSOR.title, BIBS.title]));
  expect(place).toHaveValue('0');
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'backlog', position: 0 });
});

describe('moving a card with the keyboard', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = layOutBoard();
  });
  afterEach(() => restore());

  /** Picks up a card by its move handle, presses `key`, waits until it is over `place`, drops it. */
  async function moveByKeyboard(title: string, key: string, place: RegExp) {
    const handle = await screen.findByRole('button', { name: `Move ${title}` });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await screen.findByText(new RegExp(`^Task ${title} is over Backlog`));
    // A card that changes column is drawn anew there: the keys go wherever the focus now is.
    fireEvent.keyDown(document.activeElement ?? document.body, { code: key, key });
    await screen.findByText(place);
    fireEvent.keyDown(document.activeElement ?? document.body, { code: 'Space', key: ' ' });
    await screen.findByText(new RegExp(`^Task ${title} was dropped`));
  }

  it('when an admin moves a card to another column, then it shows there at once and PUT carries status and position', async () => {
    let answer: (reply: { body: unknown }) => void = () => {};
    const calls = fakeApi({
      'GET /club-tasks': listOf(BOARD),
      [`PUT /club-tasks/${SPONSOR.id}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    open();
    await screen.findByRole('article', { name: SPONSOR.title });

    await moveByKeyboard(SPONSOR.title, 'ArrowRight', /is over In Progress/);

    // Shown in its new column while the server has not answered yet.
    await waitFor(() => expect(titlesIn(/^In Progress/)).toContain(SPONSOR.title));
    expect(titlesIn(/^Backlog/)).toEqual([BIBS.title]);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ status: 'in-progress', position: expect.any(Number) });
    expect(titlesIn(/^In Progress/).indexOf(SPONSOR.title)).toBe(
      (put?.body as { position: number }).position,
    );
    expect(screen.getByRole('heading', { name: 'In Progress, 2 tasks' })).toBeInTheDocument();
    expect(
      screen.getByText(/^Task Find a shirt sponsor was dropped in In Progress/),
    ).toBeInTheDocument();
    answer({ body: { success: true, message: TASK_STATUS_UPDATED } });
  });

  it('when the server refuses a move, then the card goes back and the error shows', async () => {
    const calls = fakeApi({
      'GET /club-tasks': listOf(BOARD),
      [`PUT /club-tasks/${SPONSOR.id}`]: { status: 500, body: {} },
    });
    open();
    await screen.findByRole('article', { name: SPONSOR.title });

    await moveByKeyboard(SPONSOR.title, 'ArrowRight', /is over In Progress/);

    expect(await screen.findByText(MOVE_FAILED)).toBeInTheDocument();
    expect(titlesIn(/^Backlog/)).toEqual([BIBS.title, SPONSOR.title]);
    expect(titlesIn(/^In Progress/)).toEqual([BUDGET.title]);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('when an admin reorders a card within its column, then its new place is saved', async () => {
    // The server keeps what it was told, so the list read after the save agrees.
    let saved = BOARD;
    const calls = fakeApi({
      'GET /club-tasks': () => listOf(saved),
      [`PUT /club-tasks/${SPONSOR.id}`]: ({ body }) => {
        const { status, position } = body as { status: TaskStatus; position: number };
        saved = moveTask(saved, SPONSOR.id, status, position);
        return ok(TASK_STATUS_UPDATED);
      },
    });
    open();
    await screen.findByRole('article', { name: SPONSOR.title });

    await moveByKeyboard(SPONSOR.title, 'ArrowUp', /is over Backlog, position 1 of 2/);

    await waitFor(() => expect(titlesIn(/^Backlog/)).toEqual([SPONSOR.title, BIBS.title]));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        status: 'backlog',
        position: 0,
      }),
    );
  });

  it('when Escape is pressed during a move, then the card stays and nothing is sent', async () => {
    const calls = fakeApi({ 'GET /club-tasks': listOf(BOARD) });
    open();
    const handle = await screen.findByRole('button', { name: `Move ${SPONSOR.title}` });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await screen.findByText(/^Task Find a shirt sponsor is over Backlog/);
    fireEvent.keyDown(handle, { code: 'ArrowRight', key: 'ArrowRight' });
    await screen.findByText(/is over In Progress/);
    fireEvent.keyDown(document.activeElement ?? document.body, { code: 'Escape', key: 'Escape' });

    expect(await screen.findByText(/^Moving was cancelled/)).toBeInTheDocument();
    expect(titlesIn(/^Backlog/)).toEqual([BIBS.title, SPONSOR.title]);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
