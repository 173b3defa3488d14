/** Exposed as `./SettingsPage`: /settings, rendered by the shell inside its router and providers. */
import dropzoneStyles from '@mantine/dropzone/styles.css';
import { linkStylesheet } from '@teamapp/ui';

void linkStylesheet(dropzoneStyles);

export { SettingsPage as default } from '../features/settings/components/settings-page';
