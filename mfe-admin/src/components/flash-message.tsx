/**
 * A page's outcome message (from useFlashMessage): success in a polite live region, failure in an
 * urgent one, each dismissable. Both regions stay mounted, so each message is announced when it
 * appears.
 */
import { Alert } from '@mantine/core';
import { LiveRegion } from '@teamapp/ui';
import type { Message } from '../lib/page-state';

export function FlashMessage({ message, onDismiss }: { message: Message; onDismiss: () => void }) {
  const alert = (kind: 'success' | 'error') =>
    message?.kind === kind && (
      <Alert
        color={kind === 'success' ? 'green' : 'red'}
        withCloseButton
        onClose={onDismiss}
        closeButtonLabel="Dismiss message"
      >
        {message.text}
      </Alert>
    );
  return (
    <div>
      <LiveRegion>{alert('success')}</LiveRegion>
      <LiveRegion urgent>{alert('error')}</LiveRegion>
    </div>
  );
}
