/**
 * What the light start of the login page hands to the full app when it gives way to it: the
 * email typed so far. Read once.
 */
export interface LoginHandoff {
  email: string;
}

let pending: LoginHandoff | null = null;

export function leaveHandoff(handoff: LoginHandoff): void {
  pending = handoff;
}

export function takeHandoff(): LoginHandoff | null {
  const handoff = pending;
  pending = null;
  return handoff;
}
