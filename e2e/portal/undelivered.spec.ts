import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { createDb, type Db } from "../../lib/db/client";

import { addDays, demoFin, postAsErp, signIn } from "./fixtures";

/*
 * An invoice whose delivery failed is not reminded, and the portal is where a clerk learns of it:
 * the dashboard counts such invoices and links to them (a connection's dashboard to that
 * connection's list), the case list's delivery filter lists them
 * with a mark beside the phase (red once the last failed send is 14 days old), and the case page
 * says why the invoice stands still and what to do. Cases and events are written straight into the
 * server's database under a profile of this test's own.
 */

let db: Db;
let organizationId: string;

test.beforeAll(async () => {
  db = createDb(`file:${path.join(process.env.E2E_DATA_DIR!, "app.db")}`);
  organizationId = (await db.portalOrganization.findFirstOrThrow({ where: { name: "Demo Oy" } })).id;
});

test.afterAll(async () => {
  await db?.$disconnect();
});

async function seedUndelivered(name: string, failedAt: Date, errors: { code: string; message: string }[], cid = "e2e-undelivered") {
  const id = randomUUID();
  const jobid = 900_000_000 + Math.floor(Math.random() * 90_000_000);
  const statustime = failedAt.toISOString();
  await db.portalCase.create({
    data: {
      id,
      organizationId,
      environment: "fin-test",
      country: "FIN",
      cid,
      jobid,
      jobtype: 0,
      code: 0,
      receiverName: name,
      billnum: `E2E-${jobid}`,
      currency: "EUR",
      amount: 25_000n,
      openCapital: 25_000n,
      interest: 0n,
      expenses: 0n,
      paydate: "2026-11-01",
      currentPaydate: "2026-11-01",
      deliveryStatus: "error",
      deliveryChannel: "b2c",
      lastDeliveryAt: failedAt,
      searchText: `${name} e2e-${jobid}`.toLowerCase(),
      // Filled in already: a case of a connection is otherwise read from its service, which has no such job.
      detailsReadAt: new Date(),
    },
  });
  await db.portalEvent.create({
    data: {
      id: randomUUID(),
      organizationId,
      caseId: id,
      environment: "fin-test",
      cid,
      type: "delivery",
      time: statustime,
      message: {
        cid,
        jobid,
        status: "error",
        distributionchannel: "b2c",
        statustime,
        description: "The operator refused the e-invoice",
        errors,
      },
      batchId: randomUUID(),
      position: 0,
    },
  });
  return { id, jobid };
}

