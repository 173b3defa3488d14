/**
 * Renders a remote's exposed module inside Suspense and an error boundary. A remote missing from
 * the manifest, failing to load or crashing shows the "unavailable" state in the content area
 * only; header and sidebar keep working. A path that may belong to a remote whose routes could
 * not be loaded shows the same state (FederationUnavailable). RemoteSlot is the same with the
 * caller's loading and failure states (the dashboard's widgets use it, one slot per widget).
 */
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LoadingNotice, useSession } from '@teamapp/ui';
import {
  loadFederation,
  loadRemoteComponent,
  RemoteUnavailableError,
  type RemoteRoute,
} from './remote-registry';

type RemoteModule = Pick<RemoteRoute, 'remote' | 'expose'>;

const lazyCache = new Map<string, ComponentType>();

function lazyRemote(route: RemoteModule, attempt: number): ComponentType {
  const key = `${route.remote}/${route.expose}#${attempt}`;
  let component = lazyCache.get(key);
  if (!component) {
    component = lazy(() => loadRemoteComponent(route, attempt > 0));
    lazyCache.set(key, component);
  }
  return component;
}

export function RemoteUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { user } = useSession();
  const reason =
    error instanceof RemoteUnavailableError
      ? error.message
      : 'Something went wrong while showing it. Try again in a moment.';
  return (
    <Paper withBorder p="lg" radius="md" role="alert" maw={560} mx="auto" my="xl">
      <Stack gap="sm">
        <Title order={1} size="h3">
          This part of the app is unavailable
        </Title>
        <Text c="dimmed">{reason} The rest of the app keeps working.</Text>
        <Group gap="sm">
          <Button onClick={onRetry}>Retry</Button>
          {!user && (
            <Button component={Link} to="/login" variant="light">
              Go to login
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

interface BoundaryProps {
  children: ReactNode;
  fallback: (error: unknown, reset: () => void) => ReactNode;
  onReset: () => void;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    // Reported once by the root's onCaughtError (bootstrap.tsx); nothing more to do here.
    void error;
  }

  reset = () => {
    this.props.onReset();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return this.props.fallback(this.state.error, this.reset);
    return this.props.children;
  }
}

/** For a path no loaded manifest claims while some remote's routes are unknown. */
export function FederationUnavailable() {
  const [retrying, setRetrying] = useState(false);
  if (retrying) return <LoadingNotice />;
  const error = new RemoteUnavailableError(
    '',
    'manifest',
    'The page belongs to a part of the app that could not be loaded.',
  );
  return (
    <RemoteUnavailable
      error={error}
      onRetry={() => {
        setRetrying(true);
        void loadFederation(true).finally(() => setRetrying(false));
      }}
    />
  );
}

interface RemoteSlotProps {
  route: RemoteModule;
  /** Shown while the module loads. */
  loading: ReactNode;
  /** Shown when it could not be loaded or crashed; `retry` loads it again. */
  failed: (error: unknown, retry: () => void) => ReactNode;
}

/** One exposed module, isolated: its loading and failure stay inside the slot. */
export function RemoteSlot({ route, loading, failed }: RemoteSlotProps) {
  const [attempt, setAttempt] = useState(0);
  const Remote = lazyRemote(route, attempt);
  return (
    <RemoteErrorBoundary
      key={`${route.remote}/${route.expose}`}
      onReset={() => setAttempt((n) => n + 1)}
      fallback={failed}
    >
      <Suspense fallback={loading}>
        <Remote />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

export function RemoteOutlet({ route }: { route: RemoteModule }) {
  return (
    <RemoteSlot
      route={route}
      loading={<LoadingNotice />}
      failed={(error, retry) => <RemoteUnavailable error={error} onRetry={retry} />}
    />
  );
}
