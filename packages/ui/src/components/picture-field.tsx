/**
 * A picture the member picks from a file and uploads (reference §5: the club's logo, a profile
 * picture): its preview beside a Remove button that asks first, then a dropzone taking a click or
 * a drop. The browser checks type and size before anything is sent and names the problem with the
 * reference's texts; the server still decides from the file's content.
 *
 * Imported by its path (`@teamapp/ui/src/components/picture-field`), not from the index: only
 * the two screens that upload a picture load @mantine/dropzone, and the @teamapp/ui every remote
 * shares stays without it.
 */
import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { ConfirmDialog } from '@teamapp/ui';

export interface PictureFieldProps {
  /** The current picture (or what stands for it); null shows no preview row. */
  preview: ReactNode;
  /** The Remove button and its confirmation, while there is a picture to remove. */
  removal: {
    button: string;
    title: string;
    message: string;
    confirmLabel?: string;
    busy: boolean;
    onConfirm: () => void;
  } | null;
  /** The kinds (MIME types) and the largest size in bytes the server takes. */
  types: readonly string[];
  maxBytes: number;
  /** The reference's texts for a file of another kind and for one too large. */
  invalidType: string;
  tooLarge: string;
  /** The file input's accessible name, e.g. "Upload logo". */
  inputLabel: string;
  /** The dropzone's two lines: what to do, and the kinds and size it takes. */
  prompt: string;
  hint: string;
  uploading: boolean;
  /** A file that passed the checks. */
  onFile: (file: File) => void;
  /** The text for a file that did not. */
  onProblem: (text: string) => void;
  /** The element naming the dropzone, if the screen labels it. */
  labelledBy?: string;
  testId: string;
}

export function PictureField(props: PictureFieldProps) {
  const { preview, removal, types, maxBytes, invalidType, tooLarge, onFile, onProblem } = props;
  const [confirming, setConfirming] = useState(false);

  function accept(files: File[]) {
    const file = files[0];
    if (!file) return;
    if (!types.includes(file.type)) return onProblem(invalidType);
    if (file.size > maxBytes) return onProblem(tooLarge);
    onFile(file);
  }

  function reject(rejections: FileRejection[]) {
    const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
    const onlyTooLarge = codes.includes('file-too-large') && !codes.includes('file-invalid-type');
    onProblem(onlyTooLarge ? tooLarge : invalidType);
  }

  return (
    <>
      {preview && (
        <Group gap="md" align="center">
          {preview}
          {removal && (
            <Button
              variant="light"
              color="red"
              loading={removal.busy}
              onClick={() => setConfirming(true)}
            >
              {removal.button}
            </Button>
          )}
        </Group>
      )}
      <Dropzone
        onDrop={accept}
        onReject={reject}
        accept={[...types]}
        maxSize={maxBytes}
        multiple={false}
        loading={props.uploading}
        aria-labelledby={props.labelledBy}
        inputProps={{ 'aria-label': props.inputLabel }}
        data-testid={props.testId}
      >
        <Stack align="center" gap={4} py="md" style={{ pointerEvents: 'none' }}>
          <Text fw={500}>{props.prompt}</Text>
          <Text size="sm" c="dimmed">
            {props.hint}
          </Text>
        </Stack>
      </Dropzone>
      {removal && (
        <ConfirmDialog
          opened={confirming}
          title={removal.title}
          message={removal.message}
          confirmLabel={removal.confirmLabel}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            removal.onConfirm();
          }}
        />
      )}
    </>
  );
}
