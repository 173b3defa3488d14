/**
 * A delete asked first: `ask(target)` opens the confirmation ("Delete {what}", the screen's own
 * question, a Delete button); confirming closes it, runs `remove` and tells the outcome: the
 * answer's message (else `deleted`) when it went through, the server's text (else `failed`) when
 * not. `dialog()` is the confirmation to render, with the choices that go with it if any.
 */
import { useState, type ReactNode } from 'react';
import { errorText } from '@teamapp/api-client';
import { ConfirmDialog } from './confirm-dialog';
import type { Outcome } from './status';

export interface ConfirmedDeleteOptions<T> {
  what: string;
  message: string;
  remove: (target: T) => Promise<{ message?: string }>;
  deleted?: string;
  failed: string;
  onOutcome: (outcome: Outcome) => void;
}

export function useConfirmedDelete<T>(options: ConfirmedDeleteOptions<T>) {
  const [target, setTarget] = useState<T | null>(null);

  async function confirm() {
    if (target === null) return;
    setTarget(null);
    const { remove, deleted = '', failed, onOutcome } = options;
    try {
      const answer = await remove(target);
      onOutcome({ ok: true, text: answer.message || deleted });
    } catch (err) {
      onOutcome({ ok: false, text: errorText(err, failed) });
    }
  }

  return {
    target,
    ask: (next: T) => setTarget(() => next),
    dialog: (choices?: ReactNode) => (
      <ConfirmDialog
        opened={target !== null}
        title={`Delete ${options.what}`}
        message={options.message}
        confirmLabel="Delete"
        onCancel={() => setTarget(null)}
        onConfirm={() => void confirm()}
      >
        {choices}
      </ConfirmDialog>
    ),
  };
}
