/**
 * /profile (reference §2 Profile): read-only account information, the profile picture (upload and
 * removal), the password change form, the signed-in devices and the notifications (push on this
 * device, what reaches the member).
 */
import { Stack, Text } from '@mantine/core';
import { roleLabel, usePageTitle, useSession, PageHeader } from '@teamapp/ui';
import { ChangePasswordForm } from '../account/change-password-form';
import { ProfilePicture } from './profile-picture';
import { ProfileSection } from './profile-section';
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
      <PageHeader title="My Profile" />
      <ProfileSection title="Account Information">
        <Stack gap="sm">
          <Field label="Name" value={user.name} />
          <Field label="Email" value={user.email} />
          <Field label="Role" value={roleLabel(user.role)} />
        </Stack>
      </ProfileSection>
      <ProfileSection title="Profile Picture">
        <ProfilePicture />
      </ProfileSection>
      <ProfileSection title="Change Password">
        <ChangePasswordForm />
      </ProfileSection>
      <SignedInDevices />
      <NotificationSettings />
    </Stack>
  );
}
