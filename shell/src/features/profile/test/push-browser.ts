/**
 * The browser's push side as jsdom lacks it, for the page's push tests: the app's service worker
 * registration, its push manager with one subscription (or none), and the notification permission.
 */
export const KEY =
  'BCQNplaRpzmu3I1P6n2d4vpKtN3yMFSFTH_FfUvUODnPz8ZsYiZXdueuw9PnN7FU1fcuw8fWj7RNrw0CtEWuj38';
export const DEVICE = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/this-device',
  expirationTime: null,
  keys: { p256dh: KEY, auth: 'rfxXmWP3udJiSZyaq1ppOg' },
};

/** The browser's push side as a page sees it: a registration, its push manager, the permission. */
export function browserWithPush(options: {
  subscribed?: boolean;
  permission?: NotificationPermission;
}) {
  let subscription: {
    endpoint: string;
    toJSON: () => unknown;
    unsubscribe: () => Promise<boolean>;
  } | null = null;
  const subscribeCalls: { applicationServerKey: Uint8Array; userVisibleOnly: boolean }[] = [];
  const make = () => ({
    endpoint: DEVICE.endpoint,
    toJSON: () => DEVICE,
    unsubscribe: async () => {
      subscription = null;
      return true;
    },
  });
  if (options.subscribed) subscription = make();
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: async (o: { applicationServerKey: Uint8Array; userVisibleOnly: boolean }) => {
      subscribeCalls.push(o);
      subscription = make();
      return subscription;
    },
  };
  const registration = { pushManager };
  let permission: NotificationPermission = options.permission ?? 'default';
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  Object.defineProperty(window, 'PushManager', {
    configurable: true,
    value: function PushManager() {},
  });
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: {
      get permission() {
        return permission;
      },
      requestPermission: async () => {
        permission = options.permission === 'denied' ? 'denied' : 'granted';
        return permission;
      },
    },
  });
  return { subscribeCalls, subscribed: () => subscription !== null };
}

export function withoutPush() {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  delete (window as { PushManager?: unknown }).PushManager;
  delete (window as { Notification?: unknown }).Notification;
}
