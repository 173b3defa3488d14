/**
 * Picks an item of a card's menu. Mantine's menu fades in and out with a CSS transition, which
 * jsdom runs unreliably on a loaded machine (the dropdown may already read display: none), so
 * the item is found whether or not jsdom thinks it is visible. In a real browser the a11y walk
 * opens the menu and chooses Edit.
 */
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

export async function chooseFromMenu(trigger: string, item: string): Promise<void> {
  await userEvent.click(await screen.findByRole('button', { name: trigger }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
}
