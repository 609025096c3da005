import { expect, test, type Page } from "@playwright/test";

import { expectAccessible, signIn } from "./fixtures";

/*
 * A clerk who reads the portal in Finnish gets a form's refusal in Finnish at its field: the form's
 * messages are keys looked up in the user's language, not English sentences.
 */

/** The header's language switch; the choice is the user's, kept on the server. */
async function switchLanguage(page: Page, from: string, to: string) {
  await page.getByRole("combobox", { name: from, exact: true }).selectOption({ label: to });
}

test.afterEach(async ({ page }) => {
  // The demo clerk is shared with the other specs: leave it in English.
  const finnish = page.getByRole("combobox", { name: "Kieli", exact: true });
  if (await finnish.isVisible().catch(() => false)) {
    await switchLanguage(page, "Kieli", "English");
    await expect(page.getByRole("combobox", { name: "Language", exact: true })).toBeVisible();
  }
});

test("a clerk reading Finnish gets the credit check's refusal in Finnish at its field", async ({ page }) => {
  await signIn(page, "clerk");
  await switchLanguage(page, "Language", "Suomi");
  await expect(page.getByRole("combobox", { name: "Kieli", exact: true })).toBeVisible();

  await page.goto("/credit");
  await expect(page.getByRole("heading", { level: 1, name: "Luottotarkistus" })).toBeVisible();
  const form = page.getByRole("form", { name: "Luottotarkistus" });
  await form.getByLabel("Yhteys", { exact: true }).selectOption({ label: "Demo Oy · Finland test (fin-test)" });
  await form.getByLabel("Y-tunnus tai henkilötunnus").fill("1796717-0");
  const amount = form.getByLabel("Haettu luotto (EUR)");
  await amount.fill("paljon");
  await form.getByRole("button", { name: "Tarkista" }).click();

  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toHaveAccessibleDescription("Anna summa, esimerkiksi 1500 tai 1500,00.");
  await expect(page.getByText("Enter an amount, such as 1500 or 1500,00.")).toHaveCount(0);
  // The action's own line is Finnish too.
  await expect(form.getByRole("alert")).toHaveText("Tarkista merkityt kentät.");

  await expectAccessible(page, "the credit check in Finnish, refused");
});
