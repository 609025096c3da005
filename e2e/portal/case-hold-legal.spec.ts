import { randomBytes } from "node:crypto";

import { expect, test, type Locator, type Page } from "@playwright/test";

import { collection } from "../../lib/testing/jobs";

import { addDays, caseRowFor, demoFin, expectAccessible, postAsErp, postInvoiceWithIdentityCode, signIn } from "./fixtures";

/*
 * Two of a credit controller's decisions on a case page, each read back from a fresh page: putting a
 * case on hold and releasing it (the service keeps it at 100 until released, then returns it where it
 * was), and sending a collection case to legal collection (allowed only from 2, 16 and 203:
 * ACTION_FROM in lib/spec/case-actions.ts). A viewer may read the case but gets no decisions
 * (app/(portal)/cases/[id]/page.tsx gives them only to clerks and admins).
 */

const word = () => `e2e${randomBytes(4).toString("hex")}`;

/** The lifecycle codes of the timeline's status entries, oldest first, as the page lists them. */
async function lcstatusCodes(page: Page): Promise<string[]> {
  return page.getByRole("list", { name: "Timeline" }).locator(':scope > li[data-kind="lcstatus"] .font-mono').allTextContents();
}

/** Reloads the case page until its lifecycle shows `code`: a fresh page knows a decision once the service's event has come. */
async function reloadUntil(page: Page, lifecycle: Locator, code: string): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(lifecycle).toContainText(code, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

test("a clerk puts a case on hold and releases it, and a viewer sees the hold but may not decide", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, "clerk");
  const name = `Hold ${word()}`;
  const caseUrl = await postInvoiceWithIdentityCode(page, { name, govid: "131052-308T", street: "Pitokatu 3" });
  await page.goto(caseUrl);
  const decisions = page.getByRole("region", { name: "Decisions" });
  const lifecycle = page.getByTestId("case-lifecycle");
  const timeline = page.getByRole("list", { name: "Timeline" });
  // The case's code comes with the service's first event; the decisions follow it.
  await expect(lifecycle).toContainText("0 Invoicing", { timeout: 30_000 });

  const note = "The customer asked for a week to check the delivery";
  await decisions.getByLabel("Note (optional, goes with the decision)").fill(note);
  await decisions.getByRole("button", { name: "Put on hold" }).click();
  await expect(decisions.getByRole("status").first()).toHaveText("Done: the case is now 100 On hold.", { timeout: 30_000 });

  // A fresh page knows it from the service's events: the code, the entry with its note, and only the way back.
  await reloadUntil(page, lifecycle, "100 On hold");
  const held = timeline.locator(':scope > li[data-kind="lcstatus"]').filter({ hasText: "100 On hold" });
  await expect(held).toHaveCount(1);
  await expect(held).toContainText(note);
  await expect(decisions.getByRole("button", { name: "Release the hold" })).toBeVisible();
  await expect(decisions.getByRole("button", { name: "Put on hold" })).toHaveCount(0);
  await expect(decisions.getByRole("button", { name: "Mark as disputed" })).toHaveCount(0);
  await expectAccessible(page, "a case on hold, as a clerk");

  // A viewer reads the same hold and is offered no decision on it.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signIn(viewer, "viewer");
  await viewer.goto(caseUrl);
  await expect(viewer.getByTestId("case-lifecycle")).toContainText("100 On hold");
  await expect(viewer.getByRole("list", { name: "Timeline" })).toContainText("100 On hold");
  await expect(viewer.getByRole("region", { name: "Decisions" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Release the hold" })).toHaveCount(0);
  await expectAccessible(viewer, "a case on hold, as a viewer");
  await viewerContext.close();

  await decisions.getByRole("button", { name: "Release the hold" }).click();
  await expect(decisions.getByRole("status").first()).toHaveText("Done: the case is now 0 Invoicing.", { timeout: 30_000 });
  await reloadUntil(page, lifecycle, "0 Invoicing");
  // Back where it was, after the hold: invoicing, on hold, invoicing again.
  await expect.poll(() => lcstatusCodes(page), { timeout: 30_000 }).toEqual(["0", "100", "0"]);
  await expect(decisions.getByRole("button", { name: "Put on hold" })).toBeVisible();
  await expect(decisions.getByRole("button", { name: "Release the hold" })).toHaveCount(0);
  await expectAccessible(page, "a case released from its hold");
});

test("a clerk sends a case in debt collection to legal collection, after saying yes once more", async ({ page, request }) => {
  test.setTimeout(150_000);
  const { headers, ...clock } = await demoFin(request);
  const name = `Legal ${word()} Oy`;
  // A receivable the customer's ERP hands to collection (jobtype 2, after its own reminder): it is in
  // 2 Debt collection from the start, one of the phases legal collection may follow.
  await postAsErp(
    request,
    headers,
    collection({
      company: name,
      billnum: `LEGAL-${Date.now()}`,
      billdate: addDays(clock.today, -60),
      paydate: addDays(clock.today, -46),
      noticedate: addDays(clock.today, -30),
    }),
  );

  await signIn(page, "clerk");
  // Found as a clerk finds it: by the debtor's name in the case list.
  await (await caseRowFor(page, name)).getByRole("link").first().click();
  const decisions = page.getByRole("region", { name: "Decisions" });
  const lifecycle = page.getByTestId("case-lifecycle");
  await expect(lifecycle).toContainText("2 Debt collection", { timeout: 30_000 });
  await expectAccessible(page, "a case in debt collection");

  // It asks first, and "Keep" keeps the case where it is.
  await decisions.getByRole("button", { name: "Send to legal collection" }).click();
  const question = decisions.getByRole("group", { name: /^Send this case to legal collection \(63, a writ of summons\)\?/ });
  await question.getByRole("button", { name: "Keep" }).click();
  await page.reload();
  await expect(lifecycle).toContainText("2 Debt collection");

  await decisions.getByRole("button", { name: "Send to legal collection" }).click();
  await question.getByRole("button", { name: "Yes, go ahead" }).click();
  await expect(decisions.getByRole("status").first()).toHaveText("Done: the case is now 63 Writ of summons sent to district court.", { timeout: 30_000 });

  await reloadUntil(page, lifecycle, "63 Writ of summons sent to district court");
  await expect.poll(() => lcstatusCodes(page), { timeout: 30_000 }).toEqual(["2", "63"]);
  // In court the case is no longer the creditor's to send again.
  await expect(decisions.getByRole("button", { name: "Send to legal collection" })).toHaveCount(0);
  await expectAccessible(page, "a case sent to legal collection");
});
