/**
 * What a showcase item does when chosen (reference §3 action): a link opens its URL in a new tab
 * without giving the new page a handle on this one; a modal opens the item's dialog with its
 * title, image and HTML content. That HTML was cleaned on the server with an allow-list before it
 * was stored (scripts, handlers, frames and unsafe URLs removed), and the page's CSP runs no
 * inline script, so it is rendered as HTML here. Plain React and the page's own stylesheet
 * (showcase-styles.ts): the server renders these and the light page hydrates them.
 */
import { useEffect, useId, useRef } from 'react';
import type { ShowcaseAction } from '@teamapp/contracts';

export type ButtonVariant = 'filled' | 'light' | 'subtle';

interface ActionButtonProps {
  action: ShowcaseAction | null;
  /** The visible text. */
  label: string;
  /** What the button is about, for assistive technology ("Read more: Season tickets"). */
  about?: string;
  onOpen: (action: ShowcaseAction) => void;
  variant?: ButtonVariant;
}

export const buttonClass = (variant: ButtonVariant) => `sc-button sc-${variant}`;

export function ActionButton({
  action,
  label,
  about,
  onOpen,
  variant = 'filled',
}: ActionButtonProps) {
  if (!action) return null;
  const name = about ? `${label}: ${about}` : undefined;
  if (action.type === 'link') {
    return (
      <a
        className={buttonClass(variant)}
        href={action.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={name ? `${name} (opens in a new tab)` : undefined}
      >
        {label}
        {!name && <span className="sc-hidden"> (opens in a new tab)</span>}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={buttonClass(variant)}
      aria-label={name}
      aria-haspopup="dialog"
      onClick={() => onOpen(action)}
    >
      {label}
    </button>
  );
}

const FOCUSABLE =
  'a[href],button:not([disabled]),input,select,textarea,[tabindex]:not([tabindex="-1"])';

/** A modal dialog: focus moves in and stays in, Escape and Close dismiss, focus goes back. */
export function ActionModal({
  action,
  onClose,
}: {
  action: ShowcaseAction | null;
  /** Keep it stable (useCallback): the dialog's keyboard handling is set up once per opening. */
  onClose: () => void;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const open = action !== null;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !dialog.current) return;
      const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [open, onClose]);

  if (!action) return null;
  return (
    <div
      className="sc-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className="sc-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className="sc-modal-head">
          <h2 id={titleId} className="sc-modal-title">
            {action.title || 'Details'}
          </h2>
          <button
            ref={close}
            type="button"
            className="sc-close"
            aria-label="Close"
            onClick={onClose}
          >
            ×
          </button>
        </div>
        <div className="sc-stack">
          {action.image && <img className="sc-modal-image" src={action.image} alt="" />}
          <div
            className="sc-prose"
            data-testid="showcase-modal-content"
            // Cleaned on the server with an allow-list (services/content sanitize-html.ts).
            dangerouslySetInnerHTML={{ __html: action.content }}
          />
        </div>
      </div>
    </div>
  );
}
