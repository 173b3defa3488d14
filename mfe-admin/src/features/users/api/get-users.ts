/**
 * The user list /users shows (reference §2 User Management, §7): GET /user/all, which gives admins
 * every account with every field (invitation state included) and players the active members'
 * directory entries. A query key names the endpoint and its cache holds exactly that endpoint's
 * `data`, so the shell's dashboard and /players, reading the same endpoint under the same key,
 * share one cache entry of one shape; each screen maps the data to what it shows with `select`.
 */
import type { InvitationStatus, Role, User } from '@teamapp/contracts';
import { membersQueryKey, useMemberDirectory } from '@teamapp/ui';

export const usersQueryKeys = {
  /** Every query on the user lists; what a write invalidates. */
  root: ['users'] as const,
  /** The directory, defined once in @teamapp/ui (useMemberDirectory). */
  all: membersQueryKey,
};

/** One row of the user list. Invitation state and activity are known to admins only. */
export interface UserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  joined: string;
  isActive: boolean;
  invitation: InvitationStatus | null;
  picture: string | null;
  /** False for a young player the club added without a login (their email is empty). */
  hasLogin: boolean;
  /** YYYY-MM-DD, to those who may see it (docs/reference.md "Families"). */
  dateOfBirth: string | null;
  /** Under the club's adult age. */
  minor: boolean;
}

export const toUserRows = (users: User[]): UserRow[] =>
  users
    .map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      role: u.role,
      joined: u.created_at,
      isActive: u.is_active !== false,
      invitation: u.invitation_status ?? null,
      picture: u.profile_picture,
      hasLogin: u.has_login !== false,
      dateOfBirth: u.date_of_birth ?? null,
      minor: u.minor === true,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));

export const useUserRows = () => useMemberDirectory({ select: toUserRows });
