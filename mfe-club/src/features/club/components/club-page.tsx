/** /club: the page this remote starts with. Replace it with the team's first feature. */
import { Stack, Text, Title } from '@mantine/core';
import { useSession } from '@teamapp/ui';

export function ClubPage() {
  const { user } = useSession();
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Club
      </Title>
      <Text>Hello {user?.name}, this part of the app is ready to grow.</Text>
    </Stack>
  );
}
