import { expect, test, type Page } from "@playwright/test";

import { demoFin, signIn } from "./fixtures";

/*
 * A clerk types an invoice with two rows and watches the totals, previews its PDF, posts it and
 * reads the answer's result record; a wrong e-mail is refused on its field; a draft is saved,
 * listed, opened and deleted; a viewer may not open the form at all.
 */

const FIN_TEST = "Demo Oy · Finland test (fin-test)";

async function fillRecipient(page: Page, name: string) {
  await page.getByLabel("Send through").selectOption({ label: FIN_TEST });
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Street address").fill("Esimerkkikatu 1");
  await page.getByLabel("Postcode").fill("00100");
  await page.getByLabel("City").fill("Helsinki");
}

test("a clerk types an invoice, sees the totals, previews the PDF and posts it", async ({ page }) => {
  const ownref = `e2e-invoice-${Date.now()}`;
  await signIn(page, "clerk");
  await page.goto("/invoices/new");
  await expect(page.getByRole("heading", { name: "New invoice" })).toBeVisible();
  await fillRecipient(page, "Maija Meikäläinen");
  await page.getByLabel("Your own reference").fill(ownref);

  // Payment terms set the due date.
  const billdate = await page.getByLabel("Invoice date").inputValue();
  await page.getByLabel("Payment terms (days)").fill("30");
  const due = new Date(`${billdate}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + 30);
  await expect(page.getByLabel("Due date")).toHaveValue(due.toISOString().slice(0, 10));
  // And the other way: a due date typed in gives its terms.
  const sooner = new Date(`${billdate}T00:00:00Z`);
  sooner.setUTCDate(sooner.getUTCDate() + 21);
  await page.getByLabel("Due date").fill(sooner.toISOString().slice(0, 10));
  await expect(page.getByLabel("Payment terms (days)")).toHaveValue("21");

  const first = page.getByTestId("payrow-0");
  await first.getByLabel("Description").fill("Consulting");
  await first.getByLabel("Quantity").fill("2");
  await first.getByLabel("Unit price (excl. VAT)").fill("100");
  await expect(first.getByLabel("VAT %")).toHaveValue("25.5");
  await expect(page.getByTestId("payrow-0-gross")).toHaveText("€251.00");
  await expect(page.getByTestId("total-gross")).toHaveText("€251.00");

  await page.getByRole("button", { name: "Add row" }).click();
  const second = page.getByTestId("payrow-1");
  await expect(second.getByLabel("Description")).toBeFocused();
  await second.getByLabel("Description").fill("Books");
  await second.getByLabel("Quantity").fill("3");
  await second.getByLabel("Unit price (excl. VAT)").fill("12,50");
  await second.getByLabel("VAT %").selectOption("14");
  await expect(page.getByTestId("payrow-1-gross")).toHaveText("€42.75");
  await expect(page.getByTestId("total-net")).toHaveText("€237.50");
  await expect(page.getByTestId("total-vat")).toHaveText("€56.25");
  await expect(page.getByTestId("total-gross")).toHaveText("€293.75");

  await page.getByRole("button", { name: "Preview PDF" }).click();
  const link = page.getByTestId("preview-link");
  await expect(link).toBeVisible({ timeout: 30_000 });
  const pdf = await page.evaluate(
    async (url) => {
      const response = await fetch(url);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { type: response.headers.get("content-type"), head: String.fromCharCode(...bytes.slice(0, 5)), size: bytes.length };
    },
    (await link.getAttribute("href"))!,
  );
  expect(pdf.type).toBe("application/pdf");
  expect(pdf.head).toBe("%PDF-");
  expect(pdf.size).toBeGreaterThan(1000);

  await page.getByRole("button", { name: "Post" }).click();
  const result = page.getByTestId("posted-result");
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Posted" })).toBeFocused();
  await expect(page.getByTestId("result-jobid")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("result-reference")).toHaveText(/^\d{4,20}$/);
  await expect(page.getByTestId("result-billnum")).not.toHaveText("—");
  await expect(page.getByTestId("result-amount")).toHaveText("€293.75");
  await expect(page.getByTestId("result-receiver")).toHaveText("Maija Meikäläinen");
  await expect(page.getByRole("link", { name: "Open the case" })).toHaveAttribute("href", /^\/cases\/[0-9a-f-]{36}$/);

  // The case is there at once, before any status event: found by its reference in the list, and opened.
  const reference = (await page.getByTestId("result-reference").textContent())!;
  await page.goto(`/cases?q=${reference}`);
  await expect(page.getByRole("link", { name: "Maija Meikäläinen" })).toHaveCount(1);
  await page.getByRole("link", { name: "Maija Meikäläinen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Maija Meikäläinen" })).toBeVisible();
  await expect(page.getByText(reference).first()).toBeVisible();
});

test("a test environment whose clock was moved shows its date, and a new invoice is dated by it", async ({ page, request }) => {
  let clock = await demoFin(request);
  if (clock.offsetseconds < 86_400) {
    const moved = await request.post("/fin-test/rest/testing/clock", { headers: clock.headers, data: { advance: { days: 1 } }, timeout: 60_000 });
    expect(moved.status()).toBe(200);
    clock = await demoFin(request);
  }
  await signIn(page, "clerk");
  await page.goto("/invoices/new");
  await page.getByLabel("Send through").selectOption({ label: FIN_TEST });
  await expect(page.getByLabel("Invoice date")).toHaveValue(clock.today);
  const [year, month, day] = clock.today.split("-").map(Number);
  const shown = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(Date.UTC(year!, month! - 1, day!)));
  await expect(page.getByTestId("test-environment-date")).toContainText(shown);
  await page.getByLabel("Payment terms (days)").fill("14");
  const due = new Date(Date.UTC(year!, month! - 1, day! + 14)).toISOString().slice(0, 10);
  await expect(page.getByLabel("Due date")).toHaveValue(due);
});

test("an invalid e-mail is refused on its field, and focus goes there; nothing typed is lost", async ({ page }) => {
  await signIn(page, "clerk");
  await page.goto("/invoices/new");
  await fillRecipient(page, "Erkki Esimerkki");
  await page.getByLabel("Send by").selectOption("email");
  await page.getByLabel("E-mail", { exact: true }).fill("erkki.example.com");
  const row = page.getByTestId("payrow-0");
  await row.getByLabel("Description").fill("Service");
  await row.getByLabel("Unit price (excl. VAT)").fill("50");
  await page.getByRole("button", { name: "Post" }).click();

  const email = page.getByLabel("E-mail", { exact: true });
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
  const describedBy = (await email.getAttribute("aria-describedby"))!;
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(/E-mail must be an e-mail address/);
  await expect(page.getByRole("alert").filter({ hasText: "Check the marked fields." })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Erkki Esimerkki");

  // The error goes as the field is corrected.
  await email.fill("erkki@example.com");
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
});

test("a draft is saved, listed, opened with its values and deleted", async ({ page }) => {
  const name = `Draft Recipient ${Date.now()}`;
  await signIn(page, "clerk");
  await page.goto("/invoices/new");
  await fillRecipient(page, name);
  await page.getByTestId("payrow-0").getByLabel("Description").fill("Half-typed row");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved." })).toBeVisible();

  await page.goto("/drafts");
  const row = page.getByTestId("draft-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId("draft-row").first()).toContainText(name);
  await row.getByRole("link", { name: "Open" }).click();
  await expect(page).toHaveURL(/\/invoices\/new\?draft=/);
  await expect(page.getByText(/Opened from your draft/)).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByTestId("payrow-0").getByLabel("Description")).toHaveValue("Half-typed row");

  // Deleting asks first; keeping (the focused answer, also Escape) keeps the draft.
  await page.goto("/drafts");
  await page.getByRole("button", { name: `Delete draft ${name}` }).click();
  const question = page.getByRole("group", { name: `Delete the draft ${name}? What it holds cannot be brought back.` });
  await expect(question.getByRole("button", { name: "Keep" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(question).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Delete draft ${name}` })).toBeFocused();
  await expect(page.getByTestId("draft-row").filter({ hasText: name })).toHaveCount(1);

  await page.getByRole("button", { name: `Delete draft ${name}` }).click();
  await question.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("draft-row").filter({ hasText: name })).toHaveCount(0);
});

