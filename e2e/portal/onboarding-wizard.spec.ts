import { expect, test, type Page } from "@playwright/test";

import { signIn } from "./fixtures";

/*
 * A partner admin onboards customer profiles through the portal's wizard against the embedded
 * service's Finnish test environment: with only a business id and an e-mail (onboarding), and with
 * everything through every step (created). Each test makes business ids of its own, so the tests
 * share a database with the other specs without meeting their profiles.
 */

/** A random valid Finnish business id (Y-tunnus): seven digits and a MOD 11 check digit. */
function finnishBusinessId(): string {
  const weights = [7, 9, 10, 5, 8, 4, 2];
  for (;;) {
    const digits = Array.from({ length: 7 }, () => Math.floor(Math.random() * 10));
    const remainder = digits.reduce((sum, digit, index) => sum + digit * weights[index]!, 0) % 11;
    if (remainder === 1) continue;
    return `${digits.join("")}-${remainder === 0 ? 0 : 11 - remainder}`;
  }
}

/** A random valid Swedish organisation number: nine digits (the third at least 2) and a Luhn check digit. */
function swedishOrganisationNumber(): string {
  const digits = [5, 5, 2 + Math.floor(Math.random() * 8), ...Array.from({ length: 6 }, () => Math.floor(Math.random() * 10))];
  const sum = digits.reduce((total, digit, index) => {
    const product = digit * (index % 2 === 0 ? 2 : 1);
    return total + (product > 9 ? product - 9 : product);
  }, 0);
  const check = (10 - (sum % 10)) % 10;
  return `${digits.slice(0, 6).join("")}-${digits.slice(6).join("")}${check}`;
}

/** The same id with a wrong check digit. */
const wrongCheckDigit = (id: string) => `${id.slice(0, -1)}${(Number(id.slice(-1)) + 1) % 10}`;

const FIN_TEST = "Demo Oy · Finland test (fin-test)";
const SWE_TEST = "Demo AB · Sweden test (swe-test)";

async function expectStep(page: Page, name: string) {
  const heading = page.getByRole("heading", { level: 2, name, exact: true });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByRole("navigation", { name: "Progress" }).locator('[aria-current="step"]')).toContainText(name);
}

async function next(page: Page) {
  await page.getByRole("button", { name: "Next", exact: true }).click();
}

test("an admin sends only the business id and an e-mail, and the provider's wizard collects the rest", async ({ page }) => {
  const businessId = finnishBusinessId();
  await signIn(page, "admin");
  await page.goto("/onboarding/profiles/new");
  await expect(page.getByRole("heading", { level: 1, name: "Onboard a customer profile" })).toBeVisible();
  await page.getByLabel("Environment").selectOption({ label: FIN_TEST });
  await expect(page.getByText("Rules in Finland")).toBeVisible();
  await page.getByLabel("Only the business id and an e-mail").check();
  // The minimal path skips straight from here to the review.
  await expect(page.getByRole("navigation", { name: "Progress" }).getByRole("listitem")).toHaveCount(3);

  await next(page);
  await expect(page.getByRole("textbox", { name: "Business id" })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Business id is required.")).toBeVisible();

  await page.getByRole("textbox", { name: "Business id" }).fill(businessId);
  await page.getByLabel("Contact person's e-mail").fill(`minimal-${businessId}@example.fi`);
  await next(page);
  await expectStep(page, "Review");
  await expect(page.getByTestId("onboarding-missing")).toContainText("Company name");
  await expect(page.getByTestId("onboarding-missing")).toContainText("Type of company");
  await expect(page.getByLabel(/allowIncompleteData/)).not.toBeChecked();

  // The request as JSON opens in a modal window named by its title; Escape closes it and focus
  // goes back to the button that opened it.
  const showJson = page.getByRole("button", { name: "The request as JSON" });
  await showJson.click();
  const json = page.getByRole("dialog", { name: "The request as JSON" });
  await expect(json).toContainText(businessId);
  await page.keyboard.press("Escape");
  await expect(json).toBeHidden();
  await expect(showJson).toBeFocused();

  await page.getByRole("button", { name: "Send to the service" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "The service's answer" })).toBeFocused();
  const answer = page.getByTestId("onboarding-answer");
  await expect(answer).toContainText("Onboarding");
  await expect(answer).toContainText(`minimal-${businessId}@example.fi`);
  await expect(answer.locator("dd").first()).toHaveText(/^\d+$/);

  await page.getByRole("link", { name: "See onboarded profiles" }).click();
  const row = page.getByRole("row", { name: new RegExp(businessId) });
  await expect(row).toContainText("Onboarding");
  await expect(row).toContainText("fin-test");
});

