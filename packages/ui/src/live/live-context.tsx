/**
 * The live channel in React: AppProviders holds one LiveConnection per signed-in user (the shell
 * mounts it once, and @teamapp/ui is a federation singleton, so the shell and every remote share
 * the one socket). `useLiveFrames` listens, `useLiveStatus` tells whether it is up (to poll only
 * while it is down), `useLiveSend` sends a client frame. Without a signed-in user they do nothing.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { ChatClientFrame, ChatServerFrame } from '@teamapp/contracts';
import { useSession } from '../session/session-context';
import { LiveConnection, type LiveStatus } from './live-connection';

const LiveContext = createContext<LiveConnection | null>(null);

export function LiveProvider({ children }: { children: ReactNode }) {
  const { user, request } = useSession();
  const userId = user?.id;
  const [connection, setConnection] = useState<LiveConnection | null>(null);
  useEffect(() => {
    if (!userId) return;
    const next = new LiveConnection(request);
    setConnection(next);
    return () => {
      next.close();
      setConnection(null);
    };
  }, [userId, request]);
  return <LiveContext.Provider value={connection}>{children}</LiveContext.Provider>;
}

/** Calls `onFrame` with every frame of the shared socket (opening it if it is not yet open). */
export function useLiveFrames(onFrame: (frame: ChatServerFrame) => void): void {
  const connection = useContext(LiveContext);
  const handler = useRef(onFrame);
  useEffect(() => {
    handler.current = onFrame;
  });
  useEffect(() => {
    if (!connection) return;
    return connection.subscribe((frame) => handler.current(frame));
  }, [connection]);
}

const noSubscribe = () => () => undefined;

/** The shared socket's state; `idle` when signed out. */
export function useLiveStatus(): LiveStatus {
  const connection = useContext(LiveContext);
  return useSyncExternalStore(
    connection ? (fn) => connection.onStatus(fn) : noSubscribe,
    () => connection?.status ?? 'idle',
    () => 'idle',
  );
}

/** Sends a client frame on the shared socket; false when it is not open. */
export function useLiveSend(): (frame: ChatClientFrame) => boolean {
  const connection = useContext(LiveContext);
  return useCallback((frame) => connection?.send(frame) ?? false, [connection]);
}
