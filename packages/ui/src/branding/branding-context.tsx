/**
 * Branding (reference §3/§4): the settings from GET /api/settings, mirrored in localStorage, applied
 * to document.title (after the page's name, see a11y/page-title.ts), and kept in step across tabs (storage event) and remotes (app-title-changed).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APP_TITLE_CHANGED_EVENT,
  DEFAULT_APP_TITLE,
  DEFAULT_HEADER_COLOR,
  DEFAULT_LOGO_BACKGROUND,
  STORAGE_KEYS,
  type BrandingSettings,
} from '@teamapp/contracts';
import { useApi } from '../session/session-context';
import { setDocumentAppTitle } from '../a11y/page-title';

export const SETTINGS_QUERY_KEY = ['settings'] as const;

export interface Branding {
  appTitle: string;
  headerColor: string;
  logoBackground: string;
  logoUrl: string | null;
}

export interface BrandingValue extends Branding {
  /** Replaces the branding with what the server returned after a write. */
  setBranding: (settings: BrandingSettings) => void;
}

const BrandingContext = createContext<BrandingValue | null>(null);

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function readStoredBranding(): Branding {
  return {
    appTitle: safeGet(STORAGE_KEYS.appTitle) || DEFAULT_APP_TITLE,
    headerColor: safeGet(STORAGE_KEYS.headerColor) || DEFAULT_HEADER_COLOR,
    logoBackground: safeGet(STORAGE_KEYS.logoBackground) || DEFAULT_LOGO_BACKGROUND,
    logoUrl: safeGet(STORAGE_KEYS.teamLogo) || null,
  };
}

function toBranding(settings: BrandingSettings): Branding {
  return {
    appTitle: settings.appTitle || DEFAULT_APP_TITLE,
    headerColor: settings.headerColor || DEFAULT_HEADER_COLOR,
    logoBackground: settings.logoBackground || DEFAULT_LOGO_BACKGROUND,
    logoUrl: settings.logoUrl || null,
  };
}

function mirrorToStorage(branding: Branding) {
  try {
    localStorage.setItem(STORAGE_KEYS.appTitle, branding.appTitle);
    localStorage.setItem(STORAGE_KEYS.headerColor, branding.headerColor);
    localStorage.setItem(STORAGE_KEYS.logoBackground, branding.logoBackground);
    if (branding.logoUrl) localStorage.setItem(STORAGE_KEYS.teamLogo, branding.logoUrl);
    else localStorage.removeItem(STORAGE_KEYS.teamLogo);
  } catch {
    // Storage full or unavailable (a large logo can exceed the quota): the UI still updates.
  }
}

/** The settings query (readable signed out); the settings page shares its cache. */
export function useSettingsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: () => api.settings.get(),
    staleTime: 60_000,
    retry: 1,
  });
}

export function BrandingProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useSettingsQuery();
  const [branding, setBrandingState] = useState<Branding>(readStoredBranding);

  // Fresh server data wins over the stored copy.
  useEffect(() => {
    if (!query.data) return;
    const next = toBranding(query.data);
    mirrorToStorage(next);
    setBrandingState(next);
  }, [query.data]);

  useEffect(() => {
    setDocumentAppTitle(branding.appTitle);
  }, [branding.appTitle]);

  // Another tab (storage) or another part of this tab (app-title-changed) changed the branding.
  useEffect(() => {
    const brandingKeys: string[] = [
      STORAGE_KEYS.appTitle,
      STORAGE_KEYS.headerColor,
      STORAGE_KEYS.logoBackground,
      STORAGE_KEYS.teamLogo,
    ];
    const reload = () => setBrandingState(readStoredBranding());
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || brandingKeys.includes(event.key)) reload();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener(APP_TITLE_CHANGED_EVENT, reload);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(APP_TITLE_CHANGED_EVENT, reload);
    };
  }, []);

  const setBranding = useCallback(
    (settings: BrandingSettings) => {
      queryClient.setQueryData(SETTINGS_QUERY_KEY, settings);
      const next = toBranding(settings);
      mirrorToStorage(next);
      setBrandingState(next);
      window.dispatchEvent(new CustomEvent(APP_TITLE_CHANGED_EVENT, { detail: next }));
    },
    [queryClient],
  );

  const value = useMemo(() => ({ ...branding, setBranding }), [branding, setBranding]);
  return <BrandingContext.Provider value={value}>{children}</BrandingContext.Provider>;
}

export function useBranding(): BrandingValue {
  const value = useContext(BrandingContext);
  if (!value) throw new Error('useBranding must be used inside <BrandingProvider>');
  return value;
}
