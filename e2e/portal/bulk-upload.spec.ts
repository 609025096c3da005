import { expect, test, type Page } from "@playwright/test";

import { buildZip } from "../../lib/testing/zip";

import { signIn } from "./fixtures";
import { letterPdf } from "./fixtures/letter-pdf";

/*
 * A clerk posts many documents at once: a JSON job envelope in which one job is bad (the good
 * ones are accepted all the same, the bad one's reason is shown), and a ZIP package with a letter.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function isoDate(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

function invoice(name: string, ownref: string, amount: string) {
  return {
    jobtype: "0",
    customertype: "2",
    person: name,
    address: "Esimerkkikatu 1",
    postcode: "00100",
    city: "Helsinki",
    ownref,
    billdate: isoDate(0),
    paydate: isoDate(14),
    payrow: [{ desc: "Consulting", count: "2", amount, taxpr: "25.5" }],
  };
}

test("a JSON upload with one bad job: the good ones are accepted and the bad one's reason is shown", async ({ page }) => {
  const id = unique();
  const bad = invoice(`Bad Job ${id}`, `bulk-${id}-2`, "10.00") as Record<string, unknown>;
  delete bad.city;
  const envelope = {
    datastream: {
      batchid: `e2e-${id}`,
      dataset: [invoice(`Anna Bulk ${id}`, `bulk-${id}-1`, "100.00"), bad, invoice(`Bertil Bulk ${id}`, `bulk-${id}-3`, "50.00")],
    },
  };

  await signIn(page, "clerk");
  await page.goto("/uploads/new");
  await expect(page.getByRole("heading", { name: "Bulk upload" })).toBeVisible();

  // A file that is not a job envelope is refused before it is sent.
  await page.getByLabel("File").setInputFiles({ name: "wrong.json", mimeType: "application/json", buffer: Buffer.from('{"jobs": []}') });
  await expect(page.getByText(/The file is not a job envelope/)).toBeVisible();
  await expect(page.getByLabel("File")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("File").setInputFiles({ name: "batch.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(envelope)) });
  await expect(page.getByTestId("upload-chosen")).toContainText("batch.json: 3 documents");

  // Hold the upload's answer until the progress bars have been seen: no reliance on timing.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/portal/uploads**", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Upload and post" }).click();
  const uploadBar = page.getByRole("progressbar", { name: "Upload" });
  await expect(uploadBar).toBeVisible();
  await expect(uploadBar).toHaveAttribute("aria-valuenow", /^\d+$/);
  release();

  await expect(page.getByRole("heading", { name: "Results" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("upload-summary")).toHaveText("2 accepted, 1 rejected");
  const table = page.getByRole("table", { name: /The service's answer for each document/ });
  await expect(table.getByRole("columnheader", { name: "Reasons" })).toBeVisible();
  const rows = table.getByTestId("upload-result-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute("data-accepted", "true");
  await expect(rows.nth(0)).toContainText(`Anna Bulk ${id}`);
  await expect(rows.nth(0)).toContainText("€");
  await expect(rows.nth(1)).toHaveAttribute("data-accepted", "false");
  await expect(rows.nth(1)).toContainText("Rejected");
  await expect(rows.nth(1)).toContainText("City: is required");
  await expect(rows.nth(2)).toHaveAttribute("data-accepted", "true");
  await expect(rows.nth(2)).toContainText(`Bertil Bulk ${id}`);
  // Each accepted job opened its case.
  await expect(rows.nth(2).getByRole("link")).toHaveAttribute("href", /^\/cases\/.+/);
  const firstCase = await rows.nth(0).getByRole("link").getAttribute("href");
  await expect(page.getByText(/went through this connection before/)).toHaveCount(0);

  // The same file again: the service's earlier answers, said to be a repeat, and no second job.
  await page.unroute("**/api/portal/uploads**");
  await page.getByRole("button", { name: "Upload another file" }).click();
  await page.getByLabel("File").setInputFiles({ name: "batch.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(envelope)) });
  await page.getByRole("button", { name: "Upload and post" }).click();
  await expect(page.getByRole("heading", { name: "Results" })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText("This file went through this connection before: below are the service's answers from then. Nothing was posted twice."),
  ).toBeVisible();
  await expect(page.getByTestId("upload-summary")).toHaveText("2 accepted, 1 rejected");
  await expect(rows.nth(0).getByRole("link")).toHaveAttribute("href", firstCase!);
});

