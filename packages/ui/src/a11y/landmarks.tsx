/**
 * The page's main landmark and the "Skip to main content" link that jumps to it (WCAG 2.4.1).
 * Every layout renders exactly one MainContent; pages inside it bring their one <h1>.
 */
import { useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { Box, type BoxProps } from '@mantine/core';

export const MAIN_CONTENT_ID = 'main-content';

const hidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

const shown: CSSProperties = {
  position: 'fixed',
  top: 8,
  left: 8,
  zIndex: 1000,
  padding: '10px 16px',
  borderRadius: 6,
  background: '#ffffff',
  color: '#000000',
  fontWeight: 700,
  textDecoration: 'underline',
  outline: '3px solid var(--mantine-primary-color-filled)',
  outlineOffset: 2,
  boxShadow: '0 2px 8px rgba(0, 0, 0, 0.3)',
};

/** The first stop of the tab order: hidden until focused, then moves focus to the main content. */
export function SkipLink() {
  const [focused, setFocused] = useState(false);
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    // Focus, not a hash change: the router keeps its URL and the next Tab starts inside main.
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      style={focused ? shown : hidden}
    >
      Skip to main content
    </a>
  );
}

/** The one <main> of a page; focusable from the skip link without joining the tab order. */
export function MainContent({
  children,
  ...props
}: BoxProps & { children: ReactNode; style?: CSSProperties }) {
  return (
    <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} {...props}>
      {children}
    </Box>
  );
}
