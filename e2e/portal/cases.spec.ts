import { randomBytes, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { createDb, type Db } from "../../lib/db/client";
import { keyed } from "../../lib/portal/i18n/messages";

import { addDays, caseRowFor, demoFin, postAsErp, postInvoiceWithIdentityCode, signIn } from "./fixtures";

/*
 * The credit controller's view: the case list with its filters and sorting, a case's timeline
 * refreshing by itself, and a test environment case run from invoice to paid with the test
 * controls. The first tests write their cases straight into the server's database under a profile
 * of their own (so no other spec's data matters); the last one goes the whole way through the
 * embedded service's REST interface and the portal's event receiver.
 */

let db: Db;
let organizationId: string;

test.beforeAll(async () => {
  db = createDb(`file:${path.join(process.env.E2E_DATA_DIR!, "app.db")}`);
  const organization = await db.portalOrganization.findFirstOrThrow({ where: { name: "Demo Oy" } });
  organizationId = organization.id;
});

test.afterAll(async () => {
  await db?.$disconnect();
});

/** A unique word for this run's names, so a search finds only this test's cases. */
const word = () => `e2e${randomBytes(4).toString("hex")}`;

async function seedCase(input: { name: string; environment: string; code: number; amount: bigint; due: string; open?: bigint; cid?: string }) {
  const id = randomUUID();
  const jobid = 900_000_000 + Math.floor(Math.random() * 90_000_000);
  const billnum = `E2E-${jobid}`;
  await db.portalCase.create({
    data: {
      id,
      organizationId,
      environment: input.environment,
      country: input.environment.slice(0, 3).toUpperCase(),
      cid: input.cid ?? "e2e-cases",
      jobid,
      jobtype: 0,
      code: input.code,
      receiverName: input.name,
      billnum,
      reference: `RF${jobid}`,
      currency: input.environment.startsWith("swe") ? "SEK" : "EUR",
      amount: input.amount,
      openCapital: input.open ?? input.amount,
      interest: 0n,
      expenses: 0n,
      paydate: input.due,
      currentPaydate: input.due,
      searchText: `${input.name} ${billnum} RF${jobid}`.toLowerCase(),
      job: { jobtype: "0", person: input.name },
      postedAt: new Date("2026-11-01T08:00:00Z"),
    },
  });
  return { id, jobid, billnum };
}

async function seedEvent(caseId: string, jobid: number, type: string, time: string, message: Record<string, unknown>) {
  await db.portalEvent.create({
    data: {
      id: randomUUID(),
      organizationId,
      caseId,
      environment: "fin-test",
      cid: "e2e-cases",
      type,
      time,
      message: { cid: "e2e-cases", jobid, ...message },
      batchId: randomUUID(),
      position: 0,
    },
  });
}

test("a viewer filters and sorts the case list, and reads a case's timeline", async ({ page }) => {
  const tag = word();
  await seedCase({ name: `Aalto ${tag}`, environment: "fin-test", code: 0, amount: 12_000n, due: "2027-01-10" });
  await seedCase({ name: `Berg ${tag}`, environment: "swe-test", code: 1, amount: 5_000n, due: "2026-12-20" });
  const paid = await seedCase({ name: `Carlsson ${tag}`, environment: "fin-test", code: 101, amount: 30_000n, open: 0n, due: "2026-12-01" });
  await seedEvent(paid.id, paid.jobid, "lcstatus", "2026-11-01T09:00:00Z", { code: 0, status: "Invoicing", time: "2026-11-01T09:00:00Z", opencapital: 300 });
  await seedEvent(paid.id, paid.jobid, "delivery", "2026-11-01T09:05:00Z", {
    status: "delivered",
    distributionchannel: "email",
    statustime: "2026-11-01T09:05:00Z",
  });
  await seedEvent(paid.id, paid.jobid, "payment", "2026-11-20T10:00:00Z", {
    time: "2026-11-20T10:00:00Z",
    amount: 300,
    paymentdate: "2026-11-19",
    amountbreakdown: { capital: 300, interest: 0, expenses: 0 },
    openamountbreakdown: { capital: 0, interest: 0, expenses: 0 },
  });
  await seedEvent(paid.id, paid.jobid, "lcstatus", "2026-11-20T10:00:01Z", { code: 101, status: "Paid", time: "2026-11-20T10:00:01Z", opencapital: 0 });

  await signIn(page, "viewer");
  await page.goto("/cases");
  await expect(page.getByRole("heading", { level: 1, name: "Cases" })).toBeVisible();

  await page.getByLabel("Search").fill(tag.toUpperCase());
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag.toUpperCase()}`));
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole("heading", { name: "3 cases" })).toBeVisible();

  // Sorting by amount: the header says so to assistive technology, and a second click reverses it.
  await page.getByRole("link", { name: /^Amount/ }).click();
  await expect(page.getByRole("columnheader", { name: /Amount/ })).toHaveAttribute("aria-sort", "descending");
  await expect(rows.first()).toContainText(`Carlsson ${tag}`);
  await page.getByRole("link", { name: /^Amount/ }).click();
  await expect(page.getByRole("columnheader", { name: /Amount/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(rows.first()).toContainText(`Berg ${tag}`);

  await page.getByLabel("Lifecycle code").selectOption("101");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("101 Paid");

  await page.getByLabel("Lifecycle code").selectOption("");
  await page.getByLabel("Country").selectOption("SWE");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Berg ${tag}`);

  // A value the list cannot use is named on its field; the view is still a link that loads.
  await page.goto(`/cases?q=${tag}&amountMin=lots`);
  await expect(page.getByLabel("Amount from")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter an amount such as 125.50.")).toBeVisible();
  await expect(rows).toHaveCount(3);

  await page.goto(`/cases?q=${tag}&code=2`);
  await expect(page.getByText("No cases match these filters.")).toBeVisible();

  await page.goto(`/cases?q=${tag}`);
  await page.getByRole("link", { name: `Carlsson ${tag}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Carlsson ${tag}` })).toBeVisible();
  await expect(page.getByTestId("case-lifecycle")).toContainText("101");
  await expect(page.getByTestId("case-lifecycle")).toContainText("Paid");
  const timeline = page.getByRole("list", { name: "Timeline" });
  await expect(timeline.getByRole("listitem")).toHaveCount(5);
  await expect(timeline.getByRole("listitem").nth(0)).toContainText("Job posted");
  await expect(timeline.getByRole("listitem").nth(2)).toContainText("Delivery: delivered");
  // What the delivery did, in the reader's words, not the service's English.
  await expect(timeline.getByRole("listitem").nth(2)).toContainText("Sent to the recipient by e-mail.");
  await expect(timeline.getByRole("listitem").nth(2)).toContainText("e-mail");
  await expect(timeline.getByRole("listitem").nth(3)).toContainText("Payment: €300.00");
  await expect(timeline.getByRole("listitem").nth(4)).toContainText("101 Paid");
  await expect(page.getByRole("img", { name: "Open amounts over time" })).toBeVisible();
  await page.getByText("Show the figures as a table").click();
  // Posted 300.00, then paid down to 0: the events that changed nothing add no row.
  await expect(page.getByRole("table", { name: "Open amounts over time" }).getByRole("row")).toHaveCount(3);
  // The posted job reads as labelled fields, not as JSON.
  const posted = page.getByRole("region", { name: "Posted data" });
  await expect(posted.getByText("Name", { exact: true })).toBeVisible();
  await expect(posted).toContainText(`Carlsson ${tag}`);
  await expect(posted).not.toContainText("{");
  // A viewer gets no test controls, even on a test environment's case.
  await expect(page.getByRole("heading", { name: "Test environment" })).toHaveCount(0);
});

