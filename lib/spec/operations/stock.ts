import { defineOperation } from "../operation";
import { stockCodeParams, stockDetailSchema, stockItemInputSchema, stockItemSchema, stockListSchema, stockMovementInputSchema } from "../stock";

import { json, problem, unauthorized } from "./responses";

/* Product stock: the customer's inserts and pre-printed stationery at the print house (lib/service/stock). */

export const stockTags = [
  {
    name: "Stock",
    description:
      "The customer's own inserts and pre-printed stationery that the print house holds: levels, what each print batch took, and a warning " +
      "when a level falls under its threshold.",
  },
];

const taking =
  "Each letter of the profile that goes into a print batch takes one of every active item that goes into its kind of letter (per letter), or " +
  "one per printed sheet (per sheet, letterhead), while the level allows it; a letter printed after an item ran out goes without it. The " +
  "print batch names what each letter takes (GET /distribution/print-batches/{date}, supplies). ";

export const stockOperations = {
  list: defineOperation({
    method: "get",
    path: "/stock",
    auth: "bearer",
    doc: {
      operationId: "listStock",
      tags: ["Stock"],
      summary: "The profile's stock items and their levels",
      description: taking + "low is true while an item's level is under its threshold.",
      responses: { "200": json("The items, by code.", stockListSchema), "401": unauthorized, "405": problem("A method other than GET.") },
    },
  }),
  detail: defineOperation({
    method: "get",
    path: "/stock/{code}",
    auth: "bearer",
    params: stockCodeParams,
    names: "stock item",
    doc: {
      operationId: "getStockItem",
      tags: ["Stock"],
      summary: "A stock item, what the print batches took of it, and the stock received and counted",
      responses: {
        "200": json("The item.", stockDetailSchema),
        "401": unauthorized,
        "404": problem("The profile has no stock item of this code."),
        "405": problem("A method other than GET or PUT."),
      },
    },
  }),
  put: defineOperation({
    method: "put",
    path: "/stock/{code}",
    auth: "bearer",
    params: stockCodeParams,
    malformedParams: "invalid_request",
    names: "stock item",
    body: { kind: "json", schema: stockItemInputSchema, limit: 4096, what: "stock item" },
    doc: {
      operationId: "putStockItem",
      tags: ["Stock"],
      summary: "Define a stock item, or change what it is",
      description:
        taking +
        "A new item starts at level 0: its stock comes in with POST /stock/{code}/movements. Changing an item keeps its level. The warning " +
        "goes to warnemail once each time the level falls under threshold (by letters taking it, or by a count), and again only after stock " +
        "has come back over it. A profile keeps at most 200 items.",
      responses: {
        "200": json("Changed.", stockItemSchema),
        "201": json("Defined.", stockItemSchema),
        "400": problem("Malformed JSON, a code of characters other than letters, digits, '.', '_' and '-', or invalid members; `problems` names each."),
        "401": unauthorized,
        "405": problem("A method other than GET or PUT."),
        "409": problem("The profile has 200 items already."),
        "415": problem("Not application/json."),
      },
    },
  }),
  movement: defineOperation({
    method: "post",
    path: "/stock/{code}/movements",
    auth: "bearer",
    params: stockCodeParams,
    names: "stock item",
    body: { kind: "json", schema: stockMovementInputSchema, limit: 4096, what: "stock movement" },
    doc: {
      operationId: "recordStockMovement",
      tags: ["Stock"],
      summary: "Stock received at the print house, or the shelf counted",
      description:
        "received adds quantity to the level; counted sets the level to what the print house counted (the difference is recorded). Both are " +
        "listed by GET /stock/{code} with the level after them. A count under the threshold warns as letters would.",
      responses: {
        "201": json("Recorded; the item as it is now.", stockItemSchema),
        "400": problem("Malformed JSON, or invalid members (a level over 10,000,000); `problems` names each."),
        "401": unauthorized,
        "404": problem("The profile has no stock item of this code."),
        "405": problem("A method other than POST."),
        "415": problem("Not application/json."),
      },
    },
  }),
};
