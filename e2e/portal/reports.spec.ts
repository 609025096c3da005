import { expect, test } from "@playwright/test";

import { addDays, demoFin, postAsErp, signIn } from "./fixtures";

/*
 * The control list: a viewer reads one connection's period as the service reports it, and downloads
 * the same as CSV.
 */

test("a credit controller reads a connection's control list for a period and downloads it as CSV", async ({ page, request }) => {
  const { headers, today } = await demoFin(request);
  await postAsErp(request, headers, {
    person: "Maija Kontrolli",
    billdate: today,
    paydate: addDays(today, 14),
    payrow: [{ desc: "Audit", count: "1", amount: "42.00", taxpr: "0" }],
  });
  // The demo profile's clock may run ahead of real time (other tests move it): a period wide enough for both.
  const from = addDays(today, -300);
  const service = (await (await request.get(`/fin-test/rest/reports/control?from=${from}&to=${today}`, { headers })).json()) as {
    jobs: { received: number; accepted: number; rejected: number };
    ledger: { currency: string; closing: { total: number } }[];
  };
  expect(service.jobs.received).toBeGreaterThan(0);

  await signIn(page, "viewer");
  await page.getByRole("link", { name: "Control list" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Control list" })).toBeVisible();
  await page.getByLabel("Connection").selectOption({ label: "Demo Oy · Finland test (fin-test)" });
  await page.getByLabel("From").fill(from);
  // Exact: under `next dev` the dev tools button ("Open Next.js Dev Tools") has "To" in its name too.
  await page.getByLabel("To", { exact: true }).fill(today);
  await page.getByRole("button", { name: "Show" }).click();

  // The page shows the service's own figures for the period.
  const jobs = page.getByTestId("control-jobs");
  await expect(jobs.getByRole("row", { name: /^Received/ })).toContainText(String(service.jobs.received));
  await expect(jobs.getByRole("row", { name: /^Accepted/ })).toContainText(String(service.jobs.accepted));
  const euro = service.ledger.find((currency) => currency.currency === "EUR")!;
  const closing = new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR" }).format(euro.closing.total);
  await expect(page.getByTestId("control-ledger-EUR").getByRole("row", { name: /^Closing balance/ })).toContainText(closing);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download as CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`control-fin-test-${from}-${today}.csv`);
  const text = await (await import("node:fs/promises")).readFile((await file.path())!, "utf8");
  expect(text.split("\r\n")[0]).toBe("section,environment,from,to,time zone");
  expect(text).toContain(`jobs,${service.jobs.received},${service.jobs.accepted},${service.jobs.rejected}\r\n`);

  // A period that ends before it starts is refused before the service is asked.
  await page.goto(`/reports/control?from=${today}&to=${from}`);
  await expect(page.getByTestId("control-problem")).toHaveText("The period ends before it starts.");
});
