/**
 * Settings writes (SPEC §4 Settings): each replaces the branding with what the server returns,
 * through the shared branding setter, so header colour and title change everywhere at once.
 */
import { useMutation } from '@tanstack/react-query';
import type { BrandingSettings, UpdateSettingsInput } from '@teamapp/contracts';
import { ApiError } from '@teamapp/api-client';
import { useApi, useBranding } from '@teamapp/ui';

/** The server's message when it sent one (SPEC §8 "server messages are preferred"), else ours. */
export function settingsErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer && error.message) return error.message;
  return fallback;
}

export function useSettingsMutations() {
  const api = useApi();
  const { setBranding } = useBranding();
  const onSuccess = (data: BrandingSettings) => setBranding(data);

  return {
    save: useMutation({
      mutationFn: (input: UpdateSettingsInput) => api.settings.update(input),
      onSuccess,
    }),
    uploadLogo: useMutation({
      mutationFn: (logoUrl: string) => api.settings.uploadLogo(logoUrl),
      onSuccess,
    }),
    removeLogo: useMutation({ mutationFn: () => api.settings.removeLogo(), onSuccess }),
    reset: useMutation({ mutationFn: () => api.settings.reset(), onSuccess }),
  };
}
