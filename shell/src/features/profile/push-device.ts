/**
 * This browser's side of push (reference §2 Notifications on the phone): the service worker's
 * registration, the permission and the browser's push subscription. Push is available only where
 * the browser has the Push API and the app's service worker is registered.
 */
import type { PushSubscriptionInput } from '@teamapp/contracts';

export type PushDeviceState = 'unavailable' | 'denied' | 'off' | 'on';

/** The app's service worker registration, when the browser has push and one is registered. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return undefined;
  return (await navigator.serviceWorker.getRegistration()) ?? undefined;
}

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function pushDeviceState(): Promise<PushDeviceState> {
  const reg = await registration();
  if (!reg) return 'unavailable';
  if (Notification.permission === 'denied') return 'denied';
  return (await reg.pushManager.getSubscription()) ? 'on' : 'off';
}

/**
 * Asks for permission and subscribes this browser with the server's key; the subscription as
 * the server takes it, or 'denied' when the member refused notifications.
 */
export async function subscribeDevice(
  publicKey: string,
): Promise<PushSubscriptionInput | 'denied' | 'unavailable'> {
  if (!(await registration())) return 'unavailable';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  // Subscribing needs an active worker: `ready` waits for it.
  const ready = await navigator.serviceWorker.ready;
  const subscription = await ready.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  return subscription.toJSON() as PushSubscriptionInput;
}

/** Ends this browser's subscription; its endpoint (for the server to forget), if it had one. */
export async function unsubscribeDevice(): Promise<string | undefined> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return undefined;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
