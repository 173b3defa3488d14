/**
 * The auth service: builds its foundation, repositories and use cases from config and returns the
 * Koa app without listening, so tests run it in-process on a real database and Redis.
 */
import path from 'node:path';
import {
  buildServiceFoundation,
  closeInTurn,
  mailSecretsFrom,
  resolveKeyPair,
  type ServiceHandle,
} from '@teamapp/service-kit';
import { seededAdmin, type AuthConfig } from './config';
import type { AuthDeps } from './deps';
import { authRepos } from './db/repos';
import { outbox, schema, type AuthSchema } from './db/schema';
import { createDeviceUseCases } from './domain/devices';
import { createFamilyUseCases } from './domain/family';
import { createInvitationUseCases } from './domain/invitations';
import { createPasswordChangeUseCases } from './domain/password-change';
import { createPasswordResetUseCases } from './domain/password-reset';
import { createPictureUseCases } from './domain/pictures';
import { createProfileUseCases } from './domain/profiles';
import { createSessionUseCases } from './domain/sessions';
import { createTeamUseCases } from './domain/teams';
import {
  createAccountThrottle,
  LOGIN_THROTTLE,
  RESET_REQUEST_THROTTLE,
  type ThrottlePolicies,
} from './domain/throttle';
import { createUserUseCases } from './domain/users';
import { brandingConsumer } from './jobs/branding.consumer';
import { scheduleComingOfAge } from './jobs/coming-of-age';
import { authRouter } from './routes/auth/auth.router';
import { avatarsRouter } from './routes/avatars/avatars.router';
import { emailRouter } from './routes/email/email.router';
import { familyRouter } from './routes/user/family.router';
import { passwordResetRouter } from './routes/password-reset/password-reset.router';
import { sessionsRouter } from './routes/sessions/sessions.router';
import { teamsRouter } from './routes/teams/teams.router';
import { uploadRouter } from './routes/upload/upload.router';
import { userRouter } from './routes/user/user.router';
import { createAvatarStorage } from './storage/avatars';

export type AuthService = ServiceHandle<AuthDeps, AuthSchema>;

export async function createAuthService(
  config: AuthConfig,
  /** `now`: the throttles' clock in milliseconds (Redis's own when absent; tests move theirs). */
  options: { now?: () => number } = {},
): Promise<AuthService> {
  const keys = resolveKeyPair({
    privateKey: config.JWT_PRIVATE_KEY,
    publicKey: config.JWT_PUBLIC_KEY,
    nodeEnv: config.NODE_ENV,
    dataDir: config.DATA_DIR,
  });
  // Seals the reset links and temporary passwords in queued mail; only the mailer opens them.
  const mailSecrets = mailSecretsFrom(config);
  const base = await buildServiceFoundation(__dirname, {
    name: 'auth',
    config,
    schema,
    outbox,
    publicKey: keys.publicKey,
  });
  const { log, sessions } = base;
  // Ages are counted in the club's days (docs/reference.md "Families").
  const reposOver = (db: typeof base.db) => authRepos(db, config.CLUB_TIME_ZONE);
  const repos = reposOver(base.db);
  const inTransaction = base.unitOfWork(reposOver);
  const pictures = createPictureUseCases({
    inTransaction,
    storage: createAvatarStorage(config.UPLOADS_DIR ?? path.join(config.DATA_DIR, 'uploads')),
    log,
  });

  const throttle = (name: string, policy: ThrottlePolicies) =>
    createAccountThrottle({
      redis: base.redis,
      prefix: config.REDIS_PREFIX,
      name,
      policy,
      log,
      now: options.now,
    });
  const loginThrottle = throttle('login', LOGIN_THROTTLE);

  const invitations = createInvitationUseCases({
    inTransaction,
    sessions,
    publicUrl: config.PUBLIC_URL,
    log,
    mailSecrets,
  });
  const deps: AuthDeps = {
    auth: base.auth,
    sessions: createSessionUseCases({
      users: repos.users,
      repos,
      sessions,
      privateKey: keys.privateKey,
      ttlSeconds: config.SESSION_TTL_SECONDS,
      throttle: loginThrottle,
    }),
    devices: createDeviceUseCases({ sessions, timeZone: config.CLUB_TIME_ZONE }),
    users: createUserUseCases({ users: repos.users, repos, inTransaction }),
    invitations,
    family: createFamilyUseCases({ inTransaction, invitations, log }),
    profiles: createProfileUseCases({
      inTransaction,
      sessions,
      log,
      removePicture: pictures.removeFiles,
    }),
    passwordChange: createPasswordChangeUseCases({
      users: repos.users,
      inTransaction,
      sessions,
      log,
    }),
    passwordReset: createPasswordResetUseCases({
      inTransaction,
      sessions,
      publicUrl: config.PUBLIC_URL,
      log,
      throttle: throttle('password-reset', RESET_REQUEST_THROTTLE),
      loginThrottle,
      mailSecrets,
    }),
    pictures,
    teams: createTeamUseCases({ inTransaction, repos }),
  };

  await deps.users.seedAdmin({ ...seededAdmin(config), name: config.ADMIN_NAME }, log);
  // The first team before the announcements; the teams before the members, whose memberships
  // name them.
  await deps.teams.ensureFirstTeam(log);
  await deps.teams.announceTeams(log);
  await deps.users.announceMembers(log);
  base.consume([brandingConsumer({ teams: deps.teams, log })]);
  const comingOfAge = await scheduleComingOfAge({
    redis: base.redis,
    queues: base.queues,
    prefix: config.REDIS_PREFIX,
    timeZone: config.CLUB_TIME_ZONE,
    family: deps.family,
    log,
  });

  const app = base.createApp({
    routers: [
      authRouter(deps),
      sessionsRouter(deps),
      userRouter(deps),
      familyRouter(deps),
      emailRouter(deps),
      uploadRouter(deps),
      avatarsRouter(deps),
      passwordResetRouter(deps),
      teamsRouter(deps),
    ],
  });
  return { app, deps, base, close: closeInTurn(comingOfAge, base) };
}
