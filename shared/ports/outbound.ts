/**
 * Where the service may send requests on an organization's behalf (routine and organization
 * webhooks): the same rules as for Git remotes (no loopback, private, link-local or cloud-metadata
 * address unless the installation allows its private network).
 */
export interface OutboundCheck {
  /** Why the service may not send to this address (in English, for logs and errors), or undefined when it may. */
  refusal(url: string): Promise<string | undefined>
}
