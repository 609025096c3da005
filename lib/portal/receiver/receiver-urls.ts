import type { EnvironmentId } from "../../spec/environments";

/*
 * Where services reach this portal's receiver. The address registered with a connection names its
 * environment, so a cid used in two environments still finds its cases; the plain address works
 * for every environment whose cids are unique among the organization's connections.
 */

export function receiverUrls(publicBaseUrl: string, environment?: EnvironmentId): { webhookUrl: string; tokenUrl: string } {
  const base = publicBaseUrl.replace(/\/+$/, "");
  const query = environment ? `?environment=${environment}` : "";
  return { webhookUrl: `${base}/api/webhooks/events${query}`, tokenUrl: `${base}/api/webhooks/token` };
}

/**
 * Where a partner connection's service delivers the apicodes of the profiles onboarded through it
 * (PUT /profile/apikeyreceiver): the address names the connection, whose service address the new
 * profiles' connections share.
 */
export function apikeyReceiverUrl(publicBaseUrl: string, connectionId: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/api/webhooks/apikeys?connection=${encodeURIComponent(connectionId)}`;
}
