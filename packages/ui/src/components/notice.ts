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
  const current = useRef<{ id: string; kind: 'success' | 'error'; autoClose: number } | null>(null);
  const hide = useCallback(() => {
    if (current.current) notifications.hide(current.current.id);
    current.current = null;
  }, []);
  useEffect(() => hide, [hide]);
  return useCallback(
    (next: Notice) => {
      const shown = current.current;
      if (next && shown && shown.kind === next.kind) {
        // The same kind again: the notice shown takes the new text in place (its live region
        // announces it, and no second notice with the same text stands beside it while the
        // first leaves); a success's 3 s start again (the stack restarts its timer when the
        // duration changes, hence the millisecond's difference).
        const autoClose =
          next.kind === 'success'
            ? shown.autoClose === SUCCESS_AUTO_HIDE_MS
              ? SUCCESS_AUTO_HIDE_MS + 1
              : SUCCESS_AUTO_HIDE_MS
            : 0;
        current.current = { ...shown, autoClose };
        notifications.update({
          id: shown.id,
          message: next.text,
          ...(next.kind === 'success' ? { autoClose } : {}),
        });
        return;
      }
      hide();
      if (!next) return;
      const success = next.kind === 'success';
      count.current += 1;
      const id = `${base}-${count.current}`;
      current.current = { id, kind: next.kind, autoClose: success ? SUCCESS_AUTO_HIDE_MS : 0 };
      notifications.show({
        id,
        message: next.text,
        color: success ? 'green' : 'red',
        role: success ? 'status' : 'alert',
        autoClose: success ? SUCCESS_AUTO_HIDE_MS : false,
        withCloseButton: true,
        closeButtonProps: { 'aria-label': 'Dismiss message' },
        // Closed by its button or its time: the next notice is a new one.
        onClose: () => {
          if (current.current?.id === id) current.current = null;
        },
      });
    },
    [base, hide],
  );
}
