import { randomUUID } from "node:crypto";

import { z } from "zod";

import type { Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/unique-violation";
import { exactCents, formatCents } from "../../payment-data/amounts";
import { COUNTRIES } from "../../spec/environments";
import { ruleError } from "../../spec/problems";
import { ActionError } from "../actions/action-error";
import type { PortalUser } from "../auth/session";
import { normaliseDecimal } from "../forms/normalise-decimal";
import { keyed } from "../i18n/messages";

import { PRODUCT_TEXTS } from "./texts";

/*
 * The organization's products and prices, per country, since a price is in that country's currency
 * (euros, kronor, kroner). The code is unique per organization and country; a product is never
 * deleted, only made inactive, so an invoice row that named it can still be read against it.
 */

const MAX_PRICE_CENTS = 99_999_999_999n;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: keyed("tooLong", { max }) });

/* A message that is no key of lib/portal/i18n/messages.ts is a key of PRODUCT_TEXTS.errors. */

export const productFormSchema = z.object({
  id: z.union([z.literal(""), z.uuid()]),
  country: z.enum(COUNTRIES),
  code: text(40)
    .min(1, { error: keyed("enterIt") })
    .regex(/^[\p{L}\p{N}._\-/]+$/u, { error: "code" }),
  name: text(200).min(1, { error: keyed("enterIt") }),
  unitPrice: z
    .string()
    .max(30)
    .transform(normaliseDecimal)
    .pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, { error: "price" }))
    .transform((value) => exactCents(value))
    .refine((cents) => cents <= MAX_PRICE_CENTS, { error: keyed("tooLarge") }),
  vatRate: z
    .string()
    .max(10)
    .transform(normaliseDecimal)
    .pipe(z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, { error: "vatRate" }))
    .refine((value) => Number(value) <= 100, { error: "vatRate" })
    // "24.50" and "24.5" are one rate: written as the invoice rows write it.
    .transform((value) => String(Number(value))),
  unit: text(20),
});
export type ProductFormInput = z.input<typeof productFormSchema>;

export const productActiveSchema = z.object({ id: z.uuid(), active: z.boolean() });

export interface ProductView {
  id: string;
  country: string;
  code: string;
  name: string;
  /** Major units with a point and two decimals, as the invoice rows write an amount. */
  unitPrice: string;
  vatRate: string;
  unit: string;
  active: boolean;
}

type ProductRow = { id: string; country: string; code: string; name: string; unitPrice: bigint; vatRate: string; unit: string; active: boolean };

const toView = (row: ProductRow): ProductView => ({
  id: row.id,
  country: row.country,
  code: row.code,
  name: row.name,
  unitPrice: formatCents(row.unitPrice),
  vatRate: row.vatRate,
  unit: row.unit,
  active: row.active,
});

const searchTextOf = (code: string, name: string) => `${code} ${name}`.toLowerCase();

/** Every product of the organization, active first, by country and code, for the products page. */
export async function listProducts(db: Tx, organizationId: string): Promise<ProductView[]> {
  const rows = await db.portalProduct.findMany({ where: { organizationId }, orderBy: [{ active: "desc" }, { country: "asc" }, { code: "asc" }], take: 2000 });
  return rows.map(toView);
}

/** Adds a product, or changes one of the organization's (input.id). */
export async function saveProduct(
  db: Tx,
  user: Pick<PortalUser, "organizationId" | "locale">,
  input: z.output<typeof productFormSchema>,
): Promise<ProductView> {
  const t = PRODUCT_TEXTS[user.locale];
  const values = {
    country: input.country,
    code: input.code,
    name: input.name,
    unitPrice: input.unitPrice,
    vatRate: input.vatRate,
    unit: input.unit,
    searchText: searchTextOf(input.code, input.name),
  };
  try {
    if (input.id) {
      const { count } = await db.portalProduct.updateMany({ where: { id: input.id, organizationId: user.organizationId }, data: values });
      if (count === 0) throw new ActionError(t.noSuchProduct);
      return toView(await db.portalProduct.findFirstOrThrow({ where: { id: input.id, organizationId: user.organizationId } }));
    }
    return toView(await db.portalProduct.create({ data: { id: randomUUID(), organizationId: user.organizationId, ...values } }));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ActionError(t.checkFields, { code: "codeTaken" });
    throw error;
  }
}

/** Deactivates (or activates again) one of the organization's products. */
export async function setProductActive(db: Tx, user: Pick<PortalUser, "organizationId" | "locale">, input: z.output<typeof productActiveSchema>) {
  const { count } = await db.portalProduct.updateMany({ where: { id: input.id, organizationId: user.organizationId }, data: { active: input.active } });
  if (count === 0) throw new ActionError(PRODUCT_TEXTS[user.locale].noSuchProduct);
  return { id: input.id, active: input.active };
}

/**
 * GET /api/portal/products: what the invoice rows may pick from. Its issues are the route's answer
 * (problemsFromZod), so each states a rule of the catalogue, which the route says by its key in the
 * reader's language.
 */
export const productQuerySchema = z.object({
  country: z.enum(COUNTRIES, { error: ruleError("oneOf", { values: COUNTRIES.join(", ") }) }),
  q: z
    .string()
    .trim()
    .max(100, { error: ruleError("maxLength", { max: 100 }) })
    .default(""),
});

const MAX_PRODUCTS_FOUND = 20;

export interface ProductChoice {
  code: string;
  name: string;
  unitPrice: string;
  vatRate: string;
  unit: string;
}

/** Active products of one country whose code or name holds q (all of them, up to the limit, for an empty q), by code. */
export async function findProducts(
  db: Tx,
  { organizationId, country, q }: { organizationId: string } & z.output<typeof productQuerySchema>,
): Promise<ProductChoice[]> {
  const rows = await db.portalProduct.findMany({
    where: { organizationId, country, active: true, ...(q ? { searchText: { contains: q.toLowerCase() } } : {}) },
    orderBy: { code: "asc" },
    take: MAX_PRODUCTS_FOUND,
    select: { code: true, name: true, unitPrice: true, vatRate: true, unit: true },
  });
  return rows.map((row) => ({ code: row.code, name: row.name, unitPrice: formatCents(row.unitPrice), vatRate: row.vatRate, unit: row.unit }));
}
