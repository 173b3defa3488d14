/**
 * The dashboard's stat card (reference §2 Dashboard), one look for every remote's widget: a label,
 * a figure and an optional hint, as a labelled group. QueryStatCard shows a query's figure: "…"
 * while it loads and "—" when it failed (the failure itself is only logged, reference §8).
 */
import { Card, Text } from '@mantine/core';

/** What a card shows under its label. */
export interface StatFigure {
  value: string;
  hint?: string;
}

export interface StatCardProps extends StatFigure {
  label: string;
}

export function StatCard({ label, value, hint }: StatCardProps) {
  return (
    <Card withBorder radius="md" padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="xl" fw={700} mt={4} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** The parts of a query result a card looks at. */
export interface FigureSource<T> {
  isLoading: boolean;
  isError: boolean;
  data: T | undefined;
}

export interface QueryStatCardProps<T> {
  label: string;
  query: FigureSource<T>;
  /** The figure from the query's data. */
  show: (data: T) => StatFigure;
}

export function QueryStatCard<T>({ label, query, show }: QueryStatCardProps<T>) {
  const figure: StatFigure = query.isLoading
    ? { value: '…' }
    : query.isError || query.data === undefined
      ? { value: '—' }
      : show(query.data);
  return <StatCard label={label} {...figure} />;
}

/** A count as a figure. */
export const countFigure = (count: number): StatFigure => ({ value: String(count) });
