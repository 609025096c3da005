import { z } from "zod";

import {
  contractListQuerySchema,
  contractPageSchema,
  contractRequestSchema,
  contractSchema,
  invoicePageSchema,
  invoiceQuerySchema,
  pathKey,
  telecomReportSchema,
  telecomSubscriptionSchema,
  usagePlaceRequestSchema,
  usagePlaceSchema,
} from "../contracts";
import { defineOperation } from "../operation";

import { json, problem, unauthorized } from "./responses";

/* The contract, usage place, telecom and invoice query operations. */

const invalid = problem("A member or parameter is not valid; `problems` names each.");

/** The JSON bodies of these operations are small records. */
const JSON_LIMIT = 64 * 1024;

const contractNo = z.object({ contract_no: pathKey().meta({ description: "The principal's contract number." }) });
const usagePlaceCode = z.object({ usageplacecode: pathKey().meta({ description: "The principal's code of the place of use (metering point)." }) });

export const contractTags = [
  { name: "Contracts", description: "Contracts, usage places and the disconnection recommendations that follow them." },
  { name: "Telecom", description: "Telecom subscription disconnections and reconnections." },
  { name: "Invoices", description: "The invoice query." },
];

const telecomOperation = (operationId: string, summary: string, state: string) => ({
  method: "post" as const,
  auth: "bearer" as const,
  body: { kind: "json" as const, schema: telecomReportSchema, limit: JSON_LIMIT, what: "report" },
  doc: {
    operationId,
    tags: ["Telecom"],
    summary,
    description:
      `The principal reports that it ${state} a subscription of its customer (customernumber = custnum of the invoices). The report is recorded, ` +
      "not echoed as an event. The service's own recommendations come as telecomdisconnect / telecomreconnect events: once per debt episode, when the " +
      'customer\'s telecom invoices (collectionprocess "telecom") are in collection 28 days past due, and when they are paid. A disconnection the ' +
      "principal reports while such debt is open replaces the telecomdisconnect of that episode; the telecomreconnect still follows the payment.",
    responses: {
      "201": json("Recorded; the subscription as the service now knows it.", telecomSubscriptionSchema),
      "400": invalid,
      "401": unauthorized,
      "415": problem("Not application/json."),
    },
  },
});

export const contractOperations = {
  list: defineOperation({
    method: "get",
    path: "/contracts",
    auth: "bearer",
    query: contractListQuerySchema,
    doc: {
      operationId: "listContracts",
      tags: ["Contracts"],
      summary: "List contracts",
      description: "The profile's contracts in contract-number order, a page at a time.",
      responses: { "200": json("A page of contracts.", contractPageSchema), "400": invalid, "401": unauthorized },
    },
  }),
  get: defineOperation({
    method: "get",
    path: "/contracts/{contract_no}",
    auth: "bearer",
    params: contractNo,
    names: "contract",
    doc: {
      operationId: "getContract",
      tags: ["Contracts"],
      summary: "Read a contract",
      responses: { "200": json("The contract.", contractSchema), "401": unauthorized, "404": problem("No contract of this profile has this number.") },
    },
  }),
  put: defineOperation({
    method: "put",
    path: "/contracts/{contract_no}",
    auth: "bearer",
    params: contractNo,
    malformedParams: "invalid_request",
    names: "contract number",
    body: { kind: "json", schema: contractRequestSchema, limit: JSON_LIMIT, what: "contract" },
    doc: {
      operationId: "putContract",
      tags: ["Contracts"],
      summary: "Create or update a contract",
      description:
        "Members left out keep their stored values; null clears one. contractstatus: active, terminating (notice given) or terminated. " +
        "terminationterm is the notice period: P14D, P2W, P1M, P1Y (or 14D, 2W, 1M, 1Y). When a contract becomes terminating without a " +
        "termination_date, the service computes it from noticedate (today when absent) plus the term, in calendar days, weeks, months or years, " +
        "and reports it in a `contract` event; a change the principal makes itself is not echoed. A usageplacecode moves the place to this contract.",
      responses: {
        "200": json("Updated.", contractSchema),
        "201": json("Created; Location names it.", contractSchema),
        "400": invalid,
        "401": unauthorized,
        "415": problem("Not application/json."),
      },
    },
  }),
  getUsagePlace: defineOperation({
    method: "get",
    path: "/usageplaces/{usageplacecode}",
    auth: "bearer",
    params: usagePlaceCode,
    names: "usage place",
    doc: {
      operationId: "getUsagePlace",
      tags: ["Contracts"],
      summary: "Read a usage place",
      description: "The place, the contract that supplies it, and the service's last disconnection recommendation for it.",
      responses: { "200": json("The usage place.", usagePlaceSchema), "401": unauthorized, "404": problem("No usage place of this profile has this code.") },
    },
  }),
  putUsagePlace: defineOperation({
    method: "put",
    path: "/usageplaces/{usageplacecode}",
    auth: "bearer",
    params: usagePlaceCode,
    malformedParams: "invalid_request",
    names: "usage place code",
    body: { kind: "json", schema: usagePlaceRequestSchema, limit: JSON_LIMIT, what: "usage place" },
    doc: {
      operationId: "putUsagePlace",
      tags: ["Contracts"],
      summary: "Register a usage place",
      description:
        "Registers the place under the energy contract that supplies it (created active when new); a place is under one contract at a time. " +
        "Registered places are watched: when invoices naming the contract (usageplaces[].energycontract[].contract_no or contract[].contract_no) " +
        "are in collection 35 days past due, a `disconnect` event names the place, the contract, the invoices and the earliest lawful " +
        "disconnection day; when they are paid, a `reconnect` event. Once each per debt episode, except that a day the customer's cut-off " +
        "warning could not reach in time (a warning refused as too late, or held up until the law's notice would end after the day) is " +
        "planned again: a further `disconnect` for the same place names the later day, which replaces the earlier one (one each business day " +
        "a held-up warning still waits).",
      responses: {
        "200": json("Updated.", usagePlaceSchema),
        "201": json("Registered; Location names it.", usagePlaceSchema),
        "400": invalid,
        "401": unauthorized,
        "415": problem("Not application/json."),
      },
    },
  }),
  queryInvoices: defineOperation({
    method: "get",
    path: "/invoices",
    auth: "bearer",
    query: invoiceQuerySchema,
    queryNames: ["custnum", "govid", "limit", "cursor"],
    doc: {
      operationId: "queryInvoices",
      tags: ["Invoices"],
      summary: "A customer's invoices",
      description:
        "The profile's invoices, reminders and collections of one customer, by the principal's customer number (custnum) or by the customer's " +
        "personal or business id (govid), in job id order. Give exactly one. The id is matched by a keyed hash and never answered.",
      responses: { "200": json("A page of invoices.", invoicePageSchema), "400": invalid, "401": unauthorized },
    },
  }),
  telecomDisconnection: defineOperation({
    ...telecomOperation("reportTelecomDisconnection", "Report a disconnected subscription", "disconnected"),
    path: "/telecom/disconnections",
  }),
  telecomReconnection: defineOperation({
    ...telecomOperation("reportTelecomReconnection", "Report a reconnected subscription", "reconnected"),
    path: "/telecom/reconnections",
  }),
};
