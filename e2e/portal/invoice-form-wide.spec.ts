import { expect, test } from "@playwright/test";

import { pdfPageTexts } from "../../lib/testing/pdf-reading";

import { demoFin, expectAccessible, signIn } from "./fixtures";

/*
 * On a wide screen (1440 × 900) a clerk types an invoice with a discounted row and notes, sees the
 * totals net of the discount as the service will compute them, opens the preview and finds it beside
 * the form (and staying in view as the form scrolls), then posts it; the page is axe-clean. On a
 * narrower screen the preview goes back below the form.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const FIN_TEST = "Demo Oy · Finland test (fin-test)";

test("a clerk types a discounted invoice with notes, previews it beside the form and posts it", async ({ page, request }) => {
  // A form typed in full, a preview rendered and a post: 23 s alone on a 2-core machine, near the
  // default 30 s; the test is about the layout, not the machine's speed.
  test.setTimeout(60_000);
  const notes = `Thank you for your order ${Date.now()}`;
  await signIn(page, "clerk");
  await page.goto("/invoices/new");
  await expect(page.getByRole("heading", { name: "New invoice" })).toBeVisible();
  await page.getByLabel("Send through").selectOption({ label: FIN_TEST });
  await page.getByLabel("Name", { exact: true }).fill("Aino Alennus");
  await page.getByLabel("Street address").fill("Esimerkkikatu 1");
  await page.getByLabel("Postcode").fill("00100");
  await page.getByLabel("City").fill("Helsinki");

  const first = page.getByTestId("payrow-0");
  await first.getByLabel("Description").fill("Consulting");
  await first.getByLabel("Quantity").fill("2");
  await first.getByLabel("Unit price (excl. VAT)").fill("100");
  await expect(first.getByLabel("VAT %")).toHaveValue("25.5");
  await expect(page.getByTestId("payrow-0-gross")).toHaveText("€251.00");
  // The totals follow the discount as it is typed: 10 % off 200.00 is 180.00, VAT 45.90.
  await first.getByLabel("Discount %").fill("10");
  await expect(page.getByTestId("payrow-0-discount")).toHaveText("-€20.00");
  await expect(page.getByTestId("payrow-0-gross")).toHaveText("€225.90");
  // Alone on a wide screen, a row's fields sit on one line.
  const top = async (label: string) => (await first.getByLabel(label).boundingBox())!.y;
  expect(await top("VAT %"), "one line for the row").toBe(await top("Description"));

  await page.getByRole("button", { name: "Add row" }).click();
  const second = page.getByTestId("payrow-1");
  await second.getByLabel("Description").fill("Books");
  await second.getByLabel("Quantity").fill("3");
  await second.getByLabel("Unit price (excl. VAT)").fill("12,50");
  await second.getByLabel("VAT %").selectOption("14");
  // 12.5 % of 37.50 is 4.6875, rounded half up to 4.69 as the service rounds it: net 32.81, VAT 4.59.
  await second.getByLabel("Discount %").fill("12,5");
  await expect(page.getByTestId("payrow-1-discount")).toHaveText("-€4.69");
  await expect(page.getByTestId("payrow-1-gross")).toHaveText("€37.40");
  await expect(page.getByTestId("total-discount")).toHaveText("-€24.69");
  await expect(page.getByTestId("total-net")).toHaveText("€212.81");
  await expect(page.getByTestId("total-vat")).toHaveText("€50.49");
  await expect(page.getByTestId("total-gross")).toHaveText("€263.30");

  await page.getByLabel("Notes").fill(notes);

  await page.getByRole("button", { name: "Preview PDF" }).click();
  const link = page.getByTestId("preview-link");
  await expect(link).toBeVisible({ timeout: 30_000 });
  const panel = page.getByTestId("preview-panel");
  const form = page.getByTestId("invoice-form");
  const formBox = (await form.boundingBox())!;
  const panelBox = (await panel.boundingBox())!;
  expect(panelBox.x, "the preview starts right of the form").toBeGreaterThanOrEqual(formBox.x + formBox.width);
  // Beside, not below: the preview's top is level with some part of the form (it may have scrolled).
  expect(panelBox.y, "side by side, not below").toBeGreaterThanOrEqual(formBox.y);
  expect(panelBox.y, "side by side, not below").toBeLessThan(formBox.y + formBox.height);
  // Beside the preview the form is half as wide: the description takes a line of its own, the
  // figures the next, and nothing runs out of the row.
  expect(await top("VAT %"), "the figures below the description").toBeGreaterThan(await top("Description"));
  expect(await top("VAT %"), "the figures on one line").toBe(await top("Quantity"));
  const rowBox = (await first.boundingBox())!;
  const vatBox = (await first.getByLabel("VAT %").boundingBox())!;
  expect(vatBox.x + vatBox.width, "inside the row").toBeLessThanOrEqual(rowBox.x + rowBox.width);

  // The preview stays in view while the form scrolls under it.
  const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(scrollable).toBeGreaterThan(300);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole("button", { name: "Post" })).toBeInViewport();
  await expect(panel).toBeInViewport({ ratio: 0.8 });

  // The PDF is the invoice as it will be posted: the discount column, the discounted amounts, the notes.
  // The preview is a blob: URL, readable only inside the page.
  const pdf = await page.evaluate(
    async (url) => {
      const response = await fetch(url);
      return { type: response.headers.get("content-type"), bytes: Array.from(new Uint8Array(await response.arrayBuffer())) };
    },
    (await link.getAttribute("href"))!,
  );
  expect(pdf.type).toBe("application/pdf");
  const [text] = await pdfPageTexts(new Uint8Array(pdf.bytes));
  for (const expected of ["Ale %", "180,00", "32,81", "263,30", notes]) expect(text).toContain(expected);

  await expectAccessible(page, "invoice form with the preview beside it");

  // Narrower, the preview goes back below the form.
  await page.setViewportSize({ width: 1024, height: 800 });
  const narrowForm = (await form.boundingBox())!;
  const narrowPanel = (await panel.boundingBox())!;
  expect(narrowPanel.y).toBeGreaterThanOrEqual(narrowForm.y + narrowForm.height);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole("button", { name: "Post" }).click();
  await expect(page.getByTestId("posted-result")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("result-amount")).toHaveText("€263.30");
  const jobid = (await page.getByTestId("result-jobid").textContent())!;
  await expectAccessible(page, "the posted invoice's answer");

  // The service stored the job with its discounts and notes, and its amount net of them.
  const { headers } = await demoFin(request);
  const job = await request.get(`/fin-test/rest/jobs/${jobid}`, { headers });
  expect(job.status()).toBe(200);
  expect(await job.json()).toMatchObject({ amount: 263.3 });
});
