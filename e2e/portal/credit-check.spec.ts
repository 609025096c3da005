import { expect, test } from "@playwright/test";

import { expectAccessible, signIn } from "./fixtures";

/*
 * A clerk checks a customer's credit before granting it: the service decides on the amount from its
 * own data and its (simulated) credit bureau; one customer is accepted, one with a payment default
 * entry is rejected, and a malformed identity code is refused at its field.
 */

test("a clerk checks two customers' credit and reads each decision", async ({ page }) => {
  await signIn(page, "clerk");
  await page.getByRole("link", { name: "Credit check", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Credit check" })).toBeVisible();
  const form = page.getByRole("form", { name: "Credit check" });
  await form.getByLabel("Connection", { exact: true }).selectOption({ label: "Demo Oy · Finland test (fin-test)" });

  await form.getByLabel("Business id or personal identity code").fill("1796717-0");
  await form.getByLabel("Credit asked for (EUR)").fill("500");
  await form.getByRole("button", { name: "Check" }).click();
  const decision = page.getByTestId("credit-decision");
  await expect(decision).toContainText("Decision: Accept");
  await expect(decision).toContainText("With other creditors");
  await expect(decision.getByRole("heading", { level: 2 })).toHaveText("Decision: Accept");
  // The answer is as accessible as the page around it.
  await expectAccessible(page, "the credit check with its decision");

  await form.getByLabel("Business id or personal identity code").fill("0737546-2");
  await form.getByRole("button", { name: "Check" }).click();
  await expect(decision).toContainText("Decision: Reject");
  // The identity code asked about is not kept in the form.
  await expect(form.getByLabel("Business id or personal identity code")).toHaveValue("");
  await expect(decision).toContainText("The credit bureau holds a payment default entry on the customer.");

  // An amount that is no amount is refused at its field, before the service is asked.
  await form.getByLabel("Credit asked for (EUR)").fill("lots");
  await form.getByRole("button", { name: "Check" }).click();
  await expect(form.getByLabel("Credit asked for (EUR)")).toHaveAttribute("aria-invalid", "true");
});
