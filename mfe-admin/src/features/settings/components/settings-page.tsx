/**
 * /settings (reference §2 Settings, §4, §5 Logo, §8): admins edit title, header colour, logo
 * background and logo; others see the restricted notice.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  ColorInput,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  DEFAULT_HEADER_COLOR,
  SUCCESS_AUTO_HIDE_MS,
  type BrandingSettings,
} from '@teamapp/contracts';
import {
  ErrorNotice,
  LiveRegion,
  LoadingNotice,
  isHexColour,
  usePageTitle,
  useSession,
  useSettingsQuery,
} from '@teamapp/ui';
import { settingsErrorText, useSettingsMutations } from '../api/settings-mutations';
import { LogoSection } from './logo-section';
import { ConfirmDialog } from './confirm-dialog';
import { BrandingPreview } from './branding-preview';
import { OperationsSection } from './operations-section';

export const RESTRICTED_NOTICE = 'You need administrator privileges to access the settings page.';

interface FormValues {
  appTitle: string;
  headerColor: string;
  logoBackground: string;
}

function toForm(settings: BrandingSettings): FormValues {
  return {
    appTitle: settings.appTitle,
    headerColor: settings.headerColor,
    logoBackground: settings.logoBackground,
  };
}

type Message = { kind: 'success' | 'error'; text: string } | null;

type FieldErrors = Partial<Record<keyof FormValues, string>>;

/** The same rules as the server's (a hex colour; the logo background may be "transparent"). */
function fieldErrors(values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.appTitle.trim()) errors.appTitle = 'Enter an application title.';
  if (!isHexColour(values.headerColor)) {
    errors.headerColor = 'Enter a hex color such as #2563eb.';
  }
  const logoBackground = values.logoBackground.trim();
  if (logoBackground && logoBackground !== 'transparent' && !isHexColour(logoBackground)) {
    errors.logoBackground = 'Enter a hex color such as #ffffff, or make it transparent.';
  }
  return errors;
}

/** A message that hides itself after the reference's 3 s when it is a success. */
function useFlashMessage() {
  const [message, setMessage] = useState<Message>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = (next: Message) => {
    window.clearTimeout(timer.current);
    setMessage(next);
    if (next?.kind === 'success') {
      timer.current = window.setTimeout(() => setMessage(null), SUCCESS_AUTO_HIDE_MS);
    }
  };
  return [message, show] as const;
}

