/**
 * @jest-environment jsdom
 */
import { act, screen, waitFor } from '@testing-library/react';
import { APP_TITLE_CHANGED_EVENT, STORAGE_KEYS } from '@teamapp/contracts';
import { fakeApi, renderWithProviders } from '../../test/dom';
import { useBranding } from './branding-context';

function BrandingProbe() {
  const { appTitle, headerColor, logoUrl, setBranding } = useBranding();
  return (
    <div>
      <p data-testid="title">{appTitle}</p>
      <p data-testid="colour">{headerColor}</p>
      <p data-testid="logo">{logoUrl ?? 'none'}</p>
      <button
        onClick={() =>
          setBranding({
            appTitle: 'Harbour United',
            headerColor: '#7c2d12',
            logoBackground: 'transparent',
            logoUrl: null,
            updatedAt: '2026-02-01T00:00:00.000Z',
          })
        }
      >
        save
      </button>
    </div>
  );
}

const settings = (appTitle: string, headerColor = '#2563eb') => ({
  success: true,
  data: {
    appTitle,
    headerColor,
    logoBackground: 'transparent',
    logoUrl: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
});

beforeEach(() => localStorage.clear());

it('when nothing is stored and the server is slow, then the documented defaults show', () => {
  fakeApi({ 'GET /settings': () => new Promise(() => undefined) });

  renderWithProviders(<BrandingProbe />);

  expect(screen.getByTestId('title')).toHaveTextContent('TeamApp');
  expect(screen.getByTestId('colour')).toHaveTextContent('#2563eb');
});

it('when the server answers, then its branding wins over the stored copy, is mirrored and titles the page', async () => {
  localStorage.setItem(STORAGE_KEYS.appTitle, 'Old Name');
  fakeApi({ 'GET /settings': { body: settings('Riverside FC', '#112233') } });

  renderWithProviders(<BrandingProbe />);

  expect(screen.getByTestId('title')).toHaveTextContent('Old Name');
  await waitFor(() => expect(screen.getByTestId('title')).toHaveTextContent('Riverside FC'));
  expect(screen.getByTestId('colour')).toHaveTextContent('#112233');
  expect(localStorage.getItem(STORAGE_KEYS.appTitle)).toBe('Riverside FC');
  expect(document.title).toBe('Riverside FC');
});

it('when a part of the app saves new branding, then it applies and app-title-changed fires', async () => {
  fakeApi({ 'GET /settings': { body: settings('Riverside FC') } });
  const changed = jest.fn();
  window.addEventListener(APP_TITLE_CHANGED_EVENT, changed);
  renderWithProviders(<BrandingProbe />);
  await waitFor(() => expect(document.title).toBe('Riverside FC'));

  act(() => screen.getByRole('button', { name: 'save' }).click());

  expect(screen.getByTestId('title')).toHaveTextContent('Harbour United');
  expect(localStorage.getItem(STORAGE_KEYS.headerColor)).toBe('#7c2d12');
  expect(changed).toHaveBeenCalledTimes(1);
  window.removeEventListener(APP_TITLE_CHANGED_EVENT, changed);
});

it('when another tab stores a new title, then this tab shows it', async () => {
  fakeApi({ 'GET /settings': { body: settings('Riverside FC') } });
  renderWithProviders(<BrandingProbe />);
  await waitFor(() => expect(document.title).toBe('Riverside FC'));

  act(() => {
    localStorage.setItem(STORAGE_KEYS.appTitle, 'Lakeside Rovers');
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.appTitle }));
  });

  expect(screen.getByTestId('title')).toHaveTextContent('Lakeside Rovers');
  expect(document.title).toBe('Lakeside Rovers');
});