test("an admin goes through every step in Finland and the profile is created", async ({ page }) => {
  const businessId = finnishBusinessId();
  const vatNumber = `FI${businessId.replace("-", "")}`;
  await signIn(page, "admin");
  await page.goto("/onboarding/profiles/new");
  await page.getByLabel("Environment").selectOption({ label: FIN_TEST });
  await expect(page.getByLabel("Everything now")).toBeChecked();
  await next(page);

  await expectStep(page, "Customer info");
  // A business id with a wrong check digit blocks Next, and says why on the field.
  await page.getByRole("textbox", { name: "Business id" }).fill(wrongCheckDigit(businessId));
  await next(page);
  await expect(page.getByRole("heading", { level: 2, name: "Customer info" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Business id" })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Business id must be a valid Finnish business id or personal identity code.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Business id" })).toBeFocused();

  await page.getByRole("textbox", { name: "Business id" }).fill(businessId);
  await page.getByLabel("Company name").fill(`Velho ${businessId} Oy`);
  await page.getByLabel("Type of company").selectOption({ label: "Corporate and community customer" });
  await page.getByLabel("Street address (optional)", { exact: true }).fill("Esimerkkikatu 1");
  await page.getByLabel("Postal code").fill("00100");
  await page.getByLabel("Town or city").fill("Helsinki");
  // The country is the environment's unless changed.
  await expect(page.getByLabel("Country")).toHaveValue("FIN");
  await page.getByLabel("Liable to pay VAT").selectOption({ label: "Yes" });
  await page.getByLabel("VAT number").fill(vatNumber);
  await next(page);

  await expectStep(page, "Contacts and acceptors");
  await page.getByLabel("Contact person's e-mail").fill(`full-${businessId}@example.fi`);
  await page.getByLabel("Contact person's name").fill("Maija Meikäläinen");
  await page.getByLabel("Customer service telephone").fill("+358 9 123 4567");
  // Finland asks for the money laundering (KYC) acceptor.
  await expect(page.getByLabel("Money laundering (KYC) acceptor's e-mail")).toBeVisible();
  await next(page);

  await expectStep(page, "Services");
  await page.getByLabel("Invoicing", { exact: true }).check();
  await page.getByLabel("Reminders", { exact: true }).check();
  await next(page);

  await expectStep(page, "Settlement");
  await expect(page.getByLabel("Length of payment references")).toHaveCount(0);
  await page.getByLabel("Type of account").selectOption({ label: "IBAN" });
  await page.getByLabel("Account number").fill("FI21 1234 5600 0007 86");
  await page.getByLabel("Account owner").fill(`Velho ${businessId} Oy`);
  await next(page);
  await expect(page.getByText("Account number must be a valid IBAN.")).toBeVisible();
  await page.getByLabel("Account number").fill("FI21 1234 5600 0007 85");
  await next(page);

  await expectStep(page, "Invoicing fees");
  await expect(page.getByLabel("E-mail for invoices")).toHaveCount(0);
  await page.getByLabel("Invoicing method").selectOption({ label: "E-mail" });
  await page.getByLabel("E-mail for invoices").fill(`laskut-${businessId}@example.fi`);
  await next(page);

  await expectStep(page, "Users");
  await page.getByRole("button", { name: "Add a user" }).click();
  await expect(page.getByLabel("First name")).toBeFocused();
  await page.getByLabel("First name").fill("Maija");
  await page.getByLabel("Last name").fill("Meikäläinen");
  await page.getByLabel("E-mail (optional)", { exact: true }).fill(`maija-${businessId}@example.fi`);
  await page.getByLabel("Personal identity code").fill("131052-308T");

  // A reload keeps every entry but the personal identity code, which never leaves the page's memory.
  await page.reload();
  await expect(page.getByText("Your entries from earlier in this session were restored.")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Maija");
  await expect(page.getByLabel("Personal identity code")).toHaveValue("");
  const stored = await page.evaluate(() => JSON.stringify(Object.values(window.sessionStorage)));
  expect(stored).toContain("Maija");
  expect(stored).not.toContain("131052-308T");
  await page.getByLabel("Personal identity code").fill("131052-308T");
  await next(page);

  await expectStep(page, "Review");
  await expect(page.getByText("Nothing is missing: the profile will be created at once, without onboarding.")).toBeVisible();
  await expect(page.getByText(vatNumber, { exact: true })).toBeVisible();
  await expect(page.getByText("Invoicing, Reminders", { exact: true })).toBeVisible();
  await expect(page.getByText("131052-308T")).toHaveCount(0);
  await page.getByRole("button", { name: "Send to the service" }).click();

  const answer = page.getByTestId("onboarding-answer");
  await expect(answer).toContainText("Created");
  await expect(answer).toContainText("onboarding was skipped");

  await page.goto("/onboarding/profiles");
  const row = page.getByRole("row", { name: new RegExp(businessId) });
  await expect(row).toContainText("Created");
  await expect(row).toContainText(`Velho ${businessId} Oy`);

  // Its apicode comes back to the portal by itself (the service's delivery worker), and the
  // profile becomes a connection of its own.
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("Connection added:", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await row.getByRole("link", { name: `Velho ${businessId} Oy` }).click();
  await expect(page).toHaveURL(/\/settings\/connections/);
  await expect(page.getByText(`Velho ${businessId} Oy`).first()).toBeVisible();
});

test("sending a business id again completes the same profile, listed once in its latest state", async ({ page }) => {
  const businessId = finnishBusinessId();
  await signIn(page, "admin");
  await page.goto("/onboarding/profiles/new");
  await page.getByLabel("Environment").selectOption({ label: FIN_TEST });
  await page.getByLabel("Only the business id and an e-mail").check();
  await page.getByRole("textbox", { name: "Business id" }).fill(businessId);
  await page.getByLabel("Contact person's e-mail").fill(`first-${businessId}@example.fi`);
  await next(page);
  await page.getByRole("button", { name: "Send to the service" }).click();
  await expect(page.getByTestId("onboarding-answer")).toContainText("Onboarding");

  // Sending the same business id again completes the same profile: the same customer id, listed once.
  const customerId = await page.getByTestId("onboarding-answer").locator("dd").first().textContent();
  await page.getByRole("button", { name: "Onboard another profile" }).click();
  await expectStep(page, "Environment");
  await page.getByLabel("Environment").selectOption({ label: FIN_TEST });
  await page.getByLabel("Only the business id and an e-mail").check();
  await page.getByRole("textbox", { name: "Business id" }).fill(businessId);
  await page.getByLabel("Contact person's e-mail").fill(`first-${businessId}@example.fi`);
  await next(page);
  await page.getByLabel(/allowIncompleteData/).check();
  await page.getByRole("button", { name: "Send to the service" }).click();
  await expect(page.getByTestId("onboarding-answer").locator("dd").first()).toHaveText(customerId!);
  await expect(page.getByTestId("onboarding-answer")).toContainText("Incomplete");
  await page.goto("/onboarding/profiles");
  const rows = page.getByRole("row", { name: new RegExp(businessId) });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Incomplete");
});

test("a field the service refuses sends the wizard back to its step, the error on the field", async ({ page }) => {
  const businessId = swedishOrganisationNumber();
  const start = async (accountType: string, accountNumber: string) => {
    await page.getByLabel("Environment").selectOption({ label: SWE_TEST });
    await expect(page.getByText("Rules in Sweden")).toBeVisible();
    await next(page);
    await expectStep(page, "Customer info");
    // Sweden asks no type of company.
    await expect(page.getByLabel("Type of company")).toHaveCount(0);
    await page.getByRole("textbox", { name: "Business id" }).fill(businessId);
    await next(page);
    await expectStep(page, "Contacts and acceptors");
    await expect(page.getByLabel("Money laundering (KYC) acceptor's e-mail")).toHaveCount(0);
    await page.getByLabel("Contact person's e-mail").fill(`sven-${businessId}@example.se`);
    await next(page);
    await expectStep(page, "Services");
    await next(page);
    await expectStep(page, "Settlement");
    await expect(page.getByLabel("Length of payment references")).toBeVisible();
    await page.getByLabel("Type of account").selectOption({ label: accountType });
    if (accountNumber) await page.getByLabel("Account number").fill(accountNumber);
    await next(page);
    await expectStep(page, "Invoicing fees");
    await next(page);
    await expectStep(page, "Users");
    await next(page);
    await expectStep(page, "Review");
    await page.getByRole("button", { name: "Send to the service" }).click();
  };

  await signIn(page, "admin");
  await page.goto("/onboarding/profiles/new");
  await start("Bankgiro", "5050-1055");
  await expect(page.getByTestId("onboarding-answer")).toContainText("Onboarding");

  // Sent again, the new account type goes over the stored Bankgiro number, which is no BBAN: the
  // service refuses the number, and the wizard takes the admin to it.
  await page.getByRole("button", { name: "Onboard another profile" }).click();
  await start("BBAN (domestic account)", "");
  await expect(page.getByRole("heading", { level: 2, name: "Settlement" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "The service refused some fields; they are marked." })).toContainText(
    "not valid together with what was stored",
  );
  const accountNumber = page.getByLabel("Account number");
  await expect(accountNumber).toHaveAttribute("aria-invalid", "true");
  await expect(accountNumber).toBeFocused();
  await expect(page.getByText("Account number must be a Swedish clearing and account number.")).toBeVisible();
});

test("a clerk may not onboard profiles", async ({ page }) => {
  await signIn(page, "clerk");
  await expect(page.getByRole("link", { name: "Onboarding" })).toHaveCount(0);
  for (const path of ["/onboarding/profiles", "/onboarding/profiles/new"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
  }
});
