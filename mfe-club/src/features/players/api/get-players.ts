/**
 * The team directory behind /players (reference §2 Players): GET /user/all, which gives admins every
 * account with every field and players the active members' directory entries. The query key names
 * the endpoint and its cache holds that endpoint's `data` as is (the shell's dashboard and the
 * admin remote read the same key); this screen maps it to cards with `select`.
 */
import type { User } from '@teamapp/contracts';
import { membersQueryKey, useMemberDirectory } from '@teamapp/ui';

/** The directory's key, defined once in @teamapp/ui (useMemberDirectory). */
export const playersQueryKey = membersQueryKey;

/** What a player card shows. */
export interface PlayerCard {
  id: string;
  name: string;
  nickname: string | null;
  position: string | null;
  /** Empty for a member without a login, and for a young player's contacts to most viewers. */
  email: string;
  /** False for a young player the club added without a login (docs/reference.md "Families"). */
  hasLogin: boolean;
  phone: string | null;
  bio: string | null;
  /** The small (128 px) picture, or null for initials. */
  picture: string | null;
  joined: string;
  /** Admins only: the server never sends coach notes to a player. */
  coachNotes: string | null;
}

/** The 128 px variant of a stored picture (auth keeps -512.webp and -128.webp). */
export const smallPicture = (path: string | null) =>
  path ? path.replace(/-512\.webp$/, '-128.webp') : null;

export function toPlayerCards(users: User[]): PlayerCard[] {
  return users
    .filter((u) => u.is_active !== false)
    .map((u) => ({
      id: u.id,
      name: u.name,
      nickname: u.nickname,
      position: u.position,
      email: u.email,
      hasLogin: u.has_login !== false,
      phone: u.phone,
      bio: u.bio,
      picture: smallPicture(u.profile_picture),
      joined: u.created_at,
      coachNotes: u.coach_notes ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const usePlayers = () => useMemberDirectory({ select: toPlayerCards });
