/** Tasks and helpers the board's component tests share. */
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClubTask, User } from '@teamapp/contracts';
import { TEST_ADMIN, TEST_PLAYER } from '@teamapp/ui/test/dom';

const stamp = '2026-11-01T10:00:00.000Z';

export function aTask(fields: Partial<ClubTask> & Pick<ClubTask, 'id' | 'title'>): ClubTask {
  return {
    description: '',
    priority: 'medium',
    category: 'operations',
    status: 'backlog',
    assignee: 'Unassigned',
    assignee_id: null,
    due_date: '2030-07-01',
    position: 0,
    overdue: false,
    created_by: TEST_ADMIN.id,
    created_at: stamp,
    updated_at: stamp,
    ...fields,
  };
}

export const BIBS = aTask({
  id: '0b1c2d3e-0000-4000-8000-000000000001',
  title: 'Order new bibs',
  description: 'Twenty, in club blue.\nSizes M and L.',
  priority: 'high',
  category: 'equipment',
  assignee: 'Sam Striker',
  assignee_id: '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  due_date: '2026-01-05',
  overdue: true,
});
export const SPONSOR = aTask({
  id: '0b1c2d3e-0000-4000-8000-000000000002',
  title: 'Find a shirt sponsor',
  category: 'marketing',
  priority: 'low',
  position: 1,
  due_date: null,
});
export const BUDGET = aTask({
  id: '0b1c2d3e-0000-4000-8000-000000000003',
  title: 'Draft the season budget',
  category: 'finances',
  status: 'in-progress',
  assignee: 'Casey Coach',
});
export const BOARD = [BIBS, SPONSOR, BUDGET];

export const SAM: User = {
  ...TEST_PLAYER,
  id: '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  name: 'Sam Striker',
  email: 'sam@club.test',
};

export const listOf = (tasks: ClubTask[]) => ({ body: { success: true, tasks } });
export const roster = { body: { success: true, data: [TEST_ADMIN, SAM, TEST_PLAYER] } };

/**
 * Picks an item of a card's menu. Mantine's menu fades in and out with a CSS transition, which
 * jsdom runs unreliably on a loaded machine, so the item is found whether or not jsdom thinks it
 * is visible (the e2e axe walk opens the real menu).
 */
export async function chooseFromMenu(trigger: string, item: string): Promise<void> {
  await userEvent.click(await screen.findByRole('button', { name: trigger }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
}

/**
 * jsdom lays nothing out, so a keyboard drag has no places to go: this gives the columns
 * (sections) four places side by side and the cards rows within them, as a browser would.
 * Returns the function that puts jsdom's own measuring back.
 */
export function layOutBoard(): () => void {
  const original = Element.prototype.getBoundingClientRect;
  const rect = (x: number, y: number, width: number, height: number) =>
    ({
      x,
      y,
      left: x,
      top: y,
      width,
      height,
      right: x + width,
      bottom: y + height,
      toJSON: () => ({}),
    }) as DOMRect;
  const columns = () => [...document.querySelectorAll('section[aria-labelledby^="column-"]')];
  const cardRect = (card: Element): DOMRect => {
    const section = card.closest('section[aria-labelledby^="column-"]');
    if (!section) {
      // The copy that follows the pointer starts where the card is.
      const name = card.getAttribute('aria-label');
      const placed = [...document.querySelectorAll('section article')].find(
        (a) => a.getAttribute('aria-label') === name,
      );
      return placed ? cardRect(placed) : rect(0, 0, 0, 0);
    }
    const row = [...section.querySelectorAll('article')].indexOf(card as HTMLElement);
    return rect(columns().indexOf(section) * 300 + 10, 60 + row * 120, 260, 100);
  };
  Element.prototype.getBoundingClientRect = function (this: Element) {
    if (this.matches('section[aria-labelledby^="column-"]')) {
      return rect(columns().indexOf(this) * 300, 0, 280, 800);
    }
    const card = this.closest('article');
    return card ? cardRect(card) : rect(0, 0, 0, 0);
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}
