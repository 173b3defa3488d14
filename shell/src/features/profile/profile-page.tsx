/** /profile: read-only account info for now (picture and password change come later). */
import { Card, Stack, Text, Title } from '@mantine/core';
import { roleLabel, usePageTitle, useSession } from '@teamapp/ui';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
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
    </Stack>
  );
}