test("a viewer may not open the forms or the drafts", async ({ page }) => {
  await signIn(page, "viewer");
  for (const path of ["/invoices/new", "/reminders/new", "/collections/new", "/drafts"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
  }
});

test("a clerk duplicates a posted invoice as a new one: the same customer and rows, dated today", async ({ page }) => {
  await signIn(page, "clerk");
  await page.goto("/invoices/new");
  const name = `Kopio ${Date.now()}`;
  await fillRecipient(page, name);
  const row = page.getByTestId("payrow-0");
  await row.getByLabel("Description").fill("Monthly service");
  await row.getByLabel("Quantity").fill("3");
  await row.getByLabel("Unit price (excl. VAT)").fill("40");
  const today = await page.getByLabel("Invoice date").inputValue();
  await page.getByRole("button", { name: "Post" }).click();
  await expect(page.getByTestId("posted-result")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: "Open the case" }).click();

  await page.getByRole("button", { name: "Duplicate as a new invoice" }).click();
  await expect(page).toHaveURL(/\/invoices\/new\?draft=[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("City")).toHaveValue("Helsinki");
  const copied = page.getByTestId("payrow-0");
  await expect(copied.getByLabel("Description")).toHaveValue("Monthly service");
  await expect(copied.getByLabel("Quantity")).toHaveValue("3");
  await expect(page.getByLabel("Invoice date")).toHaveValue(today);
  await expect(page.getByTestId("total-gross")).toHaveText("€150.60");
});

test("a clerk typing an earlier customer's name gets its address from the suggestions", async ({ page }) => {
  await signIn(page, "clerk");
  const name = `Täyttö ${Date.now()}`;
  await page.goto("/invoices/new");
  await page.getByLabel("Send through").selectOption({ label: FIN_TEST });
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Street address").fill("Täyttökatu 5");
  await page.getByLabel("Postcode").fill("00200");
  await page.getByLabel("City").fill("Helsinki");
  const row = page.getByTestId("payrow-0");
  await row.getByLabel("Description").fill("Service");
  await row.getByLabel("Unit price (excl. VAT)").fill("10");
  await page.getByRole("button", { name: "Post" }).click();
  await expect(page.getByTestId("posted-result")).toBeVisible({ timeout: 30_000 });

  await page.goto("/invoices/new");
  await page.getByLabel("Name", { exact: true }).pressSequentially(name.slice(0, 6));
  await expect(page.locator("#recipient-suggestions option", { hasText: "Täyttökatu 5, 00200 Helsinki" })).toHaveCount(1);
  // Choosing the suggestion: the name is now the earlier customer's, and the empty address fields fill.
  await page.getByLabel("Name", { exact: true }).fill(name);
  await expect(page.getByLabel("Street address")).toHaveValue("Täyttökatu 5");
  await expect(page.getByLabel("Postcode")).toHaveValue("00200");
  await expect(page.getByLabel("City")).toHaveValue("Helsinki");
});
