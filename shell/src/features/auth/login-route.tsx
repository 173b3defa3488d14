/** /login in the full app: the one login page (login-page.tsx) on the app's session and branding. */
import { useState } from 'react';
import { useBranding, usePageTitle, useSession } from '@teamapp/ui';
import { takeHandoff } from '../../light-login/handoff';
import { LoginPage } from './login-page';

export function LoginRoute() {
  const { login } = useSession();
  const { appTitle } = useBranding();
  // The email typed on the light start, when the app took over from it (light-login/).
  const [handoff] = useState(takeHandoff);
  usePageTitle('Login');

  return (
    <LoginPage
      appTitle={appTitle}
      initialEmail={handoff?.email}
      signIn={async (email, password) => {
        await login(email, password);
      }}
    />
  );
}
