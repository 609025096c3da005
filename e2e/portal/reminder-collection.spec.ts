import { expect, test, type Page } from "@playwright/test";

import { signIn } from "./fixtures";

/*
 * Receivables invoiced in another system: a reminder, and a collection in Finland, which the
 * service refuses without the date the creditor reminded the debtor (noticedate).
 */

const FIN_TEST = "Demo Oy · Finland test (fin-test)";

/** A valid Finnish reference (7-3-1 check digit) from a unique base, so reruns never collide. */
function finnishReference(base: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < base.length; i++) sum += Number(base[base.length - 1 - i]) * weights[i % 3]!;
  return base + String((10 - (sum % 10)) % 10);
}

async function fillReceivable(page: Page, unique: string) {
  await page.getByLabel("Send through").selectOption({ label: FIN_TEST });
  await page.getByLabel("Invoice number").fill(`ERP-${unique}`);
  await page.getByLabel("Payment reference").fill(finnishReference(unique.slice(-10)));
  await page.getByLabel("Open capital").fill("1 250,40");
  await page.getByLabel("Invoice date").fill("2026-09-01");
  await page.getByLabel("Due date").fill("2026-09-15");
  await page.getByLabel("a company").check();
  await page.getByLabel("Company name").fill(`Velallinen Oy ${unique}`);
  await page.getByLabel("Street address").fill("Velkakatu 2");
  await page.getByLabel("Postcode").fill("00200");
  await page.getByLabel("City").fill("Espoo");
}

test("a clerk sends a reminder for a receivable from another system", async ({ page }) => {
  const unique = String(Date.now());
  await signIn(page, "clerk");
  await page.goto("/reminders/new");
  await expect(page.getByRole("heading", { name: "New reminder" })).toBeVisible();
  await expect(page.getByLabel("Reminder sent on")).toHaveCount(0);
  await fillReceivable(page, unique);
  await page.getByRole("button", { name: "Post" }).click();
  await expect(page.getByTestId("posted-result")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("result-reference")).toHaveText(finnishReference(unique.slice(-10)));
  await expect(page.getByTestId("result-billnum")).toHaveText(`ERP-${unique}`);
  await expect(page.getByTestId("result-amount")).toHaveText("€1,250.40");
});

test("a wrong reference is refused on its field before anything is sent", async ({ page }) => {
  await signIn(page, "clerk");
  await page.goto("/reminders/new");
  await fillReceivable(page, String(Date.now()));
  const reference = page.getByLabel("Payment reference");
  const valid = await reference.inputValue();
  await reference.fill(`${valid.slice(0, -1)}${(Number(valid.slice(-1)) + 1) % 10}`);
  await page.getByRole("button", { name: "Post" }).click();
  await expect(reference).toHaveAttribute("aria-invalid", "true");
  await expect(reference).toBeFocused();
  await expect(page.getByText(/is not a valid Finnish reference number/)).toBeVisible();
});

test("a collection in Finland without noticedate is refused on that field, then accepted", async ({ page }) => {
  const unique = String(Date.now() + 7);
  await signIn(page, "clerk");
  await page.goto("/collections/new");
  await expect(page.getByRole("heading", { name: "New debt collection" })).toBeVisible();
  await fillReceivable(page, unique);
  await page.getByRole("button", { name: "Post" }).click();

  const noticedate = page.getByLabel("Reminder sent on");
  await expect(noticedate).toHaveAttribute("aria-invalid", "true");
  await expect(noticedate).toBeFocused();
  await expect(page.getByText(/Reminder sent on is required for debt collection in Finland/)).toBeVisible();
  await expect(page.getByTestId("posted-result")).toHaveCount(0);

  await noticedate.fill("2026-09-29");
  await page.getByRole("button", { name: "Post" }).click();
  await expect(page.getByTestId("posted-result")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("result-billnum")).toHaveText(`ERP-${unique}`);
  await expect(page.getByRole("link", { name: "Open the case" })).toHaveAttribute("href", /^\/cases\//);
});

test("the service's own refusal lands on its field, and the refused form is kept as a draft", async ({ page }) => {
  const unique = String(Date.now() + 13);
  await signIn(page, "clerk");
  await page.goto("/reminders/new");
  await fillReceivable(page, unique);
  await page.getByRole("button", { name: "Post" }).click();
  await expect(page.getByTestId("posted-result")).toBeVisible({ timeout: 30_000 });

  // The same receivable again: only the service knows it already has a reminder case.
  await page.goto("/reminders/new");
  await fillReceivable(page, unique);
  await page.getByRole("button", { name: "Post" }).click();
  const billnum = page.getByLabel("Invoice number");
  await expect(billnum).toHaveAttribute("aria-invalid", "true", { timeout: 30_000 });
  await expect(billnum).toBeFocused();
  await expect(page.getByText(`Invoice number: ERP-${unique} already has a reminder case`)).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "The service rejected it" })).toBeVisible();
  await expect(page.getByLabel("Company name")).toHaveValue(`Velallinen Oy ${unique}`);

  await page.goto("/drafts");
  await expect(page.getByTestId("draft-row").filter({ hasText: `ERP-${unique}` })).toHaveCount(1);
});
