import { expect, test } from "@playwright/test";

import { addDays, caseRowFor, demoFin, expectAccessible, postAsErp, signIn } from "./fixtures";

/*
 * Every page of the portal, checked by axe-core against WCAG 2.1 A and AA in a real Chromium: any
 * violation fails, with its rule, its nodes and axe's own help in the report. The pages are
 * visited as the role that sees the most of each.
 */

test("the sign-in page and a page that does not exist have no accessibility violations", async ({ page }) => {
  await page.goto("/sign-in");
  await expectAccessible(page, "/sign-in");
  await page.goto("/no-such-page");
  await expectAccessible(page, "404 signed out");
});

test("every page an admin opens has no accessibility violations", async ({ page }) => {
  // Twenty pages, each loaded to network idle and checked by axe, then a case: about 90 s on a
  // quick 2-core machine and over 120 s on a slower one, which is the machine and not the pages.
  test.setTimeout(240_000);
  await signIn(page, "admin");
  const pages = [
    "/cases",
    "/dashboard",
    "/customers",
    "/products",
    "/reports/control",
    "/stock",
    "/einvoice-proposals",
    "/credit",
    "/invoices/new",
    "/reminders/new",
    "/collections/new",
    "/letters/new",
    "/uploads/new",
    "/drafts",
    "/onboarding/profiles",
    "/onboarding/profiles/new",
    "/settings/connections",
    "/settings/receiver",
    "/account",
    "/no-such-page",
  ];
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, path);
  }
  // A case, with its timeline, chart, decisions and test controls: one posted now, as an ERP would.
  const { headers, today } = await demoFin(page.request);
  const name = `Axe ${Date.now()}`;
  await postAsErp(page.request, headers, {
    person: name,
    billdate: today,
    paydate: addDays(today, 14),
    payrow: [{ desc: "Consulting", count: "1", amount: "100.00", taxpr: "25.5" }],
  });
  await (await caseRowFor(page, name)).getByRole("link").first().click();
  await expect(page.getByTestId("case-lifecycle")).toBeVisible();
  await expectAccessible(page, "a case");
  // The case's debtor in the customer register, with its cases and documents.
  await page.goto(`/customers?q=${encodeURIComponent(name.toLowerCase())}`);
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page, "a customer");
});
