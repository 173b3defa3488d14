/**
 * /profile (reference §2 Profile): read-only account information, the profile picture (upload and
 * removal), the password change form, the signed-in devices and the notifications (push on this
 * device, what reaches the member).
 */
import { Card, Stack, Text, Title } from '@mantine/core';
import { roleLabel, usePageTitle, useSession } from '@teamapp/ui';
import { ChangePasswordForm } from '../account/change-password-form';
import { ProfilePicture } from './profile-picture';
import { NotificationSettings } from './notification-settings';
import { SignedInDevices } from './signed-in-devices';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

export default function ProfilePage() {
  const { user } = useSession();
  usePageTitle('Profile');
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        My Profile
      </Title>
      <Card withBorder radius="md" padding="lg" maw={560}>
        <Title order={2} size="h4" mb="md">
          Account Information
        </Title>
        <Stack gap="sm">
          <Field label="Name" value={user.name} />
          <Field label="Email" value={user.email} />
          <Field label="Role" value={roleLabel(user.role)} />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" maw={560}>
        <Title order={2} size="h4" mb="md">
          Profile Picture
        </Title>
        <ProfilePicture />
      </Card>
      <Card withBorder radius="md" padding="lg" maw={560}>
        <Title order={2} size="h4" mb="md">
          Change Password
        </Title>
        <ChangePasswordForm />
      </Card>
      <SignedInDevices />
      <NotificationSettings />
    </Stack>
  );
}