test("a case's timeline and the list refresh by themselves as events arrive", async ({ page }) => {
  const tag = word();
  const seeded = await seedCase({ name: `Dahl ${tag}`, environment: "fin-test", code: 0, amount: 8_000n, due: "2026-12-05" });
  await signIn(page, "viewer");
  await page.goto(`/cases/${seeded.id}`);
  await expect(page.getByTestId("case-lifecycle")).toContainText("Invoicing");

  // What the receiver would write, without reloading the page.
  await seedEvent(seeded.id, seeded.jobid, "lcstatus", "2026-12-20T08:00:00Z", {
    code: 1,
    status: "Reminder",
    time: "2026-12-20T08:00:00Z",
    opencapital: 80,
    expenses: 5,
  });
  await db.portalCase.update({ where: { id: seeded.id }, data: { code: 1, expenses: 500n } });
  await expect(page.getByTestId("case-lifecycle")).toContainText("Reminder", { timeout: 10_000 });
  await expect(page.getByRole("list", { name: "Timeline" })).toContainText("1 Reminder");

  await page.goto(`/cases?q=${tag}`);
  await expect(page.locator("tbody tr").first()).toContainText("1 Reminder");
  await db.portalCase.update({ where: { id: seeded.id }, data: { code: 2 } });
  await expect(page.locator("tbody tr").first()).toContainText("2 Debt collection", { timeout: 10_000 });
});

