/**
 * Where the server may send pushes (reference §7): the origins in PUSH_ALLOWED_ORIGINS, never an
 * address a member supplied. `https://*.example.com` stands for any host under example.com (one
 * label or more before it), on the scheme and port written.
 */
export interface PushOrigin {
  /** As written in the list. */
  text: string;
  protocol: string;
  /** The host name, or the suffix after `*.` for a wildcard. */
  host: string;
  port: string;
  wildcard: boolean;
}

export function parsePushOrigins(list: string): PushOrigin[] {
  const origins = list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
    .map((text) => {
      const wildcard = /^https?:\/\/\*\./.test(text);
      // A wildcard is read as a host name in its place, then put back.
      const written = (wildcard ? text.replace('*.', 'wildcard.') : text).replace(/\/$/, '');
      let url: URL | undefined;
      try {
        url = new URL(written);
      } catch {
        url = undefined;
      }
      if (!url || !['https:', 'http:'].includes(url.protocol) || url.origin !== written) {
        throw new Error(
          `PUSH_ALLOWED_ORIGINS: ${text} must be an origin such as https://push.example.com`,
        );
      }
      return {
        text,
        protocol: url.protocol,
        host: wildcard ? url.hostname.slice('wildcard.'.length) : url.hostname,
        port: url.port,
        wildcard,
      };
    });
  if (origins.length === 0) throw new Error('PUSH_ALLOWED_ORIGINS must list at least one origin');
  return origins;
}

/** True when the endpoint is on one of the origins (no user name or password in it). */
export function pushEndpointAllowed(endpoint: string, origins: readonly PushOrigin[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return origins.some(
    (o) =>
      o.protocol === url.protocol &&
      o.port === url.port &&
      (o.wildcard
        ? url.hostname.endsWith(`.${o.host}`) && url.hostname.length > o.host.length + 1
        : url.hostname === o.host),
  );
}
