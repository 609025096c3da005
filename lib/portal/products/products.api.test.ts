import { randomUUID } from "node:crypto";

import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { getDb } from "../../db/client";
import { ActionError } from "../actions/action-error";
import type { PortalUser } from "../auth/session";

import { findProducts, listProducts, productFormSchema, saveProduct, setProductActive, type ProductFormInput } from "./products";

/* The product and price list: per organization and country, codes unique there, and the invoice rows' look-up route. */

let current: PortalUser | null = null;
vi.mock("@/lib/portal/auth/session", () => ({
  userForRoute: async () => (current ? { user: current } : { response: new Response(null, { status: 401 }) }),
}));
const { GET } = await import("../../../app/api/portal/products/route");

const ORG = randomUUID();
const OTHER = randomUUID();
const user = (organizationId: string) => ({ organizationId, locale: "eng" as const });
const form = (values: Partial<ProductFormInput>) =>
  productFormSchema.parse({ id: "", country: "FIN", code: "P1", name: "Product", unitPrice: "10", vatRate: "25,5", unit: "", ...values });

beforeAll(async () => {
  await getDb().portalOrganization.createMany({ data: [ORG, OTHER].map((id) => ({ id, name: id })) });
});

describe("products", () => {
  it("adds, changes and deactivates a product, the price in minor units and the rate as the rows write it", async () => {
    const added = await saveProduct(getDb(), user(ORG), form({ code: "CONS-H", name: "Consulting hour", unitPrice: "1 234,50", vatRate: "25,50", unit: "h" }));
    expect(added).toMatchObject({ country: "FIN", code: "CONS-H", unitPrice: "1234.50", vatRate: "25.5", unit: "h", active: true });
    expect((await getDb().portalProduct.findUniqueOrThrow({ where: { id: added.id } })).unitPrice).toBe(123_450n);

    const changed = await saveProduct(
      getDb(),
      user(ORG),
      form({ id: added.id, code: "CONS-H", name: "Consulting hour, senior", unitPrice: "150", vatRate: "25,5", unit: "h" }),
    );
    expect(changed).toMatchObject({ id: added.id, name: "Consulting hour, senior", unitPrice: "150.00" });

    await setProductActive(getDb(), user(ORG), { id: added.id, active: false });
    expect((await listProducts(getDb(), ORG)).find((product) => product.id === added.id)).toMatchObject({ active: false });
    await setProductActive(getDb(), user(ORG), { id: added.id, active: true });
  });

  it("refuses a price or rate it cannot read", () => {
    const parsed = productFormSchema.safeParse({ id: "", country: "FIN", code: "a b", name: "", unitPrice: "12,345", vatRate: "101", unit: "" });
    expect(parsed.success).toBe(false);
    expect(Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path.join("."), issue.message]))).toMatchObject({
      code: "code",
      name: "enterIt",
      unitPrice: "price",
      vatRate: "vatRate",
    });
  });

  it("keeps a code unique per organization and country", async () => {
    await saveProduct(getDb(), user(ORG), form({ code: "UNIQ" }));
    const refused = await saveProduct(getDb(), user(ORG), form({ code: "UNIQ", name: "Again" })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ActionError);
    expect((refused as ActionError).fieldErrors).toEqual({ code: "codeTaken" });
    // The same code in another country, or of another organization, is another product.
    await expect(saveProduct(getDb(), user(ORG), form({ code: "UNIQ", country: "SWE" }))).resolves.toMatchObject({ country: "SWE" });
    await expect(saveProduct(getDb(), user(OTHER), form({ code: "UNIQ" }))).resolves.toMatchObject({ code: "UNIQ" });
  });

  it("lets another organization neither see nor change a product", async () => {
    const mine = await saveProduct(getDb(), user(ORG), form({ code: "MINE" }));
    expect((await listProducts(getDb(), OTHER)).map((product) => product.code)).not.toContain("MINE");
    await expect(saveProduct(getDb(), user(OTHER), form({ id: mine.id, code: "MINE", name: "Taken" }))).rejects.toBeInstanceOf(ActionError);
    await expect(setProductActive(getDb(), user(OTHER), { id: mine.id, active: false })).rejects.toBeInstanceOf(ActionError);
    expect(await getDb().portalProduct.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({ name: "Product", active: true });
  });

  it("finds the active products of a country by code or name, at most 20", async () => {
    for (let index = 0; index < 25; index++) await saveProduct(getDb(), user(ORG), form({ code: `BULK-${String(index).padStart(2, "0")}`, name: "Bulk item" }));
    const retired = await saveProduct(getDb(), user(ORG), form({ code: "RETIRED", name: "Bulk retired" }));
    await setProductActive(getDb(), user(ORG), { id: retired.id, active: false });
    const found = await findProducts(getDb(), { organizationId: ORG, country: "FIN", q: "BULK" });
    expect(found).toHaveLength(20);
    expect(found[0]).toEqual({ code: "BULK-00", name: "Bulk item", unitPrice: "10.00", vatRate: "25.5", unit: "" });
    expect(await findProducts(getDb(), { organizationId: ORG, country: "FIN", q: "retired" })).toEqual([]);
    expect((await findProducts(getDb(), { organizationId: ORG, country: "SWE", q: "" })).map((product) => product.code)).toEqual(["UNIQ"]);
  });
});

describe("GET /api/portal/products", () => {
  const get = (query: string) => GET(new NextRequest(`http://localhost/api/portal/products?${query}`));

  it("answers the signed-in user's organization's products of the country", async () => {
    current = { id: "u", organizationId: ORG, email: "v@example.test", name: "V", role: "viewer", locale: "eng" };
    await saveProduct(getDb(), user(ORG), form({ code: "ROUTE-1", name: "Routed widget", unitPrice: "9,90", vatRate: "14", unit: "pcs" }));
    await saveProduct(getDb(), user(OTHER), form({ code: "ROUTE-2", name: "Routed elsewhere" }));
    const response = await get("country=FIN&q=routed");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ products: [{ code: "ROUTE-1", name: "Routed widget", unitPrice: "9.90", vatRate: "14", unit: "pcs" }] });
  });

  it("refuses a query without a country or with too long a text, and a request without a session", async () => {
    current = { id: "u", organizationId: ORG, email: "v@example.test", name: "V", role: "viewer", locale: "eng" };
    expect((await get("q=x")).status).toBe(400);
    expect((await get("country=DEU")).status).toBe(400);
    expect((await get(`country=FIN&q=${"x".repeat(101)}`)).status).toBe(400);
    current = null;
    expect((await get("country=FIN")).status).toBe(401);
  });

  it("says each refused member in the user's language and names the rule by its key", async () => {
    current = { id: "u", organizationId: ORG, email: "v@example.test", name: "V", role: "viewer", locale: "fin" };
    const tooLong = await get(`country=FIN&q=${"x".repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { problems: unknown[] }).problems).toEqual([
      { field: "q", code: "invalid", message: "Enintään 100 merkkiä.", rule: "maxLength", params: { max: "100" } },
    ]);
    const country = await get("country=DEU");
    expect(country.status).toBe(400);
    expect(((await country.json()) as { problems: unknown[] }).problems).toEqual([
      { field: "country", code: "invalid", message: "Valitse jokin näistä: FIN, SWE, NOR.", rule: "oneOf", params: { values: "FIN, SWE, NOR" } },
    ]);
  });
});
