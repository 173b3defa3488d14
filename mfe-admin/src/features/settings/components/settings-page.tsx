/**
 * /settings (reference §2 Settings, §4, §5 Logo, §8): admins edit title, header colour, logo
 * background and logo; others see the restricted notice. The branding form is built with
 * useApiForm: the contract's settings schema checks the request about to be sent, each problem
 * worded as the page words it.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  ColorInput,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ADULT_AGE,
  ADULT_AGE_DESCRIPTION,
  ADULT_AGE_LABEL,
  ADULT_AGE_MAX,
  ADULT_AGE_MIN,
  DEFAULT_HEADER_COLOR,
  DEFAULT_SHOWCASE_MINORS,
  SHOWCASE_MINORS,
  SHOWCASE_MINORS_LABEL,
  SHOWCASE_MINORS_OPTIONS,
  updateSettingsSchema,
  type ShowcaseMinors,
  type BrandingSettings,
  type UpdateSettingsInput,
} from '@teamapp/contracts';
import {
  ConfirmDialog,
  ErrorNotice,
  LoadingNotice,
  type Notice,
  PageHeader,
  requestSchema,
  useApiForm,
  useNotice,
  usePageTitle,
  useSession,
  useSettingsQuery,
} from '@teamapp/ui';
import { settingsErrorText, useSettingsMutations } from '../api/settings-mutations';
import { LogoSection } from './logo-section';
import { BrandingPreview } from './branding-preview';
import { OperationsSection } from './operations-section';

export const RESTRICTED_NOTICE = 'You need administrator privileges to access the settings page.';

interface FormValues {
  appTitle: string;
  headerColor: string;
  logoBackground: string;
  showcaseMinors: ShowcaseMinors;
  /** As typed: a whole number is checked by the contract's schema on Save. */
  adultAge: string;
}

function toForm(settings: BrandingSettings): FormValues {
  return {
    appTitle: settings.appTitle,
    headerColor: settings.headerColor,
    logoBackground: settings.logoBackground,
    showcaseMinors: settings.showcaseMinors ?? DEFAULT_SHOWCASE_MINORS,
    adultAge: String(settings.adultAge ?? ADULT_AGE),
  };
}

/** What Save sends: trimmed, a blank logo background made transparent. */
function requestOf(values: FormValues): UpdateSettingsInput {
  return {
    appTitle: values.appTitle.trim(),
    headerColor: values.headerColor.trim(),
    logoBackground: values.logoBackground.trim() || 'transparent',
    showcaseMinors: values.showcaseMinors,
    // Blank is no number (0), which the schema refuses with the field's problem.
    adultAge: Number(values.adultAge.trim()),
  };
}

/**
 * The contract's rules (the server's), in the page's words. A title longer than its field holds
 * (its maxlength bypassed) is said at the top, with the page's other messages.
 */
const settingsFormSchema = requestSchema(updateSettingsSchema, requestOf, (path, issue) =>
  path === 'appTitle' && issue.code === 'too_big' ? '' : path,
);

const FIELD_PROBLEMS: Record<string, string> = {
  appTitle: 'Enter an application title.',
  headerColor: 'Enter a hex color such as #2563eb.',
  logoBackground: 'Enter a hex color such as #ffffff, or make it transparent.',
  adultAge: `Enter a whole number from ${ADULT_AGE_MIN} to ${ADULT_AGE_MAX}.`,
};

