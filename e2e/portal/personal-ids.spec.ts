import { randomBytes } from "node:crypto";

import { expect, test } from "@playwright/test";

import { postInvoiceWithIdentityCode, signIn } from "./fixtures";

/*
 * A personal identity code is shown whole only on an explicit action that is recorded. Duplicating
 * an invoice copies its identity code into the clerk's form in clear: that is such a showing, and
 * the admins' record of the case says so (the case page's own "Show in full" is in cases.spec.ts).
 */

test("duplicating an invoice with an identity code records the code as shown in full to the clerk", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const govid = "010190-901R";
  const name = `Henrik e2e${randomBytes(4).toString("hex")}`;
  await signIn(page, "clerk");
  const caseUrl = await postInvoiceWithIdentityCode(page, { name, govid, street: "Esimerkkikatu 2" });

  await page.goto(caseUrl);
  await expect(page.getByTestId("personal-id-govid")).toHaveText("•••••••••1R");
  await page.getByRole("button", { name: "Duplicate as a new invoice" }).click();
  await expect(page).toHaveURL(/\/invoices\/new\?draft=[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Personal identity code")).toHaveValue(govid);

  const admin = await browser.newPage();
  await signIn(admin, "admin");
  await admin.goto(caseUrl);
  const record = admin.getByRole("region", { name: "Personal ids shown in full" });
  await expect(record.getByRole("listitem")).toHaveCount(1);
  await expect(record.getByRole("listitem")).toContainText("Kalle Clerk (clerk@demo.example) was shown Personal identity code in full on");
  await admin.close();
});