function SettingsForm({ settings }: { settings: BrandingSettings }) {
  const [values, setValues] = useState<FormValues>(() => toForm(settings));
  const [message, showMessage] = useFlashMessage();
  const [confirmReset, setConfirmReset] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, uploadLogo, removeLogo, reset } = useSettingsMutations();

  const set = (patch: Partial<FormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    // A corrected field stops being flagged at once; others wait for the next save.
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as (keyof FormValues)[]) delete next[key];
      return next;
    });
  };
  const replaceWith = (data: BrandingSettings) => {
    setValues(toForm(data));
    setErrors({});
  };

  function onSave(event: FormEvent) {
    event.preventDefault();
    const problems = fieldErrors(values);
    setErrors(problems);
    const first = (Object.keys(problems) as (keyof FormValues)[])[0];
    if (first) {
      // Focus the first field at fault; its error is tied to it (aria-describedby).
      document.getElementById(`settings-${first}`)?.focus();
      return;
    }
    save.mutate(
      {
        appTitle: values.appTitle.trim(),
        headerColor: values.headerColor.trim(),
        logoBackground: values.logoBackground.trim() || 'transparent',
      },
      {
        onSuccess: (data) => {
          replaceWith(data);
          showMessage({ kind: 'success', text: 'Settings saved successfully!' });
        },
        onError: (err) =>
          showMessage({ kind: 'error', text: settingsErrorText(err, 'Failed to save settings') }),
      },
    );
  }

  function onUpload(dataUrl: string) {
    uploadLogo.mutate(dataUrl, {
      onSuccess: () => showMessage({ kind: 'success', text: 'Logo uploaded successfully!' }),
      onError: (err) =>
        showMessage({ kind: 'error', text: settingsErrorText(err, 'Failed to upload logo') }),
    });
  }

  function onRemove() {
    removeLogo.mutate(undefined, {
      onSuccess: () => showMessage({ kind: 'success', text: 'Logo removed successfully!' }),
      onError: (err) =>
        showMessage({ kind: 'error', text: settingsErrorText(err, 'Failed to remove logo') }),
    });
  }

  function onReset() {
    setConfirmReset(false);
    reset.mutate(undefined, {
      onSuccess: (data) => {
        replaceWith(data);
        showMessage({ kind: 'success', text: 'Settings reset to defaults.' });
      },
      onError: (err) =>
        showMessage({ kind: 'error', text: settingsErrorText(err, 'Failed to reset settings') }),
    });
  }

  const transparent = values.logoBackground === 'transparent';
  const alert = (kind: 'success' | 'error') =>
    message?.kind === kind && (
      <Alert
        color={kind === 'success' ? 'green' : 'red'}
        withCloseButton
        onClose={() => showMessage(null)}
        closeButtonLabel="Dismiss message"
      >
        {message.text}
      </Alert>
    );

  return (
    <Stack gap="lg">
      {/* Both regions stay mounted, so each message is announced when it appears. */}
      <div>
        <LiveRegion>{alert('success')}</LiveRegion>
        <LiveRegion urgent>{alert('error')}</LiveRegion>
      </div>

      <Paper withBorder p="lg" radius="md" component="form" onSubmit={onSave} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            Branding
          </Title>
          <TextInput
            id="settings-appTitle"
            label="Application Title"
            error={errors.appTitle}
            value={values.appTitle}
            onChange={(e) => set({ appTitle: e.currentTarget.value })}
            maxLength={100}
            required
          />
          {/* No picker dropdown: it would cover the buttons below; a hex value with preview. */}
          <ColorInput
            id="settings-headerColor"
            label="Header Color"
            description="The header's text turns white or black, whichever reads better on it."
            error={errors.headerColor}
            format="hex"
            withPicker={false}
            value={values.headerColor}
            onChange={(headerColor) => set({ headerColor })}
            placeholder={DEFAULT_HEADER_COLOR}
          />
          <Stack gap={6}>
            <ColorInput
              id="settings-logoBackground"
              label="Logo Background"
              error={errors.logoBackground}
              description={
                transparent ? 'Transparent: the page shows through behind the logo.' : undefined
              }
              format="hex"
              withPicker={false}
              fixOnBlur={false}
              value={values.logoBackground}
              onChange={(logoBackground) => set({ logoBackground })}
              placeholder="transparent"
            />
            <Group>
              <Button
                variant="default"
                size="xs"
                onClick={() => set({ logoBackground: 'transparent' })}
                disabled={transparent}
              >
                Make Transparent
              </Button>
            </Group>
          </Stack>
          <BrandingPreview
            appTitle={values.appTitle}
            headerColor={values.headerColor.trim()}
            logoBackground={values.logoBackground.trim() || 'transparent'}
          />
          <Group justify="space-between" wrap="wrap">
            <Button type="submit" loading={save.isPending}>
              Save Settings
            </Button>
            <Button
              variant="outline"
              color="red"
              loading={reset.isPending}
              onClick={() => setConfirmReset(true)}
            >
              Reset to Defaults
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder p="lg" radius="md">
        <LogoSection
          logoUrl={settings.logoUrl ?? null}
          logoBackground={settings.logoBackground}
          uploading={uploadLogo.isPending}
          removing={removeLogo.isPending}
          onUpload={onUpload}
          onRemove={onRemove}
          onProblem={(text) => showMessage({ kind: 'error', text })}
        />
      </Paper>

      <Paper withBorder p="lg" radius="md">
        <OperationsSection onProblem={(text) => showMessage({ kind: 'error', text })} />
      </Paper>

      <ConfirmDialog
        opened={confirmReset}
        title="Reset to Defaults"
        message="Are you sure you want to reset all settings to their defaults? This also removes the logo."
        onCancel={() => setConfirmReset(false)}
        onConfirm={onReset}
      />
    </Stack>
  );
}

export function SettingsPage() {
  const { isAdmin } = useSession();
  const query = useSettingsQuery();
  usePageTitle('Settings');

  if (!isAdmin) {
    return (
      <Stack gap="lg" maw={720}>
        <Title order={1} size="h2">
          Settings
        </Title>
        <Alert color="yellow">
          <Text>{RESTRICTED_NOTICE}</Text>
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        Settings
      </Title>
      {query.isPending && <LoadingNotice />}
      {query.isError && (
        <ErrorNotice message="Failed to load settings" onRetry={() => void query.refetch()} />
      )}
      {query.data && <SettingsForm settings={query.data} />}
    </Stack>
  );
}
