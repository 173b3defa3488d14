/**
 * One-tap answers from mail (reference §2): a reminder carries, for its member and its event, a
 * link per answer (Going, Maybe, Can't Go). A link is its own proof: the member's id, the event's
 * id, the answer and the link's expiry (the event's start, when answers close), with an
 * HMAC-SHA-256 over them under ANSWER_LINK_KEY and a label naming this one purpose, so it opens
 * nothing else and no other link can be made from it. Opening a link (GET) only shows what it
 * would answer, since mail scanners fetch links; confirming (POST) records the answer through the
 * RSVP the app uses. A link altered, for an event that is gone or has started, or of a member who
 * left or is not invited to the event any more, is refused and changes nothing.
 */
import { createHmac } from 'node:crypto';
import { RSVP_STATUSES, type AnswerLinks, type RsvpStatus } from '@teamapp/contracts';
import { maySeeTeam, signatureMatches, type TeamCaller } from '@teamapp/service-kit';
import type { EventsRepos } from '../db/repos';
import type { ClubTime } from './club-time';
import type { EventUseCases } from './events';

/** Where the links live: under the events service's prefix, as the gateway publishes it. */
export const ANSWER_LINK_PATH = '/api/events/answer';

const PURPOSE = 'teamapp:answer-link:v1';
/** A guardian's link for a child (family.ts): its own label, so neither kind passes for the other. */
const GUARDIAN_PURPOSE = 'teamapp:answer-link-for-child:v1';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * member . event . answer . expiry (Unix seconds) [. guardian] . signature (43 base64url
 * characters).
 */
const TOKEN = new RegExp(
  `^(${UUID})\\.(${UUID})\\.(${RSVP_STATUSES.join('|')})\\.(\\d{1,12})(?:\\.(${UUID}))?\\.([A-Za-z0-9_-]{43})$`,
);

interface LinkClaims {
  memberId: string;
  eventId: string;
  answer: RsvpStatus;
  /** Unix seconds; the link works before it. */
  expires: number;
  /** The guardian the answer is recorded as given by (a child's link in their guardian's mail). */
  guardianId?: string;
}

/** Signs and reads answer links under one key (32 bytes, service-kit resolveSecretKey). */
export function answerLinkSigner(key: Buffer) {
  const mac = (c: LinkClaims) =>
    createHmac('sha256', key)
      .update(
        c.guardianId
          ? `${GUARDIAN_PURPOSE}\n${c.memberId}\n${c.eventId}\n${c.answer}\n${c.expires}\n${c.guardianId}`
          : `${PURPOSE}\n${c.memberId}\n${c.eventId}\n${c.answer}\n${c.expires}`,
      )
      .digest();
  return {
    /**
     * The token of one answer for one member and event, working until `expires`; with
     * `guardianId`, answered for the member by that guardian.
     */
    sign(
      memberId: string,
      eventId: string,
      answer: RsvpStatus,
      expires: Date,
      guardianId?: string,
    ): string {
      const claims = {
        memberId,
        eventId,
        answer,
        expires: Math.floor(expires.getTime() / 1000),
        guardianId,
      };
      const signature = mac(claims).toString('base64url');
      const by = guardianId ? `.${guardianId}` : '';
      return `${memberId}.${eventId}.${answer}.${claims.expires}${by}.${signature}`;
    },
    /** The token's claims when it is well formed and its signature holds; otherwise undefined. */
    read(token: string): LinkClaims | undefined {
      const match = TOKEN.exec(token);
      if (!match) return undefined;
      const [, memberId, eventId, answer, expires, guardianId, signature] = match;
      const claims = {
        memberId: memberId!,
        eventId: eventId!,
        answer: answer as RsvpStatus,
        expires: Number(expires),
        ...(guardianId ? { guardianId } : {}),
      };
      return signatureMatches(signature!, mac(claims)) ? claims : undefined;
    },
  };
}

export type AnswerLinkSigner = ReturnType<typeof answerLinkSigner>;

/** Why a link is refused: each has its page (routes/answer-links) and status. */
export type AnswerRefusal = 'invalid' | 'deleted' | 'started' | 'expired' | 'left' | 'not-invited';

