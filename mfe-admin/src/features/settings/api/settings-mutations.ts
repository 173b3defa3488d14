/**
 * Settings writes (reference §4 Settings, §7): the fetchers, on the session's request function, and
 * the hook the page uses. Each call goes through its endpoint in packages/contracts
 * (`settingsEndpoints`); the settings Pact test (settings.pact.test.ts) drives `settingsCalls`. Each write replaces the branding with what the server returns, through
 * the shared branding setter, so header colour and title change everywhere at once.
 */
import { useMutation } from '@tanstack/react-query';
import {
  settingsEndpoints as api,
  type BrandingSettings,
  type UpdateSettingsInput,
} from '@teamapp/contracts';
import { call, errorText, type ApiRequest } from '@teamapp/api-client';
import { useBranding, useRequest } from '@teamapp/ui';

/** The settings writes on a request function: each resolves to the branding as saved. */
export const settingsCalls = {
  update: async (request: ApiRequest, input: UpdateSettingsInput) =>
    (await call(request, api.update, { body: input })).data,
  uploadLogo: async (request: ApiRequest, logoUrl: string) =>
    (await call(request, api.uploadLogo, { body: { logoUrl } })).data,
  removeLogo: async (request: ApiRequest) => (await call(request, api.removeLogo)).data,
  reset: async (request: ApiRequest) => (await call(request, api.reset)).data,
};

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
      mutationFn: (input: UpdateSettingsInput) => settingsCalls.update(request, input),
      onSuccess,
    }),
    uploadLogo: useMutation({
      mutationFn: (logoUrl: string) => settingsCalls.uploadLogo(request, logoUrl),
      onSuccess,
    }),
    removeLogo: useMutation({ mutationFn: () => settingsCalls.removeLogo(request), onSuccess }),
    reset: useMutation({ mutationFn: () => settingsCalls.reset(request), onSuccess }),
  };
}
