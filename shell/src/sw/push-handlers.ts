/**
 * Pushes on the member's device (reference §2 "Notifications on the phone", §7): `push` shows the
 * notification; a tap on it focuses the app (or opens it) at the push's page; a reminder's Going
 * or Can't Go answers without opening the app, by POSTing the member's signed answer link, and
 * says so with a short notification. The worker's bytes count against the shell's budget, so the
 * payload is checked here by hand and the contract is imported for its type only (no zod).
 */
import type { PushPayload } from '@teamapp/contracts';

/** The club's app icon, made from its logo (content's /api/settings/icons). */
export const PUSH_ICON = '/api/settings/icons/icon-192.png';

/** contracts' ANSWER_LINK_PATH_PATTERN, copied so that zod stays out of the worker. */
export const ANSWER_PATH = /^\/api\/events\/answer\/[\w.-]{1,400}$/;

type Action = PushPayload['actions'][number];
const ACTIONS: readonly Action['action'][] = ['going', 'not-going'];
const KINDS: readonly PushPayload['kind'][] = ['events', 'reminders', 'chat', 'news', 'tasks'];

/** What each answer's notification says once it is recorded. */
export const ANSWERED: Record<Action['action'], string> = {
  going: "You're going",
  'not-going': "You can't go",
};

const isString = (value: unknown): value is string => typeof value === 'string';

const isAction = (value: unknown): value is Action => {
  const { action, title, url } = (value ?? {}) as Record<string, unknown>;
  return (
    ACTIONS.includes(action as Action['action']) &&
    isString(title) &&
    (url === undefined || (isString(url) && ANSWER_PATH.test(url)))
  );
};

/** The push's payload when it is one the server sends (contracts' pushPayloadSchema). */
export function pushPayloadOf(value: unknown): PushPayload | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { title, body, kind, url, tag, eventId, actions } = value as Record<string, unknown>;
  const ok =
    [title, body, url, tag].every(isString) &&
    KINDS.includes(kind as PushPayload['kind']) &&
    // The page to open is one of the app's own: a path, never another site.
    /^\/(?!\/)/.test(url as string) &&
    (eventId === undefined || isString(eventId)) &&
    Array.isArray(actions) &&
    actions.every(isAction);
  return ok ? (value as PushPayload) : undefined;
}

/** What a shown notification keeps for its click. */
export interface PushData {
  url: string;
  /** Each action's answer link, by action. */
  answers: Partial<Record<Action['action'], string>>;
}

/** The notification a push shows: one per notification (tag), an answer per action. */
export function notificationOf(payload: PushPayload) {
  const answers: PushData['answers'] = {};
  for (const { action, url } of payload.actions) if (url) answers[action] = url;
  const data: PushData = { url: payload.url, answers };
  return {
    title: payload.title,
    options: {
      body: payload.body,
      icon: PUSH_ICON,
      tag: payload.tag,
      data,
      actions: payload.actions.map(({ action, title }) => ({ action, title })),
    },
  };
}

/** The answer link to POST, on this origin only; undefined for anything else. */
export function answerUrlOf(url: string | undefined, origin: string): string | undefined {
  if (!url) return undefined;
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return undefined;
  }
  if (target.origin !== origin || !ANSWER_PATH.test(target.pathname) || target.search) {
    return undefined;
  }
  return target.href;
}

interface LastingEvent {
  waitUntil(work: Promise<unknown>): void;
}
interface ShownNotification {
  title: string;
  tag: string;
  body: string;
  data: unknown;
  close(): void;
}
interface WindowClient {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** The parts of the service worker's scope the handlers use (TypeScript's DOM lib lacks it). */
export interface PushScope {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: Record<string, unknown>): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window' }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(
    type: 'push',
    listener: (event: LastingEvent & { data: { json(): unknown } | null }) => void,
  ): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: LastingEvent & { action: string; notification: ShownNotification }) => void,
  ): void;
}

export function registerPushHandlers(scope: PushScope): void {
  const { origin } = scope.location;

  /** Focuses a window of the app at `url`, or opens one. */
  async function openApp(url: string): Promise<void> {
    const target = new URL(url, origin).href;
    // The app's windows this worker controls: only those can be navigated.
    const windows = await scope.clients.matchAll({ type: 'window' });
    const open = windows[0];
    if (!open) {
      await scope.clients.openWindow(target);
      return;
    }
    if (open.url !== target) await open.navigate(target);
    // Focusing needs the tap's user activation; without it the window still shows the page.
    await open.focus().catch(() => undefined);
  }

  /** POSTs the answer link; true once the server recorded it. */
  async function answer(url: string): Promise<boolean> {
    try {
      // The link is its own authority: no cookie or session goes with it.
      const res = await fetch(url, { method: 'POST', credentials: 'omit', redirect: 'error' });
      return res.ok;
    } catch {
      return false;
    }
  }

  scope.addEventListener('push', (event) => {
    let payload: PushPayload | undefined;
    try {
      payload = pushPayloadOf(event.data?.json());
    } catch {
      payload = undefined;
    }
    if (!payload) return;
    const { title, options } = notificationOf(payload);
    event.waitUntil(scope.registration.showNotification(title, options));
  });

  scope.addEventListener('notificationclick', (event) => {
    const { notification } = event;
    const data = notification.data as Partial<PushData> | null;
    const url = typeof data?.url === 'string' ? data.url : '/';
    notification.close();
    const action = ACTIONS.find((a) => a === event.action);
    const link = action && answerUrlOf(data?.answers?.[action], origin);
    if (!action || !link) {
      event.waitUntil(openApp(url));
      return;
    }
    event.waitUntil(
      answer(link).then((recorded) =>
        recorded
          ? scope.registration.showNotification(ANSWERED[action], {
              body: notification.title,
              icon: PUSH_ICON,
              // The reminder's own tag: the answer takes its place.
              tag: notification.tag,
              data: { url, answers: {} } satisfies PushData,
            })
          : openApp(url),
      ),
    );
  });
}
