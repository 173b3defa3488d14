/**
 * @jest-environment jsdom
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { fakeApi } from '@teamapp/ui/test/dom';
import { Showcase } from '../components/showcase';
import { showcase, twoTeams } from '../test/fixtures';
import { SHOWCASE_DATA_ATTRIBUTE, SHOWCASE_ROOT_ID } from './page';

/** The page as the server sends it: the component's HTML, and its data in the root's attribute. */
function serverPage(data = showcase()) {
  const root = document.createElement('div');
  root.id = SHOWCASE_ROOT_ID;
  root.setAttribute(SHOWCASE_DATA_ATTRIBUTE, JSON.stringify(data));
  root.innerHTML = renderToString(<Showcase data={data} />);
  document.body.replaceChildren(root);
}

const startLightPage = () =>
  act(() =>
    jest.isolateModulesAsync(async () => {
      await import('./start');
    }),
  );

it('when the light script starts on the server-rendered page, then it hydrates it without a mismatch, reads the showcase once without a token, and the dialogs work', async () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const calls = fakeApi({ 'GET /showcase': { body: { success: true, data: showcase() } } });
  serverPage();
  const heading = screen.getByRole('heading', { level: 1, name: 'Riverside FC' });

  await startLightPage();
  await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/showcase']));

  // Hydrated, not replaced: the server's elements are the ones on the page.
  expect(screen.getByRole('heading', { level: 1, name: 'Riverside FC' })).toBe(heading);
  expect(calls[0]!.headers).not.toHaveProperty('Authorization');
  await userEvent.click(screen.getByRole('button', { name: 'INFO: vs Harbour Town' }));
  const info = await screen.findByRole('dialog', { name: 'vs Harbour Town' });
  expect(within(info).getByText('Kick-off 3:00 PM')).toBeInTheDocument();
  expect(within(info).getByRole('button', { name: 'Close' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'INFO: vs Harbour Town' })).toHaveFocus();
  // React reports a mismatch (and then renders the page again in the browser) on the console.
  expect(errors.mock.calls.flat().join('\n')).not.toMatch(/hydrat|server rendered/i);
  errors.mockRestore();
});

it('when the showcase changed since the page was rendered, then the page shows the current figures', async () => {
  const current = showcase();
  current.teamStats.mens.record = '5-1-2';
  fakeApi({ 'GET /showcase': { body: { success: true, data: current } } });
  serverPage();
  expect(screen.getByText('4-1-2')).toBeInTheDocument();

  await startLightPage();

  expect(await screen.findByText('5-1-2')).toBeInTheDocument();
});

it('when the club has several public teams, then the server renders a tab per team and the light script hydrates them without a mismatch', async () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const data = showcase({ teams: twoTeams() });
  fakeApi({ 'GET /showcase': { body: { success: true, data } } });
  serverPage(data);
  const tab = screen.getByRole('tab', { name: 'Red Hawks' });
  expect(tab).toHaveAttribute('aria-selected', 'false');

  await startLightPage();
  await userEvent.click(tab);

  expect(screen.getByRole('tab', { name: 'Red Hawks' })).toBe(tab);
  expect(tab).toHaveAttribute('aria-selected', 'true');
  expect(
    within(screen.getByRole('tabpanel', { name: 'Red Hawks' })).getByText('3-0-1'),
  ).toBeInTheDocument();
  expect(errors.mock.calls.flat().join('\n')).not.toMatch(/hydrat|server rendered/i);
  errors.mockRestore();
});
