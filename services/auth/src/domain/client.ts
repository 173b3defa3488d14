/** Who is asking, as the gateway saw it: the caller's address and the browser that sent it. */
export interface ClientInfo {
  /** The client's address (the gateway's real-address view; see the service-kit app's proxy). */
  address: string;
  /** The User-Agent header as sent, or '' when absent. */
  userAgent: string;
}
