import { expect, test } from "@playwright/test";

import { receiverInfoXml } from "../../lib/testing/receiver-info";

import { demoFin, signIn } from "./fixtures";

/*
 * E-invoice receiving proposals: a Finnish consumer's bank sends the demo biller a Finvoice
 * ReceiverInfo message (the test environment's operator takes it over REST), and a viewer finds the
 * proposal in force on the portal's page; the consumer's cancellation then takes its place.
 */

test("a viewer sees a consumer's e-invoice proposal in force, then its cancellation", async ({ page, request }) => {
  const custnum = `AS-${Date.now().toString(36).toUpperCase()}`;
  const { headers } = await demoFin(request);
  const deliver = (xml: string) =>
    request.post("/fin-test/rest/testing/einvoice/receiverproposals", { headers: { ...headers, "content-type": "application/xml" }, data: xml });
  const proposal = await deliver(receiverInfoXml({ custnum, name: "Maija Verkkolasku", address: "FI7944052020036082", timestamp: "2026-11-20T10:00:00" }));
  expect(proposal.status()).toBeLessThan(300);

  await signIn(page, "viewer");
  await page.getByRole("link", { name: "E-invoice proposals", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E-invoice proposals" })).toBeVisible();
  await page.getByLabel(/^Connection/).selectOption({ label: "Demo Oy · Finland test (fin-test)" });
  await page.getByRole("button", { name: "Show" }).click();
  const row = page.getByTestId("receiver-proposals").getByRole("row", { name: new RegExp(custnum) });
  await expect(row).toContainText("Maija Verkkolasku");
  await expect(row).toContainText("Proposal");
  await expect(row).toContainText("FI7944052020036082");

  // The consumer cancels in the bank: the cancellation is the message in force.
  const cancellation = await deliver(
    receiverInfoXml({ custnum, name: "Maija Verkkolasku", action: "DELETE", address: null, messageDate: "20261121", timestamp: "2026-11-21T10:00:00" }),
  );
  expect(cancellation.status()).toBeLessThan(300);
  await page.reload();
  await expect(row).toContainText("Cancellation");
  await expect(page.getByTestId("receiver-proposals").getByRole("row", { name: new RegExp(custnum) })).toHaveCount(1);
});
