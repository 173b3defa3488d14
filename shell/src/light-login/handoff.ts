/**
 * What the light login page hands to the full app when it gives way to it: the email typed so
 * far, and whether the visitor asked for the "Forgot your password?" dialog. Read once.
 */
export interface LoginHandoff {
  email: string;
  openForgot: boolean;
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