test("a connection that cannot reach its service is named above the case list, with its reason", async ({ page }) => {
  const id = randomUUID();
  const label = `Broken ${word()}`;
  await db.portalConnection.create({
    data: {
      id,
      organizationId,
      environment: "nor-test",
      label,
      baseUrl: "https://service.invalid/nor-test/rest",
      cid: `e2e-broken-${id.slice(0, 8)}`,
      apicodeEncrypted: "not-used",
      receiverRegisteredAt: new Date(),
      // As the portal's loops keep it: a keyed message, said in the reader's language.
      receiverError: keyed("pollingFailed", { reason: keyed("serviceUnreachable") }),
      lastContactAt: new Date("2026-11-20T12:30:00Z"),
    },
  });
  try {
    await signIn(page, "viewer");
    await page.goto("/cases");
    const alert = page.getByRole("alert").filter({ hasText: "Cases may be missing" });
    // The reason, and when the service was last heard from, in the reader's zone and named.
    await expect(alert).toContainText(`${label} (nor-test): Polling failed: The service could not be reached. (last contact 20 Nov 2026, 14:30 EET)`);
    // Only an admin is sent to the settings.
    await expect(alert.getByRole("link")).toHaveCount(0);
    await page.context().clearCookies();
    await signIn(page, "admin");
    await page.goto("/cases");
    await expect(page.getByRole("alert").filter({ hasText: label }).getByRole("link", { name: "Check the connections" })).toHaveAttribute(
      "href",
      "/settings/connections",
    );
    await page.goto("/settings/connections");
    await expect(page.getByTestId(`last-contact-nor-test-e2e-broken-${id.slice(0, 8)}`)).toHaveText("20 Nov 2026, 14:30 EET");
    // The demo connection to the embedded service has heard from it since the app started (its receiver's registration).
    await expect(page.getByTestId("last-contact-fin-test-demo-fin")).toHaveText(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} EES?T$/);
  } finally {
    await db.portalConnection.delete({ where: { id } });
  }
});

