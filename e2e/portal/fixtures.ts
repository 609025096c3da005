import { AxeBuilder } from "@axe-core/playwright";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

import type { Role } from "../../lib/portal/auth/roles";

/*
 * The demo users seeded on the e2e server's first start (lib/portal/seed/seed-portal.ts), one per
 * role, and a sign-in through the real form.
 */

export const DEMO_USER: Record<Role, { email: string; password: string; name: string }> = {
  admin: { email: "admin@demo.example", password: "demo-admin-password", name: "Aino Admin" },
  clerk: { email: "clerk@demo.example", password: "demo-clerk-password", name: "Kalle Clerk" },
  viewer: { email: "viewer@demo.example", password: "demo-viewer-password", name: "Ville Viewer" },
};

export async function signIn(page: Page, role: Role): Promise<void> {
  const user = DEMO_USER[role];
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The first page after sign-in may be compiled on this visit.
  await expect(page.getByText(user.name)).toBeVisible({ timeout: process.env.E2E_SERVER === "dev" ? 150_000 : 30_000 });
}

/** The demo profile of fin-test over REST: its bearer header and its clock's date (a test clock may have moved it). */
export async function demoFin(request: APIRequestContext): Promise<{ headers: Record<string, string>; today: string; offsetseconds: number }> {
  const response = await request.post("/fin-test/rest/token", { data: { cid: "demo-fin", apicode: "demo-fin-apicode" } });
  expect(response.status()).toBe(201);
  const headers = { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
  const clock = (await (await request.get("/fin-test/rest/testing/clock", { headers })).json()) as { today: string; offsetseconds: number };
  return { headers, today: clock.today, offsetseconds: clock.offsetseconds };
}

/** One Finnish invoice to the demo profile over REST, as the customer's ERP would post it; its result record. */
export async function postAsErp(request: APIRequestContext, headers: Record<string, string>, item: Record<string, unknown>, options: { draft?: boolean } = {}) {
  const dataset = [
    {
      jobtype: "0",
      customertype: "2",
      address: "Esimerkkikatu 1",
      postcode: "00100",
      city: "Helsinki",
      sendtype: "email",
      email: "maija@example.com",
      ...item,
    },
  ];
  const posted = await request.post(options.draft ? "/fin-test/rest/jobs?draft=true" : "/fin-test/rest/jobs", { headers, data: { datastream: { dataset } } });
  expect(posted.status()).toBe(200);
  const result = ((await posted.json()) as { result: { accepted: number; jobid: number; billnum: string }[] }).result[0]!;
  expect(result.accepted).toBe(1);
  return result;
}

/**
 * A clerk's invoice of 100 € to a person with a Finnish identity code, typed in the form and posted
 * through the demo Finnish test connection; the URL of its case.
 */
export async function postInvoiceWithIdentityCode(page: Page, person: { name: string; govid: string; street: string }): Promise<string> {
  await page.goto("/invoices/new");
  await page.getByLabel("Send through").selectOption({ label: "Demo Oy · Finland test (fin-test)" });
  await page.getByLabel("Name", { exact: true }).fill(person.name);
  await page.getByLabel("Personal identity code").fill(person.govid);
  await page.getByLabel("Street address").fill(person.street);
  await page.getByLabel("Postcode").fill("00100");
  await page.getByLabel("City").fill("Helsinki");
  const row = page.getByTestId("payrow-0");
  await row.getByLabel("Description").fill("Consulting");
  await row.getByLabel("Unit price (excl. VAT)").fill("100");
  await page.getByRole("button", { name: "Post" }).click();
  await expect(page.getByTestId("posted-result")).toBeVisible({ timeout: 30_000 });
  return (await page.getByRole("link", { name: "Open the case" }).getAttribute("href"))!;
}

/** date + days, as YYYY-MM-DD. */
/**
 * The case list's one row for a debtor, searched by name until the portal has the case: it comes with
 * the service's events and the job read after them, a moment after the post.
 */
export async function caseRowFor(page: Page, name: string): Promise<Locator> {
  await expect
    .poll(
      async () => {
        await page.goto(`/cases?q=${encodeURIComponent(name)}`);
        return page.locator("tbody tr").count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  return page.locator("tbody tr").first();
}

export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The page as it stands, checked by axe-core against WCAG 2.1 A and AA: any violation fails, with its
 * rule, its nodes and axe's own help in the report.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Next.js streams a page's metadata: after a server action's refresh the <title> comes back a
  // moment after the content it belongs to. A page must have its title; axe then checks the rest.
  await expect(page, `${what}: the page has a title`).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const found = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
  }));
  expect(found, `${what}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
}
