import { expect, test } from "@playwright/test";

import { addDays, expectAccessible, signIn } from "./fixtures";

/*
 * The customer register and the product list: an invoice a clerk posts makes its customer, found on
 * /customers by name, with the case and what was sent for it; a clerk sets the customer's default
 * terms, and the next invoice to it takes them; a product is added, changed and deactivated; a
 * viewer reads both pages and edits neither. Both pages are axe-clean.
 */

const FIN_TEST = "Demo Oy · Finland test (fin-test)";

test("an invoice makes its customer; a clerk sets the customer's terms and the next invoice takes them", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const name = `Register Person ${Date.now()}`;
  await signIn(page, "clerk");
  await page.goto("/invoices/new");
  await page.getByLabel("Send through").selectOption({ label: FIN_TEST });
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Street address").fill("Rekisterinkatu 4");
  await page.getByLabel("Postcode").fill("00500");
  await page.getByLabel("City").fill("Helsinki");
  const row = page.getByTestId("payrow-0");
  await row.getByLabel("Description").fill("Consulting");
  await row.getByLabel("Quantity").fill("1");
  await row.getByLabel("Unit price (excl. VAT)").fill("80");
  await page.getByRole("button", { name: "Post" }).click();
  await expect(page.getByTestId("posted-result")).toBeVisible({ timeout: 30_000 });
  const billnum = (await page.getByTestId("result-billnum").textContent())!.trim();

  // Found in the register by name, with its open case.
  await page.goto(`/customers?q=${encodeURIComponent(name.toLowerCase())}`);
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  const listed = page.getByTestId("customer-list").getByRole("row", { name: new RegExp(name) });
  await expect(listed).toContainText("Helsinki");
  await expect(listed).toContainText("1");
  await expectAccessible(page, "/customers");
  await page.getByRole("link", { name }).click();

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const cases = page.getByTestId("customer-cases");
  await expect(cases.getByRole("link", { name: billnum })).toHaveAttribute("href", /^\/cases\/[0-9a-f-]{36}$/);
  await expect(cases).toContainText("Invoicing");
  // The case's document: the invoice as posted, opened through the case's connection.
  const documents = page.getByTestId("customer-documents");
  await expect(documents.getByRole("heading", { name: billnum })).toBeVisible();
  const invoicePdf = documents.getByRole("link", { name: `Open the PDF: The job's document, ${billnum}` });
  const pdf = await page.request.get((await invoicePdf.getAttribute("href"))!, { timeout: 90_000 });
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // A clerk sets the default terms and way of sending; the customer is now the person's.
  await page.getByLabel("Default payment terms (days)").fill("21");
  await page.getByLabel("Default way of sending").selectOption("email");
  await page.getByLabel("E-mail").fill("register@example.com");
  await page.getByRole("button", { name: "Save customer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByText(/^Edited by a person on/)).toBeVisible();
  await expectAccessible(page, "/customers/[id] as a clerk");
  const customerUrl = page.url();

  // A new invoice: choosing the customer fills its address and takes its terms, due date and way of sending.
  await page.goto("/invoices/new");
  await page.getByLabel("Send through").selectOption({ label: FIN_TEST });
  const billdate = await page.getByLabel("Invoice date").inputValue();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await expect(page.getByLabel("Street address")).toHaveValue("Rekisterinkatu 4");
  await expect(page.getByLabel("Payment terms (days)")).toHaveValue("21");
  await expect(page.getByLabel("Due date")).toHaveValue(addDays(billdate, 21));
  await expect(page.getByLabel("Send by")).toHaveValue("email");
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("register@example.com");

  // A viewer reads the customer and edits nothing.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signIn(viewer, "viewer");
  await viewer.goto(customerUrl);
  await expect(viewer.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(viewer.getByTestId("customer-details")).toContainText("21");
  await expect(viewer.getByRole("button", { name: "Save customer" })).toHaveCount(0);
  await expect(viewer.getByText("Your role reads the register; clerks and admins edit it.")).toBeVisible();
  await expectAccessible(viewer, "/customers/[id] as a viewer");
  await viewerContext.close();
});

test("a clerk reading Finnish is refused a postcode the customer's country cannot have, in Finnish at its field", async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Postcode Person ${Date.now()}`;
  await signIn(page, "clerk");
  await page.goto("/invoices/new");
  await page.getByLabel("Send through").selectOption({ label: FIN_TEST });
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Street address").fill("Postikatu 1");
  await page.getByLabel("Postcode").fill("00500");
  await page.getByLabel("City").fill("Helsinki");
  const row = page.getByTestId("payrow-0");
  await row.getByLabel("Description").fill("Consulting");
  await row.getByLabel("Quantity").fill("1");
  await row.getByLabel("Unit price (excl. VAT)").fill("40");
  await page.getByRole("button", { name: "Post" }).click();
  await expect(page.getByTestId("posted-result")).toBeVisible({ timeout: 30_000 });

  // The header's language switch, on the list: the customer's page has a language field of its own.
  await page.goto(`/customers?q=${encodeURIComponent(name.toLowerCase())}`);
  await page.getByRole("combobox", { name: "Language", exact: true }).selectOption({ label: "Suomi" });
  await expect(page.getByRole("combobox", { name: "Kieli", exact: true })).toBeVisible();
  try {
    await page.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const postcode = page.getByLabel("Postinumero");
    await postcode.fill("ABC");
    await page.getByRole("button", { name: "Tallenna asiakas" }).click();
    await expect(postcode).toHaveAttribute("aria-invalid", "true", { timeout: 30_000 });
    await expect(postcode).toHaveAccessibleDescription("Suomalainen postinumero on viisi numeroa, esimerkiksi 00100.");
    await expect(page.getByText("must be a Finnish postcode", { exact: false })).toHaveCount(0);
    // Nothing was saved: the page read again still has the job's postcode.
    await page.reload();
    await expect(page.getByLabel("Postinumero")).toHaveValue("00500");
  } finally {
    // The demo clerk is shared with the other specs: leave it in English.
    await page.goto("/customers");
    await page.getByRole("combobox", { name: "Kieli", exact: true }).selectOption({ label: "English" });
    await expect(page.getByRole("combobox", { name: "Language", exact: true })).toBeVisible();
  }
});

test("a clerk adds, changes and deactivates a product; a viewer reads the list only", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const code = `E2E-${Date.now()}`;
  await signIn(page, "clerk");
  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products and prices" })).toBeVisible();

  await page.getByLabel("Country").selectOption("FIN");
  await page.getByLabel("Code").fill(code);
  await page.getByLabel("Name").fill("Consulting hour");
  await page.getByLabel("Unit price (excl. VAT)").fill("1 234,5");
  await page.getByLabel("VAT %").fill("25,5");
  await page.getByRole("textbox", { name: "Unit (optional)" }).fill("h");
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${code} added.` })).toBeVisible();
  const row = page.getByTestId("product-list").getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("€1,234.50");
  await expect(row).toContainText("25.5 %");

  // The same code again in the same country is refused on its field.
  await page.getByLabel("Code").fill(code);
  await page.getByLabel("Name").fill("Again");
  await page.getByLabel("Unit price (excl. VAT)").fill("1");
  await page.getByLabel("VAT %").fill("0");
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByText("Another product of this country has this code.")).toBeVisible();

  // The look-up the invoice rows use.
  const found = await page.request.get(`/api/portal/products?country=FIN&q=${encodeURIComponent(code)}`);
  expect(await found.json()).toEqual({ products: [{ code, name: "Consulting hour", unitPrice: "1234.50", vatRate: "25.5", unit: "h" }] });

  await row.getByRole("button", { name: `Change ${code}` }).click();
  await page.getByLabel("Unit price (excl. VAT)").fill("150");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${code} saved.` })).toBeVisible();
  await expect(row).toContainText("€150.00");
  await expectAccessible(page, "/products as a clerk");

  // An invoice row whose description is the product's name takes its price and VAT rate; a price
  // typed first is kept.
  await page.goto("/invoices/new");
  const first = page.getByTestId("payrow-0");
  await first.getByLabel("Description").fill("Consulting hour");
  await expect(first.getByLabel("Unit price (excl. VAT)")).toHaveValue("150.00");
  await expect(first.getByLabel("VAT %")).toHaveValue("25.5");
  await page.getByRole("button", { name: "Add row" }).click();
  const second = page.getByTestId("payrow-1");
  await second.getByLabel("Unit price (excl. VAT)").fill("99");
  await second.getByLabel("Description").fill("Consulting hour");
  await page.waitForTimeout(600);
  await expect(second.getByLabel("Unit price (excl. VAT)")).toHaveValue("99");
  await page.goto("/products");

  // Deactivating asks first; keeping changes nothing.
  await row.getByRole("button", { name: `Deactivate ${code}` }).click();
  await expect(row.getByRole("button", { name: "Keep" })).toBeFocused();
  await row.getByRole("button", { name: "Deactivate", exact: true }).click();
  await expect(row).toContainText("Inactive");
  const after = await page.request.get(`/api/portal/products?country=FIN&q=${encodeURIComponent(code)}`);
  expect(await after.json()).toEqual({ products: [] });

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signIn(viewer, "viewer");
  await viewer.goto("/products");
  await expect(viewer.getByTestId("product-list").getByRole("row", { name: new RegExp(code) })).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Add product" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: `Change ${code}` })).toHaveCount(0);
  await expect(viewer.getByText("Your role reads the list; clerks and admins change it.")).toBeVisible();
  await expectAccessible(viewer, "/products as a viewer");
  await viewerContext.close();
});
