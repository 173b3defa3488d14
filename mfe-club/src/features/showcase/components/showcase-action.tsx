/**
 * What a showcase item does when chosen (reference §3 action): a link opens its URL in a new tab
 * without giving the new page a handle on this one; a modal opens the item's dialog with its
 * title, image and HTML content. That HTML was cleaned on the server with an allow-list before it
 * was stored (scripts, handlers, frames and unsafe URLs removed), and the page's CSP runs no
 * inline script, so it is rendered as HTML here.
 */
import {
  Button,
  Image,
  Modal,
  Stack,
  Typography,
  VisuallyHidden,
  type ButtonProps,
} from '@mantine/core';
import type { ShowcaseAction } from '@teamapp/contracts';

interface ActionButtonProps extends ButtonProps {
  action: ShowcaseAction | null;
  /** The visible text. */
  label: string;
  /** What the button is about, for assistive technology ("Read more: Season tickets"). */
  about?: string;
  onOpen: (action: ShowcaseAction) => void;
}

export function ActionButton({ action, label, about, onOpen, ...button }: ActionButtonProps) {
  if (!action) return null;
  const name = about ? `${label}: ${about}` : undefined;
  if (action.type === 'link') {
    return (
      <Button
        component="a"
        href={action.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={name ? `${name} (opens in a new tab)` : undefined}
        {...button}
      >
        {label}
        {!name && <VisuallyHidden> (opens in a new tab)</VisuallyHidden>}
      </Button>
    );
  }
  return (
    <Button aria-label={name} aria-haspopup="dialog" onClick={() => onOpen(action)} {...button}>
      {label}
    </Button>
  );
}

export function ActionModal({
  action,
  onClose,
}: {
  action: ShowcaseAction | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      title={action?.title || 'Details'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {action && (
        <Stack gap="md">
          {action.image && <Image src={action.image} alt="" radius="sm" />}
          <Typography>
            <div
              data-testid="showcase-modal-content"
              // Cleaned on the server with an allow-list (services/content sanitize-html.ts).
              dangerouslySetInnerHTML={{ __html: action.content }}
            />
          </Typography>
        </Stack>
      )}
    </Modal>
  );
}
