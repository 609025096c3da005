import { expect, test, type Page } from "@playwright/test";

import { DEMO_USER, signIn } from "./fixtures";

/*
 * A password change ends the user's session in every other browser at once, and the browser that
 * made it stays signed in. The demo viewer's password is changed and changed back, so the specs
 * after this one sign in with it as before.
 */

const NEW_PASSWORD = "a-new-viewer-password-1";

async function changePassword(page: Page, current: string, next: string): Promise<void> {
  await page.goto("/account");
  await page.getByLabel("Current password").fill(current);
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("New password again").fill(next);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password is changed.")).toBeVisible();
}

test("a password change signs the user out in another browser and keeps the browser that made it signed in", async ({ browser }) => {
  const other = await browser.newContext();
  const mine = await browser.newContext();
  const otherPage = await other.newPage();
  const myPage = await mine.newPage();
  let changed = false;
  try {
    await signIn(otherPage, "viewer");
    await signIn(myPage, "viewer");

    await changePassword(myPage, DEMO_USER.viewer.password, NEW_PASSWORD);
    changed = true;

    await otherPage.goto("/cases");
    await expect(otherPage).toHaveURL(/\/sign-in/);
    await myPage.goto("/cases");
    await expect(myPage).toHaveURL(/\/cases/);
    await expect(myPage.getByText(DEMO_USER.viewer.name)).toBeVisible();

    // Changed again in the same session, which the first change issued anew.
    await changePassword(myPage, NEW_PASSWORD, DEMO_USER.viewer.password);
    changed = false;
    await myPage.goto("/cases");
    await expect(myPage).toHaveURL(/\/cases/);
  } finally {
    if (changed) {
      const restore = await browser.newContext();
      const page = await restore.newPage();
      await page.goto("/sign-in");
      await page.getByLabel("E-mail").fill(DEMO_USER.viewer.email);
      await page.getByLabel("Password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByText(DEMO_USER.viewer.name)).toBeVisible({ timeout: 30_000 });
      await changePassword(page, NEW_PASSWORD, DEMO_USER.viewer.password);
      await restore.close();
    }
    await other.close();
    await mine.close();
  }
});
