/**
 * Live regions: screen readers announce what appears inside them. The region itself stays
 * mounted and only its content changes, which is what assistive technology reliably announces
 * (a role="status" element inserted together with its text often is not).
 */
import type { ReactNode } from 'react';
import { VisuallyHidden } from '@mantine/core';

export function LiveRegion({
  children,
  urgent = false,
  visuallyHidden = false,
}: {
  children?: ReactNode;
  /** Errors: announced at once (role="alert"); otherwise politely (role="status"). */
  urgent?: boolean;
  /** For text that is shown elsewhere already, such as a button's "Signing in...". */
  visuallyHidden?: boolean;
}) {
  const role = urgent ? 'alert' : 'status';
  const live = urgent ? 'assertive' : 'polite';
  if (visuallyHidden) {
    return (
      <VisuallyHidden role={role} aria-live={live} aria-atomic>
        {children}
      </VisuallyHidden>
    );
  }
  return (
    <div role={role} aria-live={live} aria-atomic>
      {children}
    </div>
  );
}
