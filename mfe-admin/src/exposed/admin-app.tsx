/**
 * What mfe_admin exposes (`./AdminApp`): the /settings and /users pages. It renders inside the
 * shell's router and providers (shared singletons), and picks its page from the location.
 */
import dropzoneStyles from '@mantine/dropzone/styles.css';
import { useLocation } from 'react-router';
import { linkStylesheet } from '@teamapp/ui';
import { SettingsPage } from '../features/settings/components/settings-page';
import { UsersPage } from '../features/users/users-page';

void linkStylesheet(dropzoneStyles);

export default function AdminApp() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/users')) return <UsersPage />;
  return <SettingsPage />;
}