/** The header's language switch; the choice is the user's, kept on the server. */
async function switchLanguage(page: Page, from: string, to: string) {
  await page.getByRole("combobox", { name: from, exact: true }).selectOption({ label: to });
}

test("a clerk reading Finnish reads the upload's summary and a refused document's reason in Finnish", async ({ page }) => {
  const id = unique();
  const bad = invoice(`Huono ${id}`, `bulk-fi-${id}-2`, "10.00") as Record<string, unknown>;
  delete bad.city;
  const envelope = {
    datastream: { dataset: [invoice(`Anna Fi ${id}`, `bulk-fi-${id}-1`, "100.00"), bad, invoice(`Bertil Fi ${id}`, `bulk-fi-${id}-3`, "50.00")] },
  };

  await signIn(page, "clerk");
  await switchLanguage(page, "Language", "Suomi");
  await expect(page.getByRole("combobox", { name: "Kieli", exact: true })).toBeVisible();
  try {
    await page.goto("/uploads/new");
    await expect(page.getByRole("heading", { name: "Massalähetys" })).toBeVisible();
    await page.getByLabel("Tiedosto").setInputFiles({ name: "erä.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(envelope)) });
    await page.getByRole("button", { name: "Lähetä", exact: true }).click();

    await expect(page.getByRole("heading", { name: "Tulokset" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("upload-summary")).toHaveText("2 hyväksytty, 1 hylätty");
    const refused = page.getByTestId("upload-result-row").nth(1);
    await expect(refused).toHaveAttribute("data-accepted", "false");
    await expect(refused).toContainText("Postitoimipaikka: Pakollinen tieto.");
    await expect(refused).not.toContainText("is required");
  } finally {
    // The demo clerk is shared with the other specs: leave it in English.
    await switchLanguage(page, "Kieli", "English");
    await expect(page.getByRole("combobox", { name: "Language", exact: true })).toBeVisible();
  }
});

test("a ZIP package with an index and a letter PDF is accepted", async ({ page }) => {
  const id = unique();
  const index = {
    datastream: {
      dataset: [
        {
          jobtype: "301",
          customertype: "1",
          company: `Zip Letter Oy ${id}`,
          address: "Paketintie 5",
          postcode: "33100",
          city: "Tampere",
          addresscountry: "FIN",
          countryname: "Finland",
          sendtype: "post",
          ownref: `zip-${id}`,
          propertyrow: [{ propname: "documenttype", propvalue: "customerletter" }],
          image: { filename: "letters/welcome.pdf" },
        },
      ],
    },
  };
  const zip = await buildZip([
    { name: "index.json", content: JSON.stringify(index) },
    { name: "letters/welcome.pdf", content: await letterPdf(`Welcome ${id}`) },
  ]);

  await signIn(page, "clerk");
  await page.goto("/uploads/new");
  await page.getByLabel("File").setInputFiles({ name: "package.zip", mimeType: "application/zip", buffer: zip });
  await expect(page.getByTestId("upload-chosen")).toContainText("package.zip: ZIP package");
  await page.getByRole("button", { name: "Upload and post" }).click();

  await expect(page.getByRole("heading", { name: "Results" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("upload-summary")).toHaveText("1 accepted, 0 rejected");
  const row = page.getByTestId("upload-result-row");
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-accepted", "true");
  await expect(row).toContainText(`Zip Letter Oy ${id}`);
});

test("the upload endpoint checks the session and the role itself", async ({ page, request }) => {
  const anonymous = await request.post("/api/portal/uploads?connection=x", { headers: { "content-type": "application/json" }, data: "{}" });
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()["content-type"]).toContain("application/problem+json");

  await signIn(page, "viewer");
  const asViewer = await page.request.post("/api/portal/uploads?connection=x", { headers: { "content-type": "application/json" }, data: "{}" });
  expect(asViewer.status()).toBe(403);
  expect((await asViewer.json()).status).toBe(403);
});
