/**
 * @teamapp/ui: shared across the federation as a singleton. Theme and providers, the session
 * (useSession, useRequest, useApi) and branding (useBranding), the remote manifest format, plus
 * small shared components and the accessibility pieces every screen uses: page title, main
 * landmark and skip link, live regions, readable text colours.
 */
export { theme, cssVariablesResolver, DIMMED_TEXT } from './theme/theme';
export {
  contrastRatio,
  isHexColour,
  parseHexColour,
  readableTextColour,
  relativeLuminance,
  AA_TEXT_CONTRAST,
  DARK_TEXT,
  LIGHT_TEXT,
} from './theme/contrast';
export { AppProviders, createQueryClient } from './app-providers';
export {
  SessionProvider,
  useSession,
  useApi,
  useRequest,
  roleLabel,
  type SessionValue,
  type SessionUserValue,
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
export {
  eventsQuery,
  eventsQueryKey,
  familyQuery,
  familyQueryKey,
  membersQueryKey,
  teamsQuery,
  teamsQueryKey,
  useMemberDirectory,
} from './queries/shared-reads';
export { TeamChoiceProvider, useTeamChoice, type TeamChoiceValue } from './teams/team-choice';
export { teamMembersQuery, teamMembersQueryKey, useTeamMembers } from './teams/team-members';
export {
  CHOOSE_A_TEAM,
  CLUB_WIDE,
  TeamPicker,
  useTeamPick,
  type TeamPick,
  type TeamPickerProps,
  type TeamPickOptions,
} from './teams/team-picker';
export {
  LoadingNotice,
  ErrorNotice,
  LoadingOrError,
  OutcomeRegion,
  type Outcome,
  type QueryState,
} from './components/status';
export { ConfirmDialog, type ConfirmDialogProps } from './components/confirm-dialog';
export { useNotice, type Notice } from './components/notice';
export { PageHeader } from './components/page-header';
export { PlainList } from './components/plain-list';
export { CardAction } from './components/card-action';
export { addOrEdit, useWrite } from './queries/use-write';
export { useRead } from './queries/use-read';
export { useConfirmedDelete, type ConfirmedDeleteOptions } from './components/confirmed-delete';
export { UserAvatar, initialsOf } from './components/user-avatar';
export { NoLoginBadge, NO_LOGIN } from './components/no-login-badge';
export { TableScroll, type TableScrollProps } from './components/table-scroll';
export { SearchField } from './components/search-field';
export { linkStylesheet } from './components/stylesheet';
export {
  MENU_KINDS,
  parseRemoteManifest,
  REMOTE_MANIFEST_FILE,
  type MenuKind,
  type NavEntry,
  type RemoteManifest,
  type RemoteRouteEntry,
  type RouteAccess,
} from './federation/remote-manifest';
export { usePageTitle, useFallbackPageTitle, composeDocumentTitle } from './a11y/page-title';
export { MainContent, SkipLink, MAIN_CONTENT_ID } from './a11y/landmarks';
export { LiveRegion } from './a11y/live-region';
export { LiveProvider, useLiveFrames, useLiveStatus, useLiveSend } from './live/live-context';
export {
  LiveConnection,
  liveTicket,
  liveUrl,
  LIVE_MAX_PAUSE_MS,
  type LiveListener,
  type LiveStatus,
} from './live/live-connection';
export {
  useApiForm,
  type ApiForm,
  type ApiFormOptions,
  type FormIssue,
  type FormSchema,
} from './forms/use-api-form';
export {
  SuccessDialogModal,
  useSuccessDialog,
  type SuccessDialog,
  type SuccessDialogOptions,
} from './forms/use-success-dialog';
export { ApiFormStack, FormActions, type FormActionsProps } from './forms/form-actions';
export { requestSchema } from './forms/request-schema';
export { RadioChoices, type RadioChoice, type RadioChoicesProps } from './forms/radio-choices';
// Dashboard widgets: the manifest entry and the card every remote's widget renders.
export type { DashboardWidget } from './federation/remote-manifest';
export {
  StatCard,
  QueryStatCard,
  countFigure,
  type FigureSource,
  type QueryStatCardProps,
  type StatCardProps,
  type StatFigure,
} from './federation/stat-card';
// Offline use: what the service worker served from its cache and the sends it keeps.
export {
  forgetOfflineState,
  isWaitingToSend,
  lastUpdatedText,
  OfflineLine,
  OfflineNote,
  onSendsDelivered,
  takeWorkerMessage,
  useOfflineSince,
  useScreenOfflineNote,
  useWaitingSends,
  watchServiceWorker,
} from './offline/offline-state';
export {
  WAITING_TO_SEND,
  WAITING_TO_SEND_CODE,
  type PageMessage,
  type WaitingSend,
  type WorkerMessage,
} from './offline/worker-messages';
