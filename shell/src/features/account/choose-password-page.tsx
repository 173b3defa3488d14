/**
 * /choose-password: the step after a first sign-in with an invitation's temporary password. Until
 * a password of one's own is set the API refuses everything else (403 password_change_required),
 * so the route guards send such a session here and nowhere else.
 */
import { useNavigate } from 'react-router';
import { Button, Text } from '@mantine/core';
import { usePageTitle, useSession } from '@teamapp/ui';
import { ChangePasswordForm } from './change-password-form';
import { AuthCard } from '../../components/auth-card';

export default function ChoosePasswordPage() {
  const { user, updateUser, logout } = useSession();
  const navigate = useNavigate();
  usePageTitle('Choose your password');

  return (
    <AuthCard title="Choose your password">
      <Text size="sm">
        Welcome{user ? `, ${user.name}` : ''}! You signed in with a temporary password. Choose a
        password of your own to continue.
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
    </AuthCard>
  );
}