export const REFUSAL_STATUS: Readonly<Record<AnswerRefusal, number>> = {
  invalid: 400,
  deleted: 410,
  started: 410,
  expired: 410,
  left: 403,
  'not-invited': 403,
};

/** What a good link is about, for its pages. */
export interface AnswerLinkView {
  answer: RsvpStatus;
  memberName: string;
  event: { title: string; when: string; location: string };
}

export type AnswerLinkOutcome =
  { ok: true; view: AnswerLinkView } | { ok: false; refusal: AnswerRefusal };

export function createAnswerLinkUseCases(deps: {
  signer: AnswerLinkSigner;
  repos: EventsRepos;
  events: Pick<EventUseCases, 'rsvp'>;
  time: ClubTime;
  now: () => Date;
  publicUrl: string;
}) {
  const { signer, repos, time } = deps;
  const refused = (refusal: AnswerRefusal): AnswerLinkOutcome => ({ ok: false, refusal });

  /** The link's claims and who answers, once every check has passed. */
  async function check(token: string) {
    const claims = signer.read(token);
    if (!claims) return { outcome: refused('invalid') };
    const event = await repos.events.find(claims.eventId);
    if (!event) return { outcome: refused('deleted') };
    const now = deps.now();
    if (event.eventDate <= now) return { outcome: refused('started') };
    if (claims.expires * 1000 <= now.getTime()) return { outcome: refused('expired') };
    const member = await repos.members.find(claims.memberId);
    if (!member?.active) return { outcome: refused('left') };
    // A guardian's link works while they are still a member and the child's guardian.
    if (claims.guardianId) {
      const [guardian, family] = await Promise.all([
        repos.members.find(claims.guardianId),
        repos.families.find(claims.memberId),
      ]);
      const linked = family?.guardians.some((g) => g.userId === claims.guardianId);
      if (!guardian?.active || !linked) return { outcome: refused('left') };
    }
    const caller: TeamCaller = await repos.members.caller({
      id: member.userId,
      role: member.role === 'admin' ? 'admin' : 'player',
    });
    if (!maySeeTeam(caller, event.teamId)) return { outcome: refused('not-invited') };
    const view: AnswerLinkView = {
      answer: claims.answer,
      memberName: member.name || 'team member',
      event: { title: event.title, when: time.describe(event.eventDate), location: event.location },
    };
    return { outcome: { ok: true, view } as AnswerLinkOutcome, caller, claims };
  }

  return {
    /**
     * The three links of one member for one event, each working until the event starts; with
     * `guardianId`, a child's links in that guardian's mail.
     */
    linksFor(
      memberId: string,
      event: { id: string; eventDate: Date },
      guardianId?: string,
    ): AnswerLinks {
      const url = (answer: RsvpStatus) =>
        `${deps.publicUrl}${ANSWER_LINK_PATH}/${signer.sign(memberId, event.id, answer, event.eventDate, guardianId)}`;
      return {
        attending: url('attending'),
        maybe: url('maybe'),
        'not-attending': url('not-attending'),
      };
    },
    /** What the link would answer (GET): nothing is recorded. */
    preview: async (token: string): Promise<AnswerLinkOutcome> => (await check(token)).outcome,
    /** Records the link's answer (POST), as the app's RSVP does; the same answer again is kept. */
    async answer(token: string): Promise<AnswerLinkOutcome> {
      const checked = await check(token);
      if (!checked.outcome.ok || !checked.claims || !checked.caller) return checked.outcome;
      const { claims, caller } = checked;
      try {
        if (claims.guardianId) {
          const guardian = { id: claims.guardianId, role: 'player' as const };
          await deps.events.rsvp(claims.eventId, guardian, claims.answer, claims.memberId);
        } else {
          await deps.events.rsvp(claims.eventId, caller.user, claims.answer);
        }
      } catch (err) {
        // Deleted or started since the check: the same pages as when found so.
        const status = (err as { status?: number }).status;
        if (status === 404) return refused('deleted');
        if (status === 400) return refused('started');
        throw err;
      }
      return checked.outcome;
    },
  };
}

export type AnswerLinkUseCases = ReturnType<typeof createAnswerLinkUseCases>;