function SettingsForm({ settings }: { settings: BrandingSettings }) {
  const showMessage = useNotice();
  const [confirmReset, setConfirmReset] = useState(false);
  const { save, uploadLogo, removeLogo, reset } = useSettingsMutations();
  const api = useApiForm({
    initialValues: toForm(settings),
    schema: settingsFormSchema,
    describeIssue: (issue) => FIELD_PROBLEMS[issue.path] ?? issue.message,
    submit: (_data, values) => save.mutateAsync(requestOf(values)),
    errorMessage: (err) => settingsErrorText(err, 'Failed to save settings'),
    // The page says every outcome of its calls at the top (the logo's too), the server's
    // refusals included.
    serverErrorsOnFields: false,
    onSuccess: (data) => {
      replaceWith(data);
      flash({ kind: 'success', text: 'Settings saved successfully!' });
    },
  });
  const { form } = api;

  /** One message at a time: the save's own error goes when another message comes. */
  const flash = (next: Notice) => {
    api.setFormError(null);
    showMessage(next);
  };
  const replaceWith = (data: BrandingSettings) => {
    form.setValues(toForm(data));
    form.clearErrors();
  };

  function onSave(event: FormEvent) {
    showMessage(null);
    api.onSubmit(event);
  }

  function onUpload(dataUrl: string) {
    uploadLogo.mutate(dataUrl, {
      onSuccess: () => flash({ kind: 'success', text: 'Logo uploaded successfully!' }),
      onError: (err) =>
        flash({ kind: 'error', text: settingsErrorText(err, 'Failed to upload logo') }),
    });
  }

  function onRemove() {
    removeLogo.mutate(undefined, {
      onSuccess: () => flash({ kind: 'success', text: 'Logo removed successfully!' }),
      onError: (err) =>
        flash({ kind: 'error', text: settingsErrorText(err, 'Failed to remove logo') }),
    });
  }

  function onReset() {
    setConfirmReset(false);
    reset.mutate(undefined, {
      onSuccess: (data) => {
        replaceWith(data);
        flash({ kind: 'success', text: 'Settings reset to defaults.' });
      },
      onError: (err) =>
        flash({ kind: 'error', text: settingsErrorText(err, 'Failed to reset settings') }),
    });
  }

  const transparent = form.values.logoBackground === 'transparent';
  return (
    <Stack gap="lg">
      {/* The other outcomes are notices (useNotice); the save's own error stays here. */}
      <div>
        {api.errorRegion({
          withCloseButton: true,
          onClose: () => api.setFormError(null),
          closeButtonLabel: 'Dismiss message',
        })}
      </div>

      <Paper withBorder p="lg" radius="md" component="form" onSubmit={onSave} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            Branding
          </Title>
          <TextInput
            id="settings-appTitle"
            label="Application Title"
            {...form.getInputProps('appTitle')}
            maxLength={100}
            required
          />
          {/* No picker dropdown: it would cover the buttons below; a hex value with preview. */}
          <ColorInput
            id="settings-headerColor"
            label="Header Color"
            description="The header's text turns white or black, whichever reads better on it."
            {...form.getInputProps('headerColor')}
            format="hex"
            withPicker={false}
            placeholder={DEFAULT_HEADER_COLOR}
          />
          <Stack gap={6}>
            <ColorInput
              id="settings-logoBackground"
              label="Logo Background"
              {...form.getInputProps('logoBackground')}
              description={
                transparent ? 'Transparent: the page shows through behind the logo.' : undefined
              }
              format="hex"
              withPicker={false}
              fixOnBlur={false}
              placeholder="transparent"
            />
            <Group>
              <Button
                variant="default"
                size="xs"
                onClick={() => form.setFieldValue('logoBackground', 'transparent')}
                disabled={transparent}
              >
                Make Transparent
              </Button>
            </Group>
          </Stack>
          {/* Families: how the public showcase names members under the club's adult age. */}
          <Radio.Group
            label={SHOWCASE_MINORS_LABEL}
            description="Applies to the public showcase only; members always see full names."
            {...form.getInputProps('showcaseMinors')}
          >
            <Group gap="lg" mt={6}>
              {SHOWCASE_MINORS.map((choice) => (
                <Radio
                  key={choice}
                  value={choice}
                  id={`settings-showcaseMinors-${choice}`}
                  label={SHOWCASE_MINORS_OPTIONS[choice]}
                />
              ))}
            </Group>
          </Radio.Group>
          {/* Families: from this age a member is no longer a young player. */}
          <TextInput
            id="settings-adultAge"
            label={ADULT_AGE_LABEL}
            description={ADULT_AGE_DESCRIPTION}
            {...form.getInputProps('adultAge')}
            type="number"
            inputMode="numeric"
            min={ADULT_AGE_MIN}
            max={ADULT_AGE_MAX}
            step={1}
          />
          <BrandingPreview
            appTitle={form.values.appTitle}
            headerColor={form.values.headerColor.trim()}
            logoBackground={form.values.logoBackground.trim() || 'transparent'}
          />
          <Group justify="space-between" wrap="wrap">
            <Button type="submit" loading={api.pending}>
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
          onProblem={(text) => flash({ kind: 'error', text })}
        />
      </Paper>

      <Paper withBorder p="lg" radius="md">
        <OperationsSection onProblem={(text) => flash({ kind: 'error', text })} />
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
        <PageHeader title="Settings" />
        <Alert color="yellow">
          <Text>{RESTRICTED_NOTICE}</Text>
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Settings" />
      {query.isPending && <LoadingNotice />}
      {query.isError && (
        <ErrorNotice message="Failed to load settings" onRetry={() => void query.refetch()} />
      )}
      {query.data && <SettingsForm settings={query.data} />}
    </Stack>
  );
}
