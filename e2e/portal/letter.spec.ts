import { expect, test } from "@playwright/test";

import { signIn } from "./fixtures";
import { letterPdf } from "./fixtures/letter-pdf";

/*
 * A clerk mails a letter: recipient, delivery, document type and a real PDF, whose first page is
 * drawn in the browser before it is sent; the service's answer is shown.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a clerk sends a letter with a PDF, sees its first page, and gets the service's answer", async ({ page }) => {
  await signIn(page, "clerk");
  await page.goto("/letters/new");
  await expect(page.getByRole("heading", { name: "New letter" })).toBeVisible();

  // Sending an empty form puts each error on its field.
  await page.getByRole("button", { name: "Send letter" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Check the marked fields." })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name")).toBeFocused();
  await expect(page.getByText("PDF file is required")).toBeVisible();

  const id = unique();
  const name = `Liisa Kirje ${id}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Street address").fill("Kirjekatu 3");
  await page.getByLabel("Postcode").fill("00100");
  await page.getByLabel("City").fill("Helsinki");
  // The country comes from the connection (Finland for the embedded fin-test connection).
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue("FIN");
  await expect(page.getByLabel("Country as printed")).toHaveValue("Finland");
  await page.getByLabel("Kind of document").selectOption("contract");
  await page.getByLabel("Your own reference").fill(`letter-${id}`);

  // Sending by e-mail asks for the address.
  await page.getByLabel("Send by").selectOption("email");
  await page.getByLabel("E-mail").fill("not-an-address");
  await page.getByRole("button", { name: "Send letter" }).click();
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("E-mail").fill("liisa@example.com");

  // A file that is not a PDF is refused on its field before anything is sent.
  await page.getByLabel("PDF file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByText("Choose a PDF file.")).toBeVisible();

  await page.getByLabel("PDF file").setInputFiles({ name: "letter.pdf", mimeType: "application/pdf", buffer: await letterPdf(`Letter ${id}`, 2) });
  const preview = page.getByTestId("pdf-first-page");
  await expect(preview).toHaveAttribute("data-state", "rendered", { timeout: 30_000 });
  await expect(page.getByRole("img", { name: "The first page of letter.pdf" })).toBeVisible();
  await expect(page.getByTestId("pdf-page-count")).toHaveText("2 pages in all");
  // Every marked field is fixed: the banner that pointed at them is gone too.
  await expect(page.getByRole("alert").filter({ hasText: "Check the marked fields." })).toHaveCount(0);
  // pdf.js really drew the page: the canvas holds dark pixels (the heading), not only white.
  const inked = await page.getByRole("img", { name: "The first page of letter.pdf" }).evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark++;
    return dark;
  });
  expect(inked).toBeGreaterThan(100);

  await page.getByRole("button", { name: "Send letter" }).click();
  const result = page.getByTestId("letter-result");
  await expect(result.getByRole("heading", { name: "Letter accepted" })).toBeVisible({ timeout: 30_000 });
  await expect(result.getByRole("heading", { name: "Letter accepted" })).toBeFocused();
  await expect(page.getByTestId("letter-jobid")).toHaveText(/^\d+$/);
  await expect(result).toContainText(name);
  await expect(result).toContainText("E-mail");
  await expect(result.getByRole("link", { name: "Open the case" })).toHaveAttribute("href", /^\/cases\/.+/);
  const caseHref = await result.getByRole("link", { name: "Open the case" }).getAttribute("href");

  await result.getByRole("button", { name: "Send another letter" }).click();
  await expect(page.getByLabel("Name")).toHaveValue("");

  // The letter's recipient is now a customer of the register: the next letter's name suggests it,
  // and choosing it fills the address.
  await page.getByLabel("Name").fill(name);
  await expect(page.getByLabel("Street address")).toHaveValue("Kirjekatu 3");
  await expect(page.getByLabel("Postcode")).toHaveValue("00100");
  await expect(page.getByLabel("City")).toHaveValue("Helsinki");

  // A letter owes nothing: its case page has its PDF, but no money panels, chart or payment controls.
  await page.goto(caseHref!);
  await expect(page.getByTestId("case-lifecycle")).toContainText("301");
  await expect(page.getByRole("link", { name: "Open the PDF" })).toBeVisible();
  await expect(page.getByTestId("open-amounts")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Test environment" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Decisions" })).toHaveCount(0);
});

test("a viewer may not open the letter page", async ({ page }) => {
  await signIn(page, "viewer");
  const answer = await page.goto("/letters/new");
  expect(answer?.status()).toBe(403);
});
