/**
 * @teamapp/ui: shared across the federation as a singleton. Theme and providers, the session
 * (useSession, useRequest, useApi) and branding (useBranding), the remote manifest format, plus
 * small shared components.
 */
export { theme } from './theme/theme';
export { AppProviders, createQueryClient } from './app-providers';
export {
  SessionProvider,
  useSession,
  useApi,
  useRequest,
  roleLabel,
  type SessionValue,
} from './session/session-context';
export {
  BrandingProvider,
  useBranding,
  useSettingsQuery,
  readStoredBranding,
  SETTINGS_QUERY_KEY,
  type Branding,
  type BrandingValue,
} from './branding/branding-context';
export { LoadingNotice, ErrorNotice } from './components/status';
export { linkStylesheet } from './components/stylesheet';
export {
  parseRemoteManifest,
  REMOTE_MANIFEST_FILE,
  type NavEntry,
  type RemoteManifest,
  type RemoteRouteEntry,
  type RouteAccess,
} from './federation/remote-manifest';
