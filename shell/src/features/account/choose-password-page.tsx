/**
 * /choose-password: the step after a first sign-in with an invitation's temporary password. Until
 * a password of one's own is set the API refuses everything else (403 password_change_required),
 * so the route guards send such a session here and nowhere else.
 */
import { useNavigate } from 'react-router';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { MainContent, usePageTitle, useSession } from '@teamapp/ui';
import { ChangePasswordForm } from './change-password-form';

export default function ChoosePasswordPage() {
  const { user, updateUser, logout } = useSession();
  const navigate = useNavigate();
  usePageTitle('Choose your password');

  return (
    <MainContent>
      <Center mih="100vh" p="md" bg="gray.0">
        <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440}>
          <Stack gap="md">
            <Title order={1} size="h2" ta="center">
              Choose your password
            </Title>
            <Text size="sm">
              Welcome{user ? `, ${user.name}` : ''}! You signed in with a temporary password. Choose
              a password of your own to continue.
            </Text>
            <ChangePasswordForm
              currentLabel="Temporary Password"
              submitLabel="Save Password"
              onChanged={() => {
                updateUser({ mustChangePassword: false });
                void navigate('/dashboard', { replace: true });
              }}
            />
            <Button variant="subtle" onClick={() => void logout()}>
              Sign out
            </Button>
          </Stack>
        </Paper>
      </Center>
    </MainContent>
  );
}