test("an unknown case id is answered as not found, and the JSON routes want a session", async ({ page, request }) => {
  for (const url of ["/api/portal/cases", `/api/portal/cases/${randomUUID()}`, `/api/portal/cases/${randomUUID()}/pdf`]) {
    const unauthenticated = await request.get(url);
    expect(unauthenticated.status()).toBe(401);
    expect(unauthenticated.headers()["content-type"]).toContain("application/problem+json");
  }
  await signIn(page, "viewer");
  const response = await page.goto(`/cases/${randomUUID()}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "There is no such case in your organization." })).toBeVisible();
});

test("a test environment case runs from invoice to paid with the test controls", async ({ page, request }) => {
  test.setTimeout(120_000);
  // The profile's clock may have been moved already: the dates are set from its today.
  const { headers, ...clock } = await demoFin(request);
  const name = `Paid ${word()}`;
  // Due 13 days ago but e-mailed only today: the debtor has the 14 days from the day it went before a
  // reminder (lifecycle/decide-step.ts), so moving the clock 14 days once it went brings it.
  const result = await postAsErp(request, headers, {
    person: name,
    billdate: addDays(clock.today, -27),
    paydate: addDays(clock.today, -13),
    payrow: [{ desc: "Consulting", count: "2", amount: "100.00", taxpr: "25.5" }],
  });

  // The case reaches the portal through status events.
  let caseId: string | null = null;
  await expect
    .poll(
      async () => {
        const row = await db.portalCase.findFirst({
          where: { organizationId, environment: "fin-test", cid: "demo-fin", jobid: result.jobid },
          select: { id: true },
        });
        caseId = row?.id ?? null;
        return caseId;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();

  await signIn(page, "clerk");
  await page.goto(`/cases/${caseId}`);
  await expect(page.getByRole("heading", { name: "Test environment" })).toBeVisible();
  const lifecycle = page.getByTestId("case-lifecycle");

  // Only an invoice its debtor got is reminded: the distribution worker sends it first.
  await expect
    .poll(async () => (await db.job.findUniqueOrThrow({ where: { id: result.jobid }, select: { sentOn: true } })).sentOn, { timeout: 45_000 })
    .not.toBeNull();
  await page.getByLabel("Days").fill("14");
  await page.getByRole("button", { name: "Move clock forward" }).click();
  await expect(page.getByText(/The clock moved 14 days ahead: its date is now /)).toBeVisible({ timeout: 30_000 });
  await expect(lifecycle).toContainText("Reminder", { timeout: 30_000 });
  const timeline = page.getByRole("list", { name: "Timeline" });
  await expect(timeline).toContainText("1 Reminder");

  // The reminder as the debtor got it: listed under what was sent, and opened as it went.
  const sent = page.getByRole("region", { name: "Documents sent" });
  const asSent = sent.getByRole("link", { name: "PDF as sent" });
  await expect(asSent).toHaveCount(1, { timeout: 45_000 });
  await expect(sent).toContainText("Reminder");
  const kept = await page.request.get((await asSent.getAttribute("href"))!);
  expect(kept.headers()["content-type"]).toBe("application/pdf");
  expect((await kept.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // The amount follows what is open, the reminder fee included.
  await expect(page.getByLabel("Payment amount")).not.toHaveValue("");
  await page.getByRole("button", { name: "Simulate payment" }).click();
  await expect(page.getByText(/A payment of .* was simulated\./)).toBeVisible({ timeout: 30_000 });
  await expect(lifecycle).toContainText("Paid", { timeout: 30_000 });
  await expect(timeline).toContainText("101 Paid");
  await expect(timeline).toContainText("Payment:");
  // Causes before effects: the payment before the 101 it made (the event batch lists the lcstatus first).
  const entries = await timeline
    .locator(":scope > li")
    .evaluateAll((items) => items.map((item) => `${(item as HTMLElement).dataset.kind}|${item.textContent}`));
  const at = (kind: string, text = "") => entries.findIndex((entry) => entry.startsWith(`${kind}|`) && entry.includes(text));
  expect(at("payment")).toBeGreaterThan(-1);
  expect(at("payment")).toBeLessThan(at("lcstatus", "101 Paid"));
  await expect(page.getByTestId("open-amounts")).toContainText("€0.00");

  // The job's PDF, fetched by the portal through the case's connection with the session's rights.
  // (The service's own answer first: under `next dev` its first request compiles the route.)
  expect((await request.get(`/fin-test/rest/jobs/${result.jobid}/pdf`, { headers, timeout: 90_000 })).status()).toBe(200);
  const pdf = await page.request.get(`/api/portal/cases/${caseId}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test("a job the ERP posts past the portal is listed under its debtor's name, with its code, amount and due date", async ({ page, request }) => {
  test.setTimeout(60_000);
  const { headers, ...clock } = await demoFin(request);
  const name = `Erp ${word()}`;
  const paydate = addDays(clock.today, 14);
  await postAsErp(request, headers, {
    customertype: "1",
    company: name,
    address: "Teollisuuskatu 5",
    postcode: "00510",
    billdate: clock.today,
    paydate,
    email: "laskut@example.com",
    payrow: [{ desc: "Maintenance", count: "2", amount: "100.00", taxpr: "25.5" }],
  });

  // Events carry no debtor: the portal reads the job from the service and the search finds it.
  await signIn(page, "viewer");
  const row = await caseRowFor(page, name);
  await expect(row).toContainText(name);
  await expect(row).toContainText("0 Invoicing");
  await expect(row).toContainText("€251.00");
  await row.getByRole("link").first().click();
  await expect(page.getByTestId("case-lifecycle")).toContainText("Invoicing");
  await expect(page.getByRole("list", { name: "Timeline" })).toContainText("0 Invoicing");
});

/** The portal's case of a job the ERP posted, once the service's events have brought it in at `code`. */
async function portalCaseOf(jobid: number, code: number): Promise<string> {
  let caseId: string | null = null;
  await expect
    .poll(
      async () => {
        caseId =
          (await db.portalCase.findFirst({ where: { organizationId, environment: "fin-test", cid: "demo-fin", jobid, code }, select: { id: true } }))?.id ??
          null;
        return caseId;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  return caseId!;
}

test("a clerk disputes a case and resolves it, moves its due date and records a payment made directly", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { headers, ...clock } = await demoFin(request);
  const name = `Decisions ${word()}`;
  const result = await postAsErp(request, headers, {
    person: name,
    billdate: clock.today,
    paydate: addDays(clock.today, 14),
    payrow: [{ desc: "Consulting", count: "1", amount: "100.00", taxpr: "25.5" }],
  });
  const caseId = await portalCaseOf(result.jobid, 0);

  await signIn(page, "clerk");
  await page.goto(`/cases/${caseId}`);
  const decisions = page.getByRole("region", { name: "Decisions" });
  const lifecycle = page.getByTestId("case-lifecycle");
  const timeline = page.getByRole("list", { name: "Timeline" });

  await decisions.getByLabel("Note (optional, goes with the decision)").fill("The customer says the work was not done");
  await decisions.getByRole("button", { name: "Mark as disputed" }).click();
  await expect(decisions.getByRole("status").first()).toHaveText("Done: the case is now 80 Disputed.");
  await expect(lifecycle).toContainText("Disputed", { timeout: 30_000 });
  await expect(timeline).toContainText("80 Disputed");
  // A disputed case offers only the way back.
  await expect(decisions.getByRole("button", { name: "Mark as disputed" })).toHaveCount(0);
  await decisions.getByRole("button", { name: "Resolve the dispute" }).click();
  await expect(lifecycle).toContainText("Invoicing", { timeout: 30_000 });

  // Terminating asks first; "Keep" keeps the case as it is.
  await decisions.getByRole("button", { name: "Terminate the case" }).click();
  await decisions
    .getByRole("group", { name: /^Terminate this case\?/ })
    .getByRole("button", { name: "Keep" })
    .click();
  await expect(lifecycle).toContainText("Invoicing");

  const later = addDays(clock.today, 30);
  await decisions.getByLabel("New due date").fill(later);
  await decisions.getByRole("button", { name: "Move the due date" }).click();
  await expect(decisions.getByText(/^The due date is now /)).toBeVisible({ timeout: 30_000 });
  await expect(timeline).toContainText("Due date changed", { timeout: 30_000 });
  // The source in words, not the interface's code.
  await expect(timeline).toContainText("through the API");

  await decisions.getByLabel("Amount").fill("125,50");
  await decisions.getByLabel("Paid on").fill(clock.today);
  await decisions.getByRole("button", { name: "Record the payment" }).click();
  await expect(decisions.getByText("A payment of €125.50 was recorded.")).toBeVisible({ timeout: 30_000 });
  await expect(lifecycle).toContainText("Paid", { timeout: 30_000 });
  await expect(timeline).toContainText("101 Paid");
  // A closed case offers no more decisions; the answer that closed it stays.
  await expect(decisions.getByRole("button")).toHaveCount(0);
  await expect(decisions.getByText("A payment of €125.50 was recorded.")).toBeVisible();
});

test("a clerk allocates a credit note to the invoice it credits, and an unknown invoice number is named at its field", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { headers, ...clock } = await demoFin(request);
  const name = `Credit ${word()}`;
  const billnum = `CN-${Date.now()}`;
  const terms = { person: name, billdate: clock.today, paydate: addDays(clock.today, 14) };
  const invoice = await postAsErp(request, headers, { ...terms, billnum, payrow: [{ desc: "Goods", count: "1", amount: "100.00", taxpr: "0" }] });
  const credit = await postAsErp(request, headers, { ...terms, payrow: [{ desc: "Returned goods", count: "1", amount: "-40.00", taxpr: "0" }] });
  const caseId = await portalCaseOf(credit.jobid, 0);

  await signIn(page, "clerk");
  await page.goto(`/cases/${caseId}`);
  const form = page.getByRole("form", { name: "Allocate this credit note to an invoice" });
  await form.getByLabel("Invoice number").fill("NO-SUCH-INVOICE");
  await form.getByRole("button", { name: "Allocate" }).click();
  await expect(form.getByLabel("Invoice number")).toHaveAttribute("aria-invalid", "true", { timeout: 30_000 });

  // A part first: the credit note moves to 104 and still offers the rest.
  const decisions = page.getByRole("region", { name: "Decisions" });
  await form.getByLabel("Invoice number").fill(billnum);
  await form.getByLabel("Amount (optional)").fill("25");
  await form.getByRole("button", { name: "Allocate" }).click();
  await expect(decisions.getByText(`€25.00 was allocated to invoice ${billnum}; the credit note has €15.00 left.`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("case-lifecycle")).toContainText("104", { timeout: 30_000 });
  await expect(form).toBeVisible();

  // The rest: used up, the form goes and the answer stays.
  await form.getByLabel("Invoice number").fill(billnum);
  await form.getByRole("button", { name: "Allocate" }).click();
  await expect(decisions.getByText(`€15.00 was allocated to invoice ${billnum}; the credit note has €0.00 left.`)).toBeVisible({ timeout: 30_000 });
  await expect(form).toHaveCount(0);
  const job = (await (await request.get(`/fin-test/rest/jobs/${invoice.jobid}`, { headers })).json()) as { opencapital: number };
  expect(job.opencapital).toBe(60);
  // A fresh page knows it as well, from the credit note's events, and offers no allocation.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("case-lifecycle")).toContainText("104");
    await expect(form).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
});

test("a clerk approves a draft the ERP posted, then stops and resumes collection around a bankruptcy", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { headers, ...clock } = await demoFin(request);
  const name = `Draft ${word()}`;
  const result = await postAsErp(
    request,
    headers,
    { person: name, billdate: clock.today, paydate: addDays(clock.today, 14), payrow: [{ desc: "Consulting", count: "1", amount: "100.00", taxpr: "25.5" }] },
    { draft: true },
  );
  const caseId = await portalCaseOf(result.jobid, 11);

  await signIn(page, "clerk");
  await page.goto(`/cases/${caseId}`);
  const decisions = page.getByRole("region", { name: "Decisions" });
  const lifecycle = page.getByTestId("case-lifecycle");
  const timeline = page.getByRole("list", { name: "Timeline" });
  await expect(lifecycle).toContainText("Draft");
  // A draft offers only approving or discarding it.
  await expect(decisions.getByRole("button", { name: "Mark as disputed" })).toHaveCount(0);
  await decisions.getByRole("button", { name: "Approve and send" }).click();
  await decisions
    .getByRole("group", { name: /^Approve this draft\?/ })
    .getByRole("button", { name: "Yes, go ahead" })
    .click();
  await expect(decisions.getByRole("status").first()).toHaveText("Done: the case is now 0 Invoicing.");
  await expect(lifecycle).toContainText("Invoicing", { timeout: 30_000 });
  await expect(timeline).toContainText("11 Draft");

  await decisions.getByLabel("Note (optional, goes with the decision)").fill("Bankruptcy declared by the district court");
  await decisions.getByRole("button", { name: "Debtor bankrupt" }).click();
  await decisions
    .getByRole("group", { name: /^Has this debtor been declared bankrupt\?/ })
    .getByRole("button", { name: "Yes, go ahead" })
    .click();
  await expect(lifecycle).toContainText("Under bankruptcy proceedings", { timeout: 30_000 });
  await expect(timeline).toContainText("111 Under bankruptcy proceedings");
  await expect(decisions.getByRole("button", { name: "Mark as disputed" })).toHaveCount(0);
  await decisions.getByRole("button", { name: "Proceedings ended: resume collection" }).click();
  await expect(lifecycle).toContainText("Invoicing", { timeout: 30_000 });
});

test("a clerk gives the address of a debtor whose letter came back, and the letter goes again", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { headers, ...clock } = await demoFin(request);
  const name = `Returned ${word()}`;
  const result = await postAsErp(request, headers, {
    person: name,
    sendtype: "post",
    billdate: clock.today,
    paydate: addDays(clock.today, 14),
    payrow: [{ desc: "Consulting", count: "1", amount: "100.00", taxpr: "25.5" }],
  });
  // The post returns the letter once the print batch took it.
  await expect
    .poll(async () => (await request.post("/fin-test/rest/testing/returnedmail", { headers, data: { jobid: result.jobid, reason: "moved" } })).status(), {
      timeout: 30_000,
    })
    .toBe(201);
  const caseId = await portalCaseOf(result.jobid, 89);

  await signIn(page, "clerk");
  await page.goto(`/cases/${caseId}`);
  const decisions = page.getByRole("region", { name: "Decisions" });
  const lifecycle = page.getByTestId("case-lifecycle");
  await expect(lifecycle).toContainText("Address verification");
  const form = decisions.getByRole("form", { name: "The letter came back: the debtor's address" });
  await form.getByLabel("Street address").fill("Uusi katu 5");
  await form.getByLabel("Postcode").fill("123");
  await form.getByLabel("City").fill("Espoo");
  await form.getByRole("button", { name: "Save the address and send again" }).click();
  // A postcode Finland cannot have is named at its field, and nothing is sent.
  await expect(form.getByText("must be a Finnish postcode of five digits", { exact: true })).toBeVisible({ timeout: 30_000 });
  await form.getByLabel("Postcode").fill("02100");
  await form.getByRole("button", { name: "Save the address and send again" }).click();
  await expect(decisions.getByText("The address is saved and the letter goes again; the case is now 0 Invoicing.")).toBeVisible({ timeout: 30_000 });
  await expect(lifecycle).toContainText("Invoicing", { timeout: 30_000 });
  await expect(page.getByRole("list", { name: "Timeline" })).toContainText("89 Address verification");
});

test("a clerk gets no test controls on a production environment's case", async ({ page }) => {
  const seeded = await seedCase({ name: `Eklund ${word()}`, environment: "fin-prod", code: 0, amount: 1_000n, due: "2026-12-05" });
  await signIn(page, "clerk");
  await page.goto(`/cases/${seeded.id}`);
  await expect(page.getByRole("heading", { level: 1, name: /Eklund/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Move clock forward" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Simulate payment" })).toHaveCount(0);
});

test("a personal identity code is masked for everyone, shown whole to a clerk who asks, and the showing is recorded for admins", async ({ browser }) => {
  const govid = "131052-308T";
  const name = `Henna ${word()}`;
  const clerk = await browser.newPage();
  await signIn(clerk, "clerk");
  const caseUrl = await postInvoiceWithIdentityCode(clerk, { name, govid, street: "Esimerkkikatu 1" });

  await clerk.goto(caseUrl);
  const shown = clerk.getByTestId("personal-id-govid");
  await expect(shown).toHaveText("•••••••••8T");
  await expect(clerk.locator("body")).not.toContainText(govid);
  await clerk.getByRole("button", { name: "Show in full: Personal identity code" }).click();
  await expect(shown).toHaveText(govid);
  await expect(clerk.getByRole("status").filter({ hasText: "Shown in full to you; this is recorded." })).toBeVisible();
  await clerk.getByRole("button", { name: "Hide: Personal identity code" }).click();
  await expect(shown).toHaveText("•••••••••8T");
  // A clerk does not read the record of showings; an admin does.
  await expect(clerk.getByRole("heading", { name: "Personal ids shown in full" })).toHaveCount(0);
  await clerk.close();

  const viewer = await browser.newPage();
  await signIn(viewer, "viewer");
  await viewer.goto(caseUrl);
  await expect(viewer.getByText("•••••••••8T")).toBeVisible();
  await expect(viewer.getByRole("button", { name: /Show in full/ })).toHaveCount(0);
  await expect(viewer.locator("body")).not.toContainText(govid);
  await viewer.close();

  const admin = await browser.newPage();
  await signIn(admin, "admin");
  await admin.goto(caseUrl);
  const record = admin.getByRole("region", { name: "Personal ids shown in full" });
  await expect(record.getByRole("listitem")).toHaveCount(1);
  await expect(record.getByRole("listitem")).toContainText("Kalle Clerk (clerk@demo.example) was shown Personal identity code in full on");
  await expect(admin.locator("body")).not.toContainText(govid);
  await admin.close();
});

test("a viewer downloads the filtered case list as CSV, in the list's order, with totals", async ({ page }) => {
  const tag = word();
  await seedCase({ name: `Aalto ${tag}`, environment: "fin-test", code: 0, amount: 12_000n, due: "2027-01-10" });
  await seedCase({ name: `=Berg ${tag}`, environment: "fin-test", code: 200, amount: 5_000n, due: "2026-12-20" });
  await seedCase({ name: `Other ${word()}`, environment: "fin-test", code: 0, amount: 1n, due: "2026-12-20" });

  await signIn(page, "viewer");
  await page.goto(`/cases?q=${tag}&sort=amount&dir=asc`);
  await expect(page.locator("tbody tr")).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download as CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^cases-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, "utf8");
  const lines = text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toMatch(/^Job id,Receiver,Bill number,/);
  // The list's filter and order (amount ascending); a name that starts like a formula stays text.
  expect(lines.slice(1, 3).map((line) => line.split(",")[1])).toEqual([`'=Berg ${tag}`, `Aalto ${tag}`]);
  expect(lines[3]).toBe(",Total EUR,,,,,,,EUR,170.00,170.00,0.00,0.00,170.00,,,");
  expect(lines).toHaveLength(4);
});

test("a credit controller reads open receivables by age, cases by phase and days sales outstanding on the dashboard", async ({ page }) => {
  // Ages count from the reader's today (an English reader: Helsinki).
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Helsinki" }).format(new Date());
  await seedCase({ name: `Dahl ${word()}`, environment: "swe-prod", code: 200, amount: 12_345n, due: addDays(today, -45) });
  await seedCase({ name: `Ek ${word()}`, environment: "swe-prod", code: 0, amount: 100_000n, due: addDays(today, 10) });

  // What the page must show, counted here from the rows themselves.
  const open = await db.portalCase.findMany({ where: { organizationId, environment: "swe-prod", openCapital: { gt: 0 } } });
  const inBucket = (from: number, to: number) =>
    open.filter((row) => {
      const overdue = row.currentPaydate ? Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${row.currentPaydate}T00:00:00Z`)) / 86_400_000) : 0;
      return overdue >= from && overdue <= to;
    });
  const sek = (cents: bigint) => new Intl.NumberFormat("en-GB", { style: "currency", currency: "SEK" }).format(Number(cents) / 100);
  const sum = (rows: typeof open) => rows.reduce((total, row) => total + (row.openCapital ?? 0n) + (row.interest ?? 0n) + (row.expenses ?? 0n), 0n);

  await signIn(page, "viewer");
  await page.goto("/cases");
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.getByLabel("Environment").selectOption({ label: "All environments" });
  await page.goto("/dashboard?environment=swe-prod");
  const ageing = page.getByTestId("ageing-SEK");
  await expect(ageing.getByRole("row", { name: /^31–60 days/ })).toContainText(`${inBucket(31, 60).length}${sek(sum(inBucket(31, 60)))}`);
  await expect(ageing.getByRole("row", { name: /^Not yet due/ })).toContainText(`${inBucket(-100_000, 0).length}${sek(sum(inBucket(-100_000, 0)))}`);
  await expect(ageing.getByRole("row", { name: /^Total/ })).toContainText(`${open.length}${sek(sum(open))}`);
  await expect(page.getByTestId("phases").getByRole("row", { name: /^200 / })).toContainText(String(open.filter((row) => row.code === 200).length));
  await expect(page.getByTestId("dso").getByRole("row", { name: /^SEK/ })).toBeVisible();
  // Only this environment: no euro cases here.
  await expect(page.getByTestId("ageing-EUR")).toHaveCount(0);
});

test("a credit controller narrows the dashboard to one connection", async ({ page }) => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Helsinki" }).format(new Date());
  await seedCase({ name: `Falk ${word()}`, environment: "swe-test", cid: "demo-swe", code: 200, amount: 77_700n, due: addDays(today, -5) });
  // The same environment under another profile: in the environment's figures, not the connection's.
  await seedCase({ name: `Gran ${word()}`, environment: "swe-test", code: 200, amount: 11_100n, due: addDays(today, -5) });
  const openOf = async (where: { cid?: string }) => {
    const rows = await db.portalCase.findMany({ where: { organizationId, environment: "swe-test", openCapital: { gt: 0 }, ...where } });
    const total = rows.reduce((sum, row) => sum + (row.openCapital ?? 0n) + (row.interest ?? 0n) + (row.expenses ?? 0n), 0n);
    return `${rows.length}${new Intl.NumberFormat("en-GB", { style: "currency", currency: "SEK" }).format(Number(total) / 100)}`;
  };

  await signIn(page, "viewer");
  await page.goto("/dashboard");
  await page.getByLabel("Environment").selectOption("swe-test");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("ageing-SEK").getByRole("row", { name: /^Total/ })).toContainText(await openOf({}));
  await page.getByLabel("Connection").selectOption({ label: "Demo AB · Sweden test (swe-test)" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/connection=/);
  await expect(page.getByLabel("Connection")).toHaveValue(/.+/);
  await expect(page.getByTestId("ageing-SEK").getByRole("row", { name: /^Total/ })).toContainText(await openOf({ cid: "demo-swe" }));
  await expect(page.getByTestId("ageing-EUR")).toHaveCount(0);
});

test("a credit controller saves a view of the list under a name, opens it again, and deletes it", async ({ page }) => {
  const tag = word();
  await seedCase({ name: `Virtanen ${tag}`, environment: "fin-test", code: 200, amount: 9_900n, due: "2026-10-01" });
  await signIn(page, "viewer");
  await page.goto(`/cases?q=${tag}&code=200&sort=due&dir=asc`);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  const views = page.getByRole("region", { name: "Saved views" });
  const name = `Reminders ${tag}`;
  await views.getByLabel("Name of this view").fill(name);
  await views.getByRole("button", { name: "Save this view" }).click();
  await expect(views.getByRole("status")).toHaveText(`Saved as ${name}.`);

  await page.goto("/cases");
  await page.getByRole("region", { name: "Saved views" }).getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}.*code=200.*sort=due&dir=asc`));
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.getByRole("link", { name: `Virtanen ${tag}` })).toBeVisible();

  await page.getByRole("button", { name: `Delete the saved view ${name}` }).click();
  await page
    .getByRole("group", { name: `Delete the saved view ${name}?` })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByRole("region", { name: "Saved views" }).getByRole("link", { name })).toHaveCount(0);
});
