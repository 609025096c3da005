import { randomBytes } from "node:crypto";

import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";

import { addDays, caseRowFor, demoFin, expectAccessible, postAsErp, signIn } from "./fixtures";

/*
 * A test profile's clock can be moved (POST /testing/clock), and then its date is not the
 * calendar's. Whoever works with such a profile reads its date: on the case page (every role), on
 * the case list, on the dashboard (which counts that connection's ages from it), and under the
 * connection's choice on the letter and upload forms, as on the invoice form (invoice.spec.ts).
 */

/** The embedded fin-test profile at least a day ahead of the calendar, and its date. */
async function movedFin(request: APIRequestContext) {
  let clock = await demoFin(request);
  if (clock.offsetseconds < 86_400) {
    const moved = await request.post("/fin-test/rest/testing/clock", { headers: clock.headers, data: { advance: { days: 1 } }, timeout: 60_000 });
    expect(moved.status()).toBe(200);
    clock = await demoFin(request);
  }
  return clock;
}

/**
 * The note of a test environment's date on a page (after choosing the connection on a form). The page asks the service's clock for at most a
 * second and otherwise goes by the calendar; `next dev` compiling a page on its first visit can
 * hold the answer longer than that, so the page is read again until the note is there.
 */
async function noteOn(page: Page, url: string, connection?: string) {
  return reloadUntil(page, url, page.getByTestId("test-environment-date"), async () => {
    if (connection) await page.getByLabel("Send through").selectOption({ label: connection });
  });
}

async function reloadUntil(page: Page, url: string, shown: Locator, then: () => Promise<void> = async () => undefined) {
  await expect
    .poll(
      async () => {
        await page.goto(url);
        await then();
        return shown.count();
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  return shown;
}

const shown = (date: string) => new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

test("a test environment whose clock was moved shows its date on its case, the case list, the dashboard and the letter and upload forms", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { headers, today } = await movedFin(request);
  const name = `Clock e2e${randomBytes(4).toString("hex")}`;
  await postAsErp(request, headers, {
    customertype: "1",
    company: name,
    billdate: today,
    paydate: addDays(today, 14),
    payrow: [{ desc: "Maintenance", count: "1", amount: "100.00", taxpr: "25.5" }],
  });

  // A viewer, who has no test controls, still reads the date the case is counted by.
  // A context of its own: axe-core checks pages of a context the test made.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signIn(viewer, "viewer");
  await (await caseRowFor(viewer, name)).getByRole("link").first().click();
  await expect(viewer.getByTestId("case-lifecycle")).toBeVisible();
  const caseUrl = viewer.url();
  await expect(await noteOn(viewer, caseUrl)).toHaveText(
    `This test environment's clock was moved: its date is ${shown(today)}. Due dates, reminders and interest count from it.`,
  );

  // The case list names the environments at another date; the dashboard of that connection counts its ages from it.
  const listed = viewer.getByTestId("moved-clocks");
  await expect(await reloadUntil(viewer, "/cases", listed)).toContainText(`Demo Oy · Finland test (fin-test): ${shown(today)}`);
  await expectAccessible(viewer, "/cases with a moved test clock");
  await viewer.goto("/dashboard");
  await viewer.getByLabel("Connection").selectOption({ label: "Demo Oy · Finland test (fin-test)" });
  await viewer.getByRole("button", { name: "Show" }).click();
  await expect(viewer).toHaveURL(/connection=/);
  await expect(await reloadUntil(viewer, viewer.url(), viewer.getByTestId("moved-clocks"))).toBeVisible();
  await expect(viewer.getByTestId("dashboard-as-of")).toHaveText(
    `As of ${shown(today)}, the test environment's own date (its clock was moved); ages count from each case's current due date.`,
  );
  await expectAccessible(viewer, "/dashboard of a moved test clock");
  await viewerContext.close();

  // A clerk who moves the clock from the case is told the new date, and the page's note follows.
  await signIn(page, "clerk");
  await expect(await noteOn(page, caseUrl)).toContainText(shown(today));
  await expectAccessible(page, "a case of a moved test clock");
  const controls = page.getByRole("form", { name: "Move clock forward" });
  await controls.getByLabel("Days").fill("1");
  await controls.getByRole("button", { name: "Move clock forward" }).click();
  await expect(controls.getByRole("status")).toContainText(`The clock moved 1 days ahead: its date is now ${shown(addDays(today, 1))}.`, { timeout: 30_000 });
  await expect(await noteOn(page, caseUrl)).toContainText(shown(addDays(today, 1)));

  for (const form of ["/letters/new", "/uploads/new"]) {
    await expect(await noteOn(page, form, "Demo Oy · Finland test (fin-test)")).toHaveText(
      `This test environment's clock was moved: its date is ${shown(addDays(today, 1))}, and the service counts from it.`,
    );
  }
});
