/**
 * A live preview of the branding being edited: the header in its colour with the title in the
 * text colour the app will pick for it (white or black, whichever reads better), and the logo
 * background with its text colour, each with the contrast ratio it reaches.
 */
import type { CSSProperties } from 'react';
import { Box, Group, Stack, Text } from '@mantine/core';
import { LIGHT_TEXT, contrastRatio, isHexColour, readableTextColour } from '@teamapp/ui';

/** "White text, contrast 5.2:1" for a colour; null for anything else ("transparent"). */
function textNote(background: string): string | null {
  if (!isHexColour(background)) return null;
  const text = readableTextColour(background);
  const ratio = contrastRatio(background, text).toFixed(1);
  return `${text === LIGHT_TEXT ? 'White' : 'Black'} text, contrast ${ratio}:1`;
}

const inherit: CSSProperties = { color: 'inherit' };

export function BrandingPreview({
  appTitle,
  headerColor,
  logoBackground,
}: {
  appTitle: string;
  headerColor: string;
  logoBackground: string;
}) {
  const transparent = !isHexColour(logoBackground);
  return (
    <Stack gap={6}>
      <Text fw={500} size="sm">
        Preview
      </Text>
      <Group gap="sm" wrap="wrap" align="stretch">
        <Box
          px="md"
          py="xs"
          data-testid="header-preview"
          style={{
            flex: '1 1 220px',
            minWidth: 0,
            borderRadius: 6,
            background: isHexColour(headerColor) ? headerColor : undefined,
            color: readableTextColour(headerColor),
          }}
        >
          <Text fw={700} truncate="end" style={inherit}>
            {appTitle.trim() || 'Application Title'}
          </Text>
          <Text size="xs" style={inherit}>
            {textNote(headerColor) ?? 'Not a color yet'}
          </Text>
        </Box>
        <Box
          px="md"
          py="xs"
          data-testid="logo-background-preview"
          style={{
            flex: '1 1 160px',
            borderRadius: 6,
            border: '1px solid var(--mantine-color-gray-4)',
            background: transparent ? undefined : logoBackground,
            color: readableTextColour(logoBackground),
          }}
        >
          <Text fw={700} style={inherit}>
            Logo background
          </Text>
          <Text size="xs" style={inherit}>
            {textNote(logoBackground) ??
              (logoBackground === 'transparent' ? 'Transparent' : 'Not a color yet')}
          </Text>
        </Box>
      </Group>
    </Stack>
  );
}
