/**
 * A member's signed-in devices: their live sessions in words (browser, system, where from), and
 * ending one of them or all but the one they ask with. Every service's authenticator checks the
 * session in Redis on each request, so an ended session's token is refused everywhere at once.
 */
import { BlockList, isIP } from 'node:net';
import Bowser from 'bowser';
import {
  endedOthersMessage,
  SESSION_ENDED,
  SESSION_NOT_FOUND,
  type DeviceSession,
  type DeviceSessionsResponse,
  type EndOtherSessionsResponse,
} from '@teamapp/contracts';
import { notFound, publicSessionId, type SessionStore } from '@teamapp/service-kit';

const DEVICE_WORDS: Record<string, string> = {
  desktop: 'Computer',
  mobile: 'Phone',
  tablet: 'Tablet',
  tv: 'TV',
};

/** Browser, system and kind of device in words, from a User-Agent header. */
export function describeUserAgent(
  userAgent: string,
): Pick<DeviceSession, 'browser' | 'os' | 'device'> {
  if (!userAgent.trim())
    return { browser: 'Unknown browser', os: 'Unknown system', device: 'Device' };
  const parsed = Bowser.parse(userAgent);
  return {
    browser: parsed.browser.name || 'Unknown browser',
    os: parsed.os.name || 'Unknown system',
    device: DEVICE_WORDS[parsed.platform.type ?? ''] ?? 'Device',
  };
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const local = new BlockList();
for (const [net, bits] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const)
  local.addSubnet(net, bits, 'ipv4');
local.addSubnet('fc00::', 7, 'ipv6');
local.addSubnet('fe80::', 10, 'ipv6');

/** The eight groups of an IPv6 address, written out. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right];
}

/**
 * Where a session signed in from, in words, without any look-up: "This computer" (loopback),
 * "Local network" (private and link-local ranges), otherwise the address with its last part
 * hidden ("Address 203.0.113.x", "Address 2001:db8:85a3:x").
 */
export function describeAddress(raw: string): string {
  const address = raw.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').replace(/%.*$/, '');
  const family = isIP(address);
  if (family === 0) return 'Unknown place';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(address, type)) return 'This computer';
  if (local.check(address, type)) return 'Local network';
  if (family === 4) return `Address ${address.split('.').slice(0, 3).join('.')}.x`;
  return `Address ${ipv6Groups(address.toLowerCase()).slice(0, 3).join(':')}:x`;
}

export function createDeviceUseCases(deps: { sessions: SessionStore; timeZone: string }) {
  return {
    /** The member's live sessions, most recently used first, the one asking marked current. */
    async list(user: { id: string; sid: string }): Promise<DeviceSessionsResponse> {
      const current = publicSessionId(user.sid);
      const sessions = await deps.sessions.list(user.id);
      return {
        success: true,
        data: sessions.map((s) => ({
          id: s.id,
          ...describeUserAgent(s.userAgent),
          createdAt: s.createdAt,
          lastSeenAt: s.lastSeenAt,
          location: describeAddress(s.address),
          current: s.id === current,
        })),
        timeZone: deps.timeZone,
      };
    },
    /** Ends one of the member's own sessions; 404 for any other id, another member's included. */
    async end(user: { id: string }, id: string): Promise<void> {
      if (!(await deps.sessions.revokeByPublicId(user.id, id))) throw notFound(SESSION_NOT_FOUND);
    },
    /** Ends every session of the member but the one asking. */
    async endOthers(user: { id: string; sid: string }): Promise<EndOtherSessionsResponse> {
      const ended = await deps.sessions.revokeAllFor(user.id, { except: user.sid });
      return { success: true, message: endedOthersMessage(ended), data: { ended } };
    },
    endedMessage: SESSION_ENDED,
  };
}

export type DeviceUseCases = ReturnType<typeof createDeviceUseCases>;
