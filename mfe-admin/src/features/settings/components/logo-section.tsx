/** Logo upload (click or drag and drop), preview and removal (reference §2 Settings, §5 Logo). */
import { useState } from 'react';
import { Box, Button, Group, Image, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import {
  INVALID_LOGO_TYPE,
  LOGO_FILE_TYPES,
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE,
} from '@teamapp/contracts';
import { ConfirmDialog } from '@teamapp/ui';
import { logoFileProblem, READ_FAILED, readAsDataUrl } from '../api/read-logo';

interface LogoSectionProps {
  logoUrl: string | null;
  logoBackground: string;
  uploading: boolean;
  removing: boolean;
  onUpload: (dataUrl: string) => void;
  onRemove: () => void;
  onProblem: (message: string) => void;
}

function rejectionText(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
  if (codes.includes('file-invalid-type')) return INVALID_LOGO_TYPE;
  if (codes.includes('file-too-large')) return LOGO_TOO_LARGE;
  return INVALID_LOGO_TYPE;
}

export function LogoSection(props: LogoSectionProps) {
  const { logoUrl, logoBackground, uploading, removing, onUpload, onRemove, onProblem } = props;
  const [confirming, setConfirming] = useState(false);

  async function accept(files: File[]) {
    const file = files[0];
    if (!file) return;
    const problem = logoFileProblem(file);
    if (problem) return onProblem(problem);
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
      {logoUrl && (
        <Group gap="md" align="center">
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
          <Button
            variant="light"
            color="red"
            loading={removing}
            onClick={() => setConfirming(true)}
          >
            Remove Logo
          </Button>
        </Group>
      )}
      <Dropzone
        onDrop={(files) => void accept(files)}
        onReject={(rejections) => onProblem(rejectionText(rejections))}
        accept={[...LOGO_FILE_TYPES]}
        maxSize={LOGO_MAX_BYTES}
        multiple={false}
        loading={uploading}
        aria-labelledby="team-logo-label"
        inputProps={{ 'aria-label': 'Upload logo' }}
        data-testid="logo-dropzone"
      >
        <Stack align="center" gap={4} py="md" style={{ pointerEvents: 'none' }}>
          <Text fw={500}>Drag a logo here or click to select a file</Text>
          <Text size="sm" c="dimmed">
            PNG, JPEG or WebP, up to 2MB
          </Text>
        </Stack>
      </Dropzone>
      <ConfirmDialog
        opened={confirming}
        title="Remove Logo"
        message="Are you sure you want to remove the logo?"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onRemove();
        }}
      />
    </Stack>
  );
}
