/** Page state the admin screens share: the target of a dialog opened from a list row. */
import { useState } from 'react';

/** What a page hands the dialog it opens. */
export interface DialogProps {
  opened: boolean;
  onClose: () => void;
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
  const close = () => setState((s) => ({ ...s, opened: false }));
  return {
    ...state,
    open: (target: T) => setState((s) => ({ target, opened: true, key: s.key + 1 })),
    close,
    /** The dialog's own `opened` and `onClose`. */
    dialog: { opened: state.opened, onClose: close },
  };
}