test("a clerk finds the invoices whose delivery failed and reads why one is not reminded", async ({ page }) => {
  // Three pages, each compiled on its first visit under `next dev`.
  test.slow();
  const tag = `e2e${randomBytes(4).toString("hex")}`;
  const refused = await seedUndelivered(`Refused ${tag}`, new Date(Date.now() - 2 * 86_400_000), [
    { code: "einvoice_rejected", message: "Unknown e-invoice address" },
  ]);
  await seedUndelivered(`Bounced ${tag}`, new Date(Date.now() - 20 * 86_400_000), [{ code: "smtp", message: "Mailbox unavailable" }]);

  await signIn(page, "clerk");
  await page.goto("/dashboard");
  const notice = page.getByTestId("dashboard-undelivered");
  await expect(notice).toContainText("Invoices not delivered");
  await expect(notice).toContainText(/Waiting on a delivery that failed: \d+/);
  await expect(notice).toContainText(/Of them, 14 days or more since the last failed send: \d+/);
  await notice.getByRole("link", { name: "Show the undelivered invoices" }).click();
  await expect(page).toHaveURL(/delivery=failed/);
  await expect(page.getByLabel("Delivery", { exact: true })).toHaveValue("failed");

  // The filter with a search: this test's two cases, each marked beside its phase.
  await page.getByLabel("Search").fill(tag);
  await page.getByRole("button", { name: "Apply filters" }).click();
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `Refused ${tag}` }).getByTestId("undelivered-badge")).toHaveText("Not delivered");
  await expect(rows.filter({ hasText: `Bounced ${tag}` }).getByTestId("undelivered-badge")).toHaveText("Not delivered for 14+ days");

  await page.getByLabel("Delivery", { exact: true }).selectOption("failed-long");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/delivery=failed-long/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Bounced ${tag}`);

  await page.goto(`/cases/${refused.id}`);
  const why = page.getByTestId("undelivered-notice");
  await expect(why).toContainText("Not delivered, so not reminded");
  await expect(why).toContainText("The operator refused the e-invoice");
  await expect(why).toContainText("einvoice_rejected");
  await expect(why).toContainText(`POST /jobs/${refused.jobid}/einvoice/resend`);
});

test("a connection's dashboard links its undelivered counts to that connection's list, whose days count on its moved clock", async ({ page, request }) => {
  test.slow();
  // The demo profile's clock a day or more ahead, as the other specs of a moved clock leave it.
  let clock = await demoFin(request);
  if (clock.offsetseconds < 86_400) {
    const moved = await request.post("/fin-test/rest/testing/clock", { headers: clock.headers, data: { advance: { days: 1 } }, timeout: 60_000 });
    expect(moved.ok()).toBe(true);
    clock = await demoFin(request);
  }
  const tag = `e2e${randomBytes(4).toString("hex")}`;
  const connection = await db.portalConnection.findFirstOrThrow({ where: { organizationId, environment: "fin-test", cid: "demo-fin" } });
  const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  // Two days before the connection's moved time, as its service would have stamped the failure:
  // the other specs leave the clock days or weeks ahead, and two calendar days would then be long.
  await seedUndelivered(
    `Refused ${tag}`,
    new Date(Date.now() + clock.offsetseconds * 1000 - 48 * 3_600_000),
    [{ code: "einvoice_rejected", message: "Unknown e-invoice address" }],
    "demo-fin",
  );
  await seedUndelivered(`Bounced ${tag}`, ago(20 * 24), [{ code: "smtp", message: "Mailbox unavailable" }], "demo-fin");
  // 13 and a half days on the calendar, a day or more beyond 14 on the connection's clock.
  await seedUndelivered(`Edge ${tag}`, ago(13 * 24 + 12), [{ code: "smtp", message: "Mailbox unavailable" }], "demo-fin");
  // Of the same environment but of no connection: the connection's list leaves it out.
  await seedUndelivered(`Elsewhere ${tag}`, ago(20 * 24), [{ code: "smtp", message: "Mailbox unavailable" }]);

  await signIn(page, "clerk");
  await page.goto(`/dashboard?connection=${connection.id}`);
  const notice = page.getByTestId("dashboard-undelivered");
  await expect(notice).toContainText(/Of them, 14 days or more since the last failed send: \d+/);
  await notice.getByRole("link", { name: "Show those waiting 14 days or more" }).click();
  await expect(page).toHaveURL(new RegExp(`delivery=failed-long&connection=${connection.id}`));
  await expect(page.getByLabel("Connection", { exact: true })).toHaveValue(connection.id);
  await expect(page.getByLabel("Delivery", { exact: true })).toHaveValue("failed-long");

  // The connection's long undelivered with this test's tag: its own two, counted on its clock, not the other profile's.
  await page.getByLabel("Search").fill(tag);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`connection=${connection.id}`));
  // The page asks the service's clock for at most a second and otherwise counts on the calendar;
  // `next dev` compiling on a first visit can hold the answer longer, so the page is read again
  // until it names the moved clock.
  const url = page.url();
  await expect
    .poll(
      async () => {
        await page.goto(url);
        return page.getByTestId("moved-clocks").count();
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  for (const name of [`Bounced ${tag}`, `Edge ${tag}`])
    await expect(rows.filter({ hasText: name }).getByTestId("undelivered-badge")).toHaveText("Not delivered for 14+ days");

  // The environment's list counts on the calendar: the edge case is not long there, the other profile's is.
  await page.getByLabel("Connection", { exact: true }).selectOption("");
  await page.getByLabel("Environment", { exact: true }).selectOption("fin-test");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `Bounced ${tag}` })).toHaveCount(1);
  await expect(rows.filter({ hasText: `Elsewhere ${tag}` })).toHaveCount(1);

  // All of the connection's undelivered: its three, whatever their days.
  await page.getByLabel("Environment", { exact: true }).selectOption("");
  await page.getByLabel("Connection", { exact: true }).selectOption(connection.id);
  await page.getByLabel("Delivery", { exact: true }).selectOption("failed");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: `Elsewhere ${tag}` })).toHaveCount(0);
  await expect(rows.filter({ hasText: `Refused ${tag}` }).getByTestId("undelivered-badge")).toHaveText("Not delivered");
});

test("a clerk sends an e-invoice the operator refused again from its case page", async ({ page, request }) => {
  test.slow();
  const name = `Refused Oy e2e${randomBytes(4).toString("hex")}`;
  const { headers, today } = await demoFin(request);
  const posted = await postAsErp(request, headers, {
    customertype: "1",
    company: name,
    govid: "0112038-9",
    sendtype: "evoice",
    evoice: "003701120389",
    evoiceint: "NDEAFIHH",
    billdate: today,
    paydate: addDays(today, 14),
    payrow: [{ desc: "Maintenance", count: "1", amount: "100.00", taxpr: "25.5" }],
  });
  // The operator refuses it once the distribution worker has handed it over.
  await expect
    .poll(
      async () =>
        (
          await request.post("/fin-test/rest/testing/einvoice/rejections", { headers, data: { jobid: posted.jobid, reason: "Unknown receiver address" } })
        ).status(),
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(201);
  let caseId: string | undefined;
  await expect
    .poll(
      async () => {
        const row = await db.portalCase.findFirst({ where: { organizationId, environment: "fin-test", cid: "demo-fin", jobid: posted.jobid } });
        caseId = row?.id;
        return row?.deliveryStatus;
      },
      { timeout: 60_000 },
    )
    .toBe("error");

  await signIn(page, "clerk");
  await page.goto(`/cases/${caseId}`);
  const why = page.getByTestId("undelivered-notice");
  await expect(why).toContainText("Not delivered, so not reminded");
  await expect(why).toContainText("Unknown receiver address");
  // The button goes with the form once the resend is on its way: focus moves to the paragraph that
  // says so. The next distribution round may hand the resend over before the page shows it at all,
  // so what is checked is that the paragraph, whenever it was shown, took the focus. When the round
  // comes first the paragraph is never shown and this check proves nothing about focus: the service
  // runs its rounds on its own, and nothing here holds them back.
  await page.evaluate(() => {
    const seen = { shown: false, focused: false };
    Object.assign(window, { resendFocus: seen });
    const isPending = (node: EventTarget | null) => node instanceof HTMLElement && node.dataset.testid === "einvoice-resend-pending";
    document.addEventListener("focusin", (event) => {
      if (isPending(event.target)) seen.focused = true;
    });
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="einvoice-resend-pending"]')) seen.shown = true;
    }).observe(document.body, { subtree: true, childList: true });
  });
  await why.getByLabel("E-invoice address (OVT, IBAN or Peppol id)").fill("003798765432");
  await why.getByRole("button", { name: "Send again" }).click();
  await expect(page.getByTestId("einvoice-resend-outcome")).toContainText(/Sent again\./);
  // The resend is delivered by the next distribution round, and its event takes the notice away.
  await expect(page.getByTestId("undelivered-notice")).toHaveCount(0, { timeout: 60_000 });
  const focus = await page.evaluate(() => (window as unknown as { resendFocus: { shown: boolean; focused: boolean } }).resendFocus);
  expect(focus.focused).toBe(focus.shown);

  // The operator refuses the resend too: the notice comes back with the form, not with the outcome of the resend before.
  const again = await request.post("/fin-test/rest/testing/einvoice/rejections", { headers, data: { jobid: posted.jobid, reason: "Operator account closed" } });
  expect(again.status()).toBe(201);
  await expect(why).toContainText("Operator account closed", { timeout: 60_000 });
  await expect(why.getByRole("button", { name: "Send again" })).toBeVisible();
  await expect(page.getByTestId("einvoice-resend-outcome")).toHaveCount(0);
  await expect(page.getByTestId("einvoice-resend-pending")).toHaveCount(0);
});
