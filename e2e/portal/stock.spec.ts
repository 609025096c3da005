import { expect, test } from "@playwright/test";

import { addDays, demoFin, postAsErp, signIn } from "./fixtures";

/*
 * Product stock: a clerk defines an insert for the print house and records a delivery of it; a
 * letter by post takes one, and the page shows the level fall under its threshold.
 */

test("a clerk defines an insert, records stock received, and sees a posted letter take one", async ({ page, request }) => {
  const code = `LEAFLET-${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, "clerk");
  await page.getByRole("link", { name: "Stock", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Stock at the print house" })).toBeVisible();
  await page.getByLabel(/^Connection/).selectOption({ label: "Demo Oy · Finland test (fin-test)" });
  await page.getByRole("button", { name: "Show" }).click();

  const define = page.getByRole("form", { name: "Define or change an item" });
  await define.getByLabel("Code").fill(code);
  await define.getByLabel("Name").fill("Price list 2027");
  await define.getByLabel("Warn under").fill("6");
  await define.getByLabel("Warning to (optional)").fill("print-orders@example.fi");
  await define.getByRole("button", { name: "Save item" }).click();
  await expect(define.getByRole("status")).toHaveText(`Item ${code} saved.`);
  const row = page.getByTestId("stock-items").getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("Price list 2027");
  await expect(row).toContainText("Low");

  const record = page.getByRole("form", { name: "Stock received or counted" });
  await record.getByLabel("Item").selectOption(code);
  // An empty count is no count: refused at its field before anything is recorded.
  await record.getByLabel("What happened").selectOption({ label: "Shelf counted" });
  await record.getByRole("button", { name: "Record" }).click();
  await expect(record.getByLabel("Counted level")).toHaveAttribute("aria-invalid", "true");
  await expect(record.getByText("Enter a number.")).toBeVisible();

  await record.getByLabel("What happened").selectOption({ label: "Stock received" });
  await record.getByLabel("Quantity").fill("6");
  await record.getByLabel("Note (optional)").fill("Delivery note 4711");
  await record.getByRole("button", { name: "Record" }).click();
  await expect(record.getByRole("status")).toHaveText(`${code} is now at 6.`);
  await expect(row).not.toContainText("Low");

  // The ERP posts an invoice by post: the distribution worker puts it into the print batch with the insert.
  const { headers, today } = await demoFin(request);
  const posted = await postAsErp(request, headers, {
    person: "Maija Varasto",
    sendtype: "post",
    email: null,
    billdate: today,
    paydate: addDays(today, 14),
    payrow: [{ desc: "Subscription", count: "1", amount: "19.90", taxpr: "25.5" }],
  });
  await expect(async () => {
    const batch = (await (await request.get(`/fin-test/rest/distribution/print-batches/${today}`, { headers })).json()) as {
      documents: { jobid: number; supplies: { code: string; quantity: number }[] }[];
    };
    expect(batch.documents.find((document) => document.jobid === posted.jobid)?.supplies).toEqual([{ code, quantity: 1 }]);
  }).toPass({ timeout: 20_000 });

  // Under its threshold now (other letters of the demo profile by post may have taken one too).
  await page.reload();
  const level = Number.parseInt((await row.getByRole("cell").nth(5).innerText()).trim(), 10);
  expect(level).toBeLessThanOrEqual(5);
  await expect(row).toContainText("Low");

  // Changing the item: its code brings what it is now into the form, so only the threshold changes.
  await define.getByLabel("Code").fill(code);
  await expect(define.getByLabel("Name")).toHaveValue("Price list 2027");
  await expect(define.getByLabel("Warn under")).toHaveValue("6");
  await define.getByLabel("Warn under").fill("2");
  await define.getByRole("button", { name: "Save item" }).click();
  await expect(define.getByRole("status")).toHaveText(`Item ${code} saved.`);
  await expect(row.getByRole("cell").nth(6)).toHaveText("2");
  await expect(row.getByRole("cell").nth(3)).toHaveText("invoices");
  await expect(row.getByRole("cell").nth(7)).toHaveText("print-orders@example.fi");
});

test("a viewer reads the stock but is offered no forms", async ({ page }) => {
  await signIn(page, "viewer");
  await page.goto("/stock");
  await expect(page.getByRole("heading", { level: 1, name: "Stock at the print house" })).toBeVisible();
  await expect(page.getByText("Your role may read the stock; a clerk or an admin records it.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Define or change an item" })).toHaveCount(0);
});
