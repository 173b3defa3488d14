/**
 * Small shared states: a loading notice, an error with an optional retry, a query's loading or
 * error state, and the live region announcing an action's outcome.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import { LiveRegion } from '../a11y/live-region';

export function LoadingNotice({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{label}</Text>
      </Group>
    </Center>
  );
}

export function ErrorNotice({
  message,
  title,
  onRetry,
}: {
  message: string;
  title?: string;
  onRetry?: () => void;
}) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** What LoadingOrError reads of a TanStack query. */
export interface QueryState<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * A query's states: `loading` while it runs, its error (the server's text, else `failed`) with
 * Retry when it failed, and `children` with the data once it has it.
 */
export function LoadingOrError<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: QueryState<T>;
  /** The loading notice's text. */
  loading: string;
  failed: string;
  children?: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingNotice label={loading} />;
  if (query.isError) {
    return (
      <ErrorNotice message={errorText(query.error, failed)} onRetry={() => void query.refetch()} />
    );
  }
  return children?.(query.data as T) ?? null;
}

/** An action's outcome: `text` in green when it went through (`ok`), in red when it did not. */
export interface Outcome {
  ok: boolean;
  text: string;
}

/** The polite live region announcing the last action's outcome, if any. */
export function OutcomeRegion({ message }: { message: Outcome | null | undefined }) {
  return (
    <LiveRegion>
      {message && <Alert color={message.ok ? 'green' : 'red'}>{message.text}</Alert>}
    </LiveRegion>
  );
}
