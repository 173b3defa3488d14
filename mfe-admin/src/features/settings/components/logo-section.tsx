/** Logo upload (click or drag and drop), preview and removal (reference §2 Settings, §5 Logo). */
import { Box, Image, Stack, Text } from '@mantine/core';
import {
  INVALID_LOGO_TYPE,
  LOGO_FILE_TYPES,
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE,
} from '@teamapp/contracts';
import { PictureField } from '@teamapp/ui/src/components/picture-field';
import { READ_FAILED, readAsDataUrl } from '../api/read-logo';

interface LogoSectionProps {
  logoUrl: string | null;
  logoBackground: string;
  uploading: boolean;
  removing: boolean;
  onUpload: (dataUrl: string) => void;
  onRemove: () => void;
  onProblem: (message: string) => void;
}

export function LogoSection(props: LogoSectionProps) {
  const { logoUrl, logoBackground, uploading, removing, onUpload, onRemove, onProblem } = props;

  async function upload(file: File) {
    try {
      onUpload(await readAsDataUrl(file));
    } catch {
      onProblem(READ_FAILED);
    }
  }

  return (
    <Stack gap="sm">
      <Text fw={500} size="sm" id="team-logo-label">
        Team Logo
      </Text>
      <PictureField
        preview={
          logoUrl && (
            <Box
              p="xs"
              style={{
                borderRadius: 8,
                border: '1px solid var(--mantine-color-gray-3)',
                background: logoBackground === 'transparent' ? undefined : logoBackground,
              }}
            >
              <Image src={logoUrl} alt="Current logo" h={80} w="auto" fit="contain" />
            </Box>
          )
        }
        removal={
          logoUrl
            ? {
                button: 'Remove Logo',
                title: 'Remove Logo',
                message: 'Are you sure you want to remove the logo?',
                busy: removing,
                onConfirm: onRemove,
              }
            : null
        }
        types={LOGO_FILE_TYPES}
        maxBytes={LOGO_MAX_BYTES}
        invalidType={INVALID_LOGO_TYPE}
        tooLarge={LOGO_TOO_LARGE}
        inputLabel="Upload logo"
        prompt="Drag a logo here or click to select a file"
        hint="PNG, JPEG or WebP, up to 2MB"
        uploading={uploading}
        onFile={(file) => void upload(file)}
        onProblem={onProblem}
        labelledBy="team-logo-label"
        testId="logo-dropzone"
      />
    </Stack>
  );
}
