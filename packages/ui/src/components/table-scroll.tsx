/**
 * A table that may be wider than the screen (a phone at 375 px) scrolls sideways inside a named
 * region the keyboard can reach: focusable, announced by its label, with the focus ring, so a
 * keyboard user can scroll it with the arrow keys (axe's scrollable-region-focusable).
 */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TableScrollProps {
  /** What the region holds, read by screen readers ("Responses for Training"). */
  label: string;
  /** Below this width the table scrolls instead of squeezing its columns. */
  minWidth: number;
  children: ReactNode;
}

export function TableScroll({ label, minWidth, children }: TableScrollProps) {
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={minWidth}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </Table.ScrollContainer>
  );
}
