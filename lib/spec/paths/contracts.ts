import { z } from "zod";

import {
  CONTRACT_STATUSES,
  contractPageSchema,
  contractRequestSchema,
  contractSchema,
  invoicePageSchema,
  KEY_PATTERN,
  MAX_PAGE,
  telecomReportSchema,
  telecomSubscriptionSchema,
  usagePlaceRequestSchema,
  usagePlaceSchema,
} from "../contracts";


import { json, problem, unauthorized } from "./responses";

/*
 * The contract, usage place, telecom and invoice query operations of the OpenAPI document
 * (lib/spec/openapi.ts spreads these in), described from the schemas the handlers validate with.
 */

const invalid = problem("A member or parameter is not valid; `problems` names each.");

const key = (description: string) => z.string().regex(KEY_PATTERN).meta({ description });
const contractNo = z.object({ contract_no: key("The principal's contract number.") });
const usagePlaceCode = z.object({ usageplacecode: key("The principal's code of the place of use (metering point).") });
const paging = {
  limit: z.int().min(1).max(MAX_PAGE).optional().meta({ description: `Page size, 1 to ${MAX_PAGE}; 50 when absent.` }),
  cursor: z.string().optional().meta({ description: "next_cursor of the previous page." }),
};

export const contractTags = [
  { name: "Contracts", description: "Contracts, usage places and the disconnection recommendations that follow them." },
  { name: "Telecom", description: "Telecom subscription disconnections and reconnections." },
  { name: "Invoices", description: "The invoice query." },
];

const telecomOperation = (operationId: string, summary: string, state: string) => ({
  operationId,
  tags: ["Telecom"],
  summary,
  description:
    `The principal reports that it ${state} a subscription of its customer (customernumber = custnum of the invoices). The report is recorded, ` +
    "not echoed as an event. The service's own recommendations come as telecomdisconnect / telecomreconnect events: once per debt episode, when the " +
    'customer\'s telecom invoices (collectionprocess "telecom") are in collection 28 days past due, and when they are paid. A disconnection the ' +
    "principal reports while such debt is open replaces the telecomdisconnect of that episode; the telecomreconnect still follows the payment.",
  requestBody: { required: true, content: { "application/json": { schema: telecomReportSchema } } },
  responses: {
    "201": json("Recorded; the subscription as the service now knows it.", telecomSubscriptionSchema),
    "400": invalid,
    "401": unauthorized,
    "415": problem("Not application/json."),
  },
});

export const contractPaths = {
  "/contracts": {
    get: {
      operationId: "listContracts",
      tags: ["Contracts"],
      summary: "List contracts",
      description: "The profile's contracts in contract-number order, a page at a time.",
      requestParams: {
        query: z.object({ ...paging, usageplacecode: z.string().optional(), contractstatus: z.enum(CONTRACT_STATUSES).optional() }),
      },
      responses: { "200": json("A page of contracts.", contractPageSchema), "400": invalid, "401": unauthorized },
    },
  },
  "/contracts/{contract_no}": {
    get: {
      operationId: "getContract",
      tags: ["Contracts"],
      summary: "Read a contract",
      requestParams: { path: contractNo },
      responses: { "200": json("The contract.", contractSchema), "401": unauthorized, "404": problem("No contract of this profile has this number.") },
    },
    put: {
      operationId: "putContract",
      tags: ["Contracts"],
      summary: "Create or update a contract",
      description:
        "Members left out keep their stored values; null clears one. contractstatus: active, terminating (notice given) or terminated. " +
        "terminationterm is the notice period: P14D, P2W, P1M, P1Y (or 14D, 2W, 1M, 1Y). When a contract becomes terminating without a " +
        "termination_date, the service computes it from noticedate (today when absent) plus the term, in calendar days, weeks, months or years, " +
        "and reports it in a `contract` event; a change the principal makes itself is not echoed. A usageplacecode moves the place to this contract.",
      requestParams: { path: contractNo },
      requestBody: { required: true, content: { "application/json": { schema: contractRequestSchema } } },
      responses: {
        "200": json("Updated.", contractSchema),
        "201": json("Created; Location names it.", contractSchema),
        "400": invalid,
        "401": unauthorized,
        "415": problem("Not application/json."),
      },
    },
  },
  "/usageplaces/{usageplacecode}": {
    get: {
      operationId: "getUsagePlace",
      tags: ["Contracts"],
      summary: "Read a usage place",
      description: "The place, the contract that supplies it, and the service's last disconnection recommendation for it.",
      requestParams: { path: usagePlaceCode },
      responses: { "200": json("The usage place.", usagePlaceSchema), "401": unauthorized, "404": problem("No usage place of this profile has this code.") },
    },
    put: {
      operationId: "putUsagePlace",
      tags: ["Contracts"],
      summary: "Register a usage place",
      description:
        "Registers the place under the energy contract that supplies it (created active when new); a place is under one contract at a time. " +
        "Registered places are watched: when invoices naming the contract (usageplaces[].energycontract[].contract_no or contract[].contract_no) " +
        "are in collection 35 days past due, a `disconnect` event names the place, the contract, the invoices and the earliest lawful " +
        "disconnection day; when they are paid, a `reconnect` event. Once each per debt episode.",
      requestParams: { path: usagePlaceCode },
      requestBody: { required: true, content: { "application/json": { schema: usagePlaceRequestSchema } } },
      responses: {
        "200": json("Updated.", usagePlaceSchema),
        "201": json("Registered; Location names it.", usagePlaceSchema),
        "400": invalid,
        "401": unauthorized,
        "415": problem("Not application/json."),
      },
    },
  },
  "/telecom/disconnections": { post: telecomOperation("reportTelecomDisconnection", "Report a disconnected subscription", "disconnected") },
  "/telecom/reconnections": { post: telecomOperation("reportTelecomReconnection", "Report a reconnected subscription", "reconnected") },
  "/invoices": {
    get: {
      operationId: "queryInvoices",
      tags: ["Invoices"],
      summary: "A customer's invoices",
      description:
        "The profile's invoices, reminders and collections of one customer, by the principal's customer number (custnum) or by the customer's " +
        "personal or business id (govid), in job id order. Give exactly one. The id is matched by a keyed hash and never answered.",
      requestParams: {
        query: z.object({
          custnum: z.string().optional().meta({ description: "Customer number in the principal's system." }),
          govid: z.string().optional().meta({ description: "Personal identity code or business id." }),
          ...paging,
        }),
      },
      responses: { "200": json("A page of invoices.", invoicePageSchema), "400": invalid, "401": unauthorized },
    },
  },
};
