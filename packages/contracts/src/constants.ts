/** Product constants (reference §9). */
export const DEFAULT_APP_TITLE = 'TeamApp';
export const DEFAULT_HEADER_COLOR = '#2563eb';
export const DEFAULT_LOGO_BACKGROUND = 'transparent';

export const LOGO_MAX_BYTES = 2_097_152;
export const PROFILE_PICTURE_MAX_BYTES = 5_242_880;
export const PASSWORD_MIN_LENGTH = 8;
export const TEMP_PASSWORD_LENGTH = 8;
export const NOTIFICATION_FETCH_SIZE = 20;
export const SUCCESS_AUTO_HIDE_MS = 3000;
export const RESET_REDIRECT_MS = 3000;
export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_WIDTH_PX = 250;

export const ROLES = ['admin', 'player'] as const;
export type Role = (typeof ROLES)[number];

/** Browser storage keys (reference §3). */
export const STORAGE_KEYS = {
  token: 'token',
  currentUser: 'currentUser',
  teamLogo: 'teamLogo',
  headerColor: 'headerColor',
  appTitle: 'appTitle',
  logoBackground: 'logoBackground',
} as const;

/** Fired on window when the branding changes in this tab (reference §4). */
export const APP_TITLE_CHANGED_EVENT = 'app-title-changed';
