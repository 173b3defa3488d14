/**
 * Exposed as `./SettingsPage`: /settings, rendered by the shell inside its router and providers.
 * Admins get the branding settings and, below them, the showcase editor.
 */
import dropzoneStyles from '@mantine/dropzone/styles.css';
import { Stack } from '@mantine/core';
import { linkStylesheet, useSession } from '@teamapp/ui';
import { SettingsPage } from '../features/settings/components/settings-page';
import { ShowcaseEditor } from '../features/showcase-editor/components/showcase-editor';

void linkStylesheet(dropzoneStyles);

export default function SettingsWithShowcase() {
  const { isAdmin } = useSession();
  return (
    <Stack gap="lg">
      <SettingsPage />
      {isAdmin && (
        <Stack maw={720}>
          <ShowcaseEditor />
        </Stack>
      )}
    </Stack>
  );
}
