/**
 * Settings writes (reference §4 Settings, §7): the fetchers, on the session's request function, and
 * the hook the page uses. Each write replaces the branding with what the server returns, through
 * the shared branding setter, so header colour and title change everywhere at once.
 */
import { useMutation } from '@tanstack/react-query';
import type { BrandingSettings, UpdateSettingsInput } from '@teamapp/contracts';
import { errorText, requestData, type ApiRequest } from '@teamapp/api-client';
import { useBranding, useRequest } from '@teamapp/ui';

export const updateSettings = (request: ApiRequest, input: UpdateSettingsInput) =>
  requestData<BrandingSettings>(request, 'PUT', '/settings', input);

export const uploadLogo = (request: ApiRequest, logoUrl: string) =>
  requestData<BrandingSettings>(request, 'POST', '/settings/logo', { logoUrl });

export const removeLogo = (request: ApiRequest) =>
  requestData<BrandingSettings>(request, 'DELETE', '/settings/logo');

export const resetSettings = (request: ApiRequest) =>
  requestData<BrandingSettings>(request, 'POST', '/settings/reset');

/**
 * The server's message when it sent one (reference §8 "server messages are preferred"), else ours.
 * Errors come from the shell's copy of the request function, so this checks them by shape.
 */
export function settingsErrorText(error: unknown, fallback: string): string {
  return errorText(error, fallback);
}

export function useSettingsMutations() {
  const request = useRequest();
  const { setBranding } = useBranding();
  const onSuccess = (data: BrandingSettings) => setBranding(data);

  return {
    save: useMutation({
      mutationFn: (input: UpdateSettingsInput) => updateSettings(request, input),
      onSuccess,
    }),
    uploadLogo: useMutation({
      mutationFn: (logoUrl: string) => uploadLogo(request, logoUrl),
      onSuccess,
    }),
    removeLogo: useMutation({ mutationFn: () => removeLogo(request), onSuccess }),
    reset: useMutation({ mutationFn: () => resetSettings(request), onSuccess }),
  };
}
