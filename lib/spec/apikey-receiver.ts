import { z } from "zod";

import { ENVIRONMENT_IDS } from "./environments";
import { receiverViewSchema } from "./event-receiver";
import { CONTROL_CHARACTERS } from "./primitives";
import { ruleError } from "./problems";
import { RECEIVER_RETRY } from "./receiver-retry";

/*
 * The API-key receiving endpoint (PUT /profile/apikeyreceiver; lib/service/profiles/apikey-delivery.ts).
 * A partner that creates customer profiles (POST /profile/createprofile) registers where the
 * apicodes of those profiles go, with the same URL and credential rules as the event receiver
 * (lib/spec/event-receiver.ts receiverRequestSchema). When a profile it created is complete, at once
 * or when the customer finishes the onboarding wizard, the service issues the profile's apicode
 * and POSTs one apikey message there, retrying until the receiver answers 2xx.
 */

const APIKEY_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

/** The newest deliveries shown with the receiver: a partner's recent onboardings. */
export const APIKEY_DELIVERIES_SHOWN = 50;

const apikeyDeliveryViewSchema = z.object({
  cid: z.string().meta({ description: "The onboarded profile's customer id." }),
  profile_uuid: z.string().nullable().meta({ description: "The partner's own id of the profile (additional_information.profile_uuid)." }),
  status: z.enum(APIKEY_DELIVERY_STATUSES).meta({
    description:
      "pending: on its way (retried after 5xx, 408, 429, timeouts); delivered: the receiver answered 2xx and the service no longer holds the apicode; " +
      `failed: the receiver refused it (another 4xx or 3xx) or kept failing for ${RECEIVER_RETRY.forHours} hours. PUT the receiver again to retry failed ones.`,
  }),
  attempts: z.int(),
  last_error: z.string().nullable().meta({ description: "The last failure in words (a status line, never the receiver's body)." }),
  created_at: z.iso.datetime(),
  delivered_at: z.iso.datetime().nullable(),
});

export const apikeyReceiverViewSchema = receiverViewSchema
  .omit({ batchedThroughCursor: true })
  .extend({
    deliveries: z.array(apikeyDeliveryViewSchema).meta({ description: `The ${APIKEY_DELIVERIES_SHOWN} newest deliveries, newest first.` }),
  })
  .meta({ id: "ApikeyReceiver" });
export type ApikeyReceiverView = z.output<typeof apikeyReceiverViewSchema>;

/** What the service POSTs to the receiver, once per onboarded profile (the receiver dedupes by cid and environment). */
export const apikeyMessageSchema = z
  .object({
    id: z.string().meta({ description: "The delivery's id: the same on every retry." }),
    // The cid and business id are stored in the portal's database, which cannot take a NUL: refused
    // as malformed, not a 500 that has the service send them again for hours.
    cid: z
      .string()
      .refine((value) => !CONTROL_CHARACTERS.test(value), { error: ruleError("controlCharacters") })
      .meta({ description: "The onboarded profile's customer id, for POST /token." }),
    apicode: z.string().meta({ description: "The profile's apicode, for POST /token. Shown once: the service keeps only its hash." }),
    environment: z.enum(ENVIRONMENT_IDS),
    business_id: z.string().refine((value) => !CONTROL_CHARACTERS.test(value), { error: ruleError("controlCharacters") }),
    profile_uuid: z.string().nullable().meta({ description: "The partner's own id of the profile, when it gave one." }),
    issued_at: z.iso.datetime(),
  })
  .meta({ id: "ApikeyMessage" });
export type ApikeyMessage = z.output<typeof apikeyMessageSchema>;
