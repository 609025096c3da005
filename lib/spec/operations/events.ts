import { z } from "zod";

import { environment } from "../environments";
import { batchViewSchema } from "../event-batches";
import { batchesQuerySchema, batchPageSchema, pollAnswerSchema, pollQuerySchema } from "../event-queries";
import { receiverRequestSchema, receiverViewSchema } from "../event-receiver";
import { defineOperation } from "../operation";
import { RECEIVER_RETRY } from "../receiver-retry";

import { json, notJson, problem, unauthorized } from "./responses";

/* Status events: the receiver they are pushed to, its batches, and polling. */

/**
 * The body of a receiver's PUT, the event receiver's and a partner's apicode receiver's alike: the
 * rules are the environment's (production takes https only, test environments also http), and the
 * document shows production's.
 */
export const receiverBody = {
  kind: "json",
  schema: receiverRequestSchema,
  documented: receiverRequestSchema(environment("fin-prod")),
  limit: 16 * 1024,
  what: "receiver",
} as const;

export const eventTags = [{ name: "Events", description: "Status events: the receiver they are pushed to, its batches, and polling." }];

export const eventOperations = {
  putReceiver: defineOperation({
    method: "put",
    path: "/events/receiver",
    auth: "bearer",
    body: receiverBody,
    doc: {
      operationId: "putEventReceiver",
      tags: ["Events"],
      summary: "Set the event receiver",
      description:
        "Where the profile's status events are pushed: a webhook URL with OAuth 2.0 client credentials (client_secret_post) or HTTP Basic. " +
        "Production environments accept https only; test environments also accept http (for a receiver on localhost). Secrets are stored " +
        "encrypted and never shown again. A new receiver starts at the current end of the profile's events: earlier events are available by " +
        "polling GET /events. Replacing a receiver keeps its position and its batches.",
      responses: {
        "201": json("Created.", receiverViewSchema),
        "200": json("Replaced.", receiverViewSchema),
        "400": problem("Malformed JSON or invalid members; `problems` names each."),
        "401": unauthorized,
        "415": notJson,
      },
    },
  }),
  getReceiver: defineOperation({
    method: "get",
    path: "/events/receiver",
    auth: "bearer",
    doc: {
      operationId: "getEventReceiver",
      tags: ["Events"],
      summary: "Show the event receiver",
      description: 'The receiver without its secret: clientSecret or password shows "set".',
      responses: { "200": json("The receiver.", receiverViewSchema), "401": unauthorized, "404": problem("The profile has no receiver.") },
    },
  }),
  deleteReceiver: defineOperation({
    method: "delete",
    path: "/events/receiver",
    auth: "bearer",
    doc: {
      operationId: "deleteEventReceiver",
      tags: ["Events"],
      summary: "Remove the event receiver",
      description: "Stops pushing and forgets the receiver's batches. Events stay available by polling.",
      responses: { "204": { description: "Removed." }, "401": unauthorized, "404": problem("The profile has no receiver.") },
    },
  }),
  listBatches: defineOperation({
    method: "get",
    path: "/events/batches",
    auth: "bearer",
    query: batchesQuerySchema,
    doc: {
      operationId: "listEventBatches",
      tags: ["Events"],
      summary: "List batches sent to the receiver",
      description:
        "The profile's batches, newest first, with the last answer of the receiver. A batch the receiver answered 2xx is delivered. 5xx, 408, 429, " +
        `timeouts and connection errors are retried with exponential backoff and full jitter (a random wait up to ${RECEIVER_RETRY.firstWaitSeconds} s, doubling to at most ${RECEIVER_RETRY.longestWaitHours} h) ` +
        `for ${RECEIVER_RETRY.forHours} hours after the first attempt; while the oldest batch waits, later ones wait too. Other 4xx (and a 401 after a fresh OAuth token) ` +
        "park the batch as failed at once; a failed batch does not hold back later ones and can be redelivered.",
      responses: { "200": json("A page of batches.", batchPageSchema), "400": problem("Invalid query; `problems` names each parameter."), "401": unauthorized },
    },
  }),
  redeliver: defineOperation({
    method: "post",
    path: "/events/batches/{id}/redeliver",
    auth: "bearer",
    params: z.object({
      id: z
        .uuid()
        .transform((id) => id.toLowerCase())
        .meta({ description: "The batch id (the envelope's id)." }),
    }),
    names: "batch",
    doc: {
      operationId: "redeliverEventBatch",
      tags: ["Events"],
      summary: "Redeliver a failed batch",
      description: "Puts a failed batch back to be sent at once, with the same id and envelope; it goes before later batches.",
      responses: {
        "202": json("Queued.", batchViewSchema),
        "401": unauthorized,
        "404": problem("No batch of this profile has this id."),
        "409": problem("The batch is not failed."),
      },
    },
  }),
  poll: defineOperation({
    method: "get",
    path: "/events",
    auth: "bearer",
    query: pollQuerySchema,
    doc: {
      operationId: "pollEvents",
      tags: ["Events"],
      summary: "Poll status events",
      description:
        "Status updates by polling, with or without a receiver: the messages after the cursor, in order, in the arrays of the push envelope. " +
        "Polling offers fewer kinds than push: delivery, lcstatus, payment, creditnote, duedateupdate and creditloss; contract, disconnect, " +
        "reconnect and the telecom messages are pushed only. Keep `next_cursor` and pass it as `cursor` (`next` and `after`, their first names, are deprecated and still work); when `more` is true ask again at once.",
      responses: {
        "200": json("Messages after the cursor.", pollAnswerSchema),
        "400": problem("Invalid query or a cursor this endpoint did not give."),
        "401": unauthorized,
      },
    },
  }),
};
