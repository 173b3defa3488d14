/**
 * Small pieces of page state the admin screens share: a message that hides itself after the
 * reference's 3 s when it is a success, and the target of a dialog opened from a list row.
 */
import { useEffect, useRef, useState } from 'react';
import { SUCCESS_AUTO_HIDE_MS } from '@teamapp/contracts';

export type Message = { kind: 'success' | 'error'; text: string } | null;

/** A message that hides itself after the reference's 3 s when it is a success. */
export function useFlashMessage() {
  const [message, setMessage] = useState<Message>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = (next: Message) => {
    window.clearTimeout(timer.current);
    setMessage(next);
    if (next?.kind === 'success') {
      timer.current = window.setTimeout(() => setMessage(null), SUCCESS_AUTO_HIDE_MS);
    }
  };
  return [message, show] as const;
}

/**
 * What a dialog is about. The target stays after closing, so the dialog can play its exit and
 * return focus to the button that opened it; `key` changes on each opening, so the dialog's form
 * starts afresh.
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ target: T | null; opened: boolean; key: number }>({
    target: null,
    opened: false,
    key: 0,
  });
  return {
    ...state,
    open: (target: T) => setState((s) => ({ target, opened: true, key: s.key + 1 })),
    close: () => setState((s) => ({ ...s, opened: false })),
  };
}
