import { z } from "zod";

import { calendarDate, email, text } from "./primitives";

/*
 * Product stock (GET /stock, PUT /stock/{code}, POST /stock/{code}/movements; lib/service/stock):
 * the customer's own inserts and pre-printed stationery that the print house holds and puts into the
 * profile's letters. Letters take them while there are any; a letter printed when one has run out
 * goes without it, and the print batch's manifest names what each letter takes.
 */

export const STOCK_KINDS = ["insert", "stationery"] as const;
export const STOCK_UNITS = ["letter", "sheet"] as const;
/** The letters a stock item goes into: an invoice's original, a credit note, a notice of a case (reminder, collection letter, cut-off warning), a letter (jobtype 301). */
export const STOCK_DOCUMENTS = ["invoice", "creditnote", "reminder", "collection", "cutoff", "letter"] as const;
export type StockDocument = (typeof STOCK_DOCUMENTS)[number];

/** The most items a profile keeps: a print house's shelf, not a warehouse. */
export const MAX_STOCK_ITEMS = 200;
/** The most one movement may change a level by, and the most a level may be: ten million sheets. */
export const MAX_STOCK_QUANTITY = 10_000_000;

export const stockCodeParams = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, { error: "must be 1 to 40 letters, digits, '.', '_' or '-', starting with a letter or digit" })
    .meta({ description: "The customer's code for the item." }),
});

const quantity = z.int({ error: "must be a whole number" }).min(0).max(MAX_STOCK_QUANTITY);

export const stockItemInputSchema = z
  .strictObject({
    name: text(100)
      .refine((value) => value.trim() !== "", { error: "must not be empty" })
      .meta({ description: "What it is, as the print house's staff read it." }),
    kind: z.enum(STOCK_KINDS).meta({ description: "insert: a leaflet or form that goes into the envelope; stationery: pre-printed paper or envelopes." }),
    per: z
      .enum(STOCK_UNITS)
      .default("letter")
      .meta({ description: "letter: one per letter (an insert, an envelope); sheet: one per sheet printed (letterhead)." }),
    documents: z
      .array(z.enum(STOCK_DOCUMENTS))
      .min(1)
      .max(STOCK_DOCUMENTS.length)
      .refine((list) => new Set(list).size === list.length, { error: "must name each document once" })
      .default(["invoice"])
      .meta({
        description:
          "Which letters take it: invoice (the original of an invoice), creditnote, reminder, collection (the notices of a case, and jobs posted as such), letter (jobtype 301).",
      }),
    activefrom: calendarDate().nullable().default(null).meta({ description: "The first day letters take it (a campaign insert); null: from now." }),
    activeuntil: calendarDate().nullable().default(null).meta({ description: "The last day letters take it; null: while there is stock." }),
    threshold: quantity.default(0).meta({ description: "Warn when the level falls under this." }),
    warnemail: email()
      .nullable()
      .default(null)
      .meta({ description: "Where the warning goes, once each time the level falls under the threshold; null: no e-mail." }),
  })
  .refine((item) => !item.activefrom || !item.activeuntil || item.activefrom <= item.activeuntil, {
    error: "must not be before activefrom",
    path: ["activeuntil"],
  })
  .meta({ id: "StockItemInput" });
export type StockItemInput = z.output<typeof stockItemInputSchema>;

export const stockMovementInputSchema = z
  .discriminatedUnion(
    "type",
    [
      z.strictObject({
        type: z.literal("received"),
        quantity: quantity.min(1).meta({ description: "How many came in to the print house." }),
        note: text(200).optional(),
      }),
      z.strictObject({
        type: z.literal("counted"),
        level: quantity.meta({ description: "How many the print house counted on the shelf: the level becomes this." }),
        note: text(200).optional(),
      }),
    ],
    { error: "must be received (with quantity) or counted (with level)" },
  )
  .meta({ id: "StockMovementInput" });
export type StockMovementInput = z.output<typeof stockMovementInputSchema>;

export const stockItemSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    kind: z.enum(STOCK_KINDS),
    per: z.enum(STOCK_UNITS),
    documents: z.array(z.enum(STOCK_DOCUMENTS)),
    activefrom: z.string().nullable(),
    activeuntil: z.string().nullable(),
    level: z.int().meta({ description: "How many the print house holds now." }),
    threshold: z.int(),
    low: z.boolean().meta({ description: "The level is under the threshold." }),
    warnemail: z.string().nullable(),
    updated: z.string().meta({ description: "When the item or its level last changed (ISO 8601)." }),
  })
  .meta({ id: "StockItem" });
export type StockItemView = z.output<typeof stockItemSchema>;

export const stockListSchema = z.object({ items: z.array(stockItemSchema) }).meta({ id: "StockList" });
export type StockList = z.output<typeof stockListSchema>;

const stockMovementSchema = z
  .object({
    type: z.enum(["received", "counted"]),
    quantity: z.int().meta({ description: "The change of the level." }),
    level: z.int().meta({ description: "The level after it." }),
    note: z.string().nullable(),
    time: z.string(),
  })
  .meta({ id: "StockMovement" });

const stockBatchSchema = z
  .object({
    date: z.string().meta({ description: "The print batch's day." }),
    letters: z.int().meta({ description: "Letters of the batch that took it." }),
    quantity: z.int().meta({ description: "How many they took." }),
  })
  .meta({ id: "StockBatchConsumption" });

export const stockDetailSchema = z
  .object({
    item: stockItemSchema,
    batches: z.array(stockBatchSchema).meta({ description: "What each print batch took, newest first, the last 90 days." }),
    movements: z.array(stockMovementSchema).meta({ description: "Stock received and counted, newest first, the last 100." }),
  })
  .meta({ id: "StockDetail" });
export type StockDetail = z.output<typeof stockDetailSchema>;

/** What a letter in a print batch takes from the stock, as the manifest and GET /distribution/print-batches/{date} name it. */
export const printSupplySchema = z.object({ code: z.string(), quantity: z.int() }).meta({ id: "PrintSupply" });
export type PrintSupply = z.output<typeof printSupplySchema>;
