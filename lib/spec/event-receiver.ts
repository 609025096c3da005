import { z } from "zod";

import { urlRefusal } from "../platform/outbound/address-policy";
import { outboundPolicy } from "../platform/outbound/outbound-fetch";

import type { Environment } from "./environments";
import { ruleIssue } from "./problems";

/*
 * The body of PUT /events/receiver. Production environments accept only https addresses (the
 * specification: HTTPS only); test environments accept http too, so a developer can point the
 * receiver at a server on localhost when the operator allows it (PRIVATE_NETWORK_ALLOWLIST). An
 * address off the public internet is refused here when it is written as one; one that only
 * resolves there is refused when the dispatcher connects (lib/platform/outbound).
 */

function parsed(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

const address = (environment: Environment) =>
  z
    .string()
    .max(2000)
    .superRefine((value, ctx) => {
      const url = parsed(value);
      if (!url || !/^https?:$/.test(url.protocol) || !url.hostname) {
        ctx.addIssue({ code: "custom", message: environment.isTest ? "must be an absolute http or https URL" : "must be an absolute https URL" });
      } else if (url.protocol !== "https:" && !environment.isTest) {
        ctx.addIssue({ code: "custom", ...ruleIssue("httpsInProduction") });
      } else if (url.username || url.password) {
        ctx.addIssue({ code: "custom", ...ruleIssue("noUrlCredentials") });
      } else {
        const refused = urlRefusal(url, outboundPolicy(environment.isTest));
        if (refused) ctx.addIssue({ code: "custom", message: `must be a public address: ${refused}` });
      }
    })
    .meta({ format: "uri" });

export function receiverRequestSchema(environment: Environment) {
  const oauth2 = z.strictObject({
    scheme: z.literal("oauth2"),
    tokenUrl: address(environment),
    clientId: z.string().min(1).max(500),
    clientSecret: z.string().min(1).max(2000),
    scope: z.string().min(1).max(1000).nullish(),
  });
  const basic = z.strictObject({
    scheme: z.literal("basic"),
    // RFC 7617: the user id of Basic authentication cannot contain a colon.
    username: z
      .string()
      .min(1)
      .max(500)
      .refine((value) => !value.includes(":"), { error: "must not contain a colon (RFC 7617)" }),
    password: z.string().min(1).max(2000),
  });
  return z.strictObject({
    url: address(environment),
    auth: z.discriminatedUnion("scheme", [oauth2, basic], { error: 'must be an object with scheme "oauth2" or "basic"' }),
  });
}

export type ReceiverRequest = z.output<ReturnType<typeof receiverRequestSchema>>;

/** What GET shows: everything but the secret, which shows only that it is set. */
export const receiverViewSchema = z
  .object({
    url: z.string(),
    auth: z.union([
      z.object({ scheme: z.literal("oauth2"), tokenUrl: z.string(), clientId: z.string(), clientSecret: z.literal("set"), scope: z.string().nullable() }),
      z.object({ scheme: z.literal("basic"), username: z.string(), password: z.literal("set") }),
    ]),
    createdAt: z.string(),
    updatedAt: z.string(),
    batchedThroughCursor: z.string().meta({ description: "Polling cursor of the last event put in a batch for this receiver." }),
  })
  .meta({ id: "EventReceiver" });
export type ReceiverView = z.output<typeof receiverViewSchema>;
