/**
 * A page's transient notice of an action's outcome, shown by the notices stack AppProviders
 * mounts: a success politely (role status) that hides itself after the reference's 3 s (§4
 * "Settings success message", §5 "Success auto-hide"), a failure at once (role alert) that stays
 * until dismissed. One at a time per page: a new notice, or none, replaces the last.
 */
import { useCallback, useEffect, useId, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { SUCCESS_AUTO_HIDE_MS } from '@teamapp/contracts';

export type Notice = { kind: 'success' | 'error'; text: string } | null;

export function useNotice(): (next: Notice) => void {
  const base = useId();
  const count = useRef(0);
  const current = useRef<string | null>(null);
  const hide = useCallback(() => {
    if (current.current) notifications.hide(current.current);
    current.current = null;
  }, []);
  useEffect(() => hide, [hide]);
  return useCallback(
    (next: Notice) => {
      hide();
      if (!next) return;
      const success = next.kind === 'success';
      count.current += 1;
      current.current = notifications.show({
        id: `${base}-${count.current}`,
        message: next.text,
        color: success ? 'green' : 'red',
        role: success ? 'status' : 'alert',
        autoClose: success ? SUCCESS_AUTO_HIDE_MS : false,
        withCloseButton: true,
        closeButtonProps: { 'aria-label': 'Dismiss message' },
      });
    },
    [base, hide],
  );
}
