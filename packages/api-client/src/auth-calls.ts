/**
 * The shell's calls to the auth service: sign-in and out, the member's devices, the team and
 * member lists, and the password reset. Each goes through its endpoint in packages/contracts.
 */
import {
  authEndpoints,
  passwordResetEndpoints,
  sessionsEndpoints,
  usersEndpoints,
} from '@teamapp/contracts';
import { call } from './call';
import type { ApiRequest } from './request';

export function authCalls(request: ApiRequest) {
  return {
    auth: {
      login: (email: string, password: string) =>
        call(request, authEndpoints.login, { body: { email, password } }),
      logout: () => call(request, authEndpoints.logout),
      /** The signed-in member as they now are (their children in care included). */
      me: () => call(request, authEndpoints.me),
    },
    /** The member's signed-in devices: list them, sign one out, sign out all but this one. */
    sessions: {
      list: () => call(request, sessionsEndpoints.list),
      end: (id: string) => call(request, sessionsEndpoints.end, { params: { id } }),
      endOthers: () => call(request, sessionsEndpoints.endOthers),
    },
    users: {
      team: async () => (await call(request, usersEndpoints.team)).data,
      all: async () => (await call(request, usersEndpoints.all)).data,
    },
    passwordReset: {
      request: (email: string) =>
        call(request, passwordResetEndpoints.request, {
          body: { email: email.trim().toLowerCase() },
        }),
      verify: (token: string) => call(request, passwordResetEndpoints.verify, { body: { token } }),
      confirm: (token: string, newPassword: string) =>
        call(request, passwordResetEndpoints.confirm, { body: { token, newPassword } }),
    },
  };
}
