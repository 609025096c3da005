import { expect, test } from "@playwright/test";

import { DEMO_USER, signIn } from "./fixtures";

test("a page of the portal sends a visitor without a session to sign in", async ({ page }) => {
  await page.goto("/cases");
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole("heading", { name: "Sign in to Nordic Receivables" })).toBeVisible();
});

test("a missing or malformed field is said on that field, before anything is sent", async ({ page }) => {
  await page.goto("/sign-in");
  const email = page.getByLabel("E-mail");
  const password = page.getByLabel("Password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Enter your e-mail address.");
  await expect(password).toHaveAccessibleDescription("Enter your password.");
  await expect(email).toBeFocused();
  await expect(page.locator("#sign-in-error")).toHaveCount(0);

  await email.fill("clerk@");
  await password.fill("whatever");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(email).toHaveAccessibleDescription("Enter an e-mail address, such as name@example.com.");
  await expect(password).not.toHaveAttribute("aria-invalid");
  await expect(page.locator("#sign-in-error")).toHaveCount(0);
});

test("a wrong password is refused with a message, and the right one signs in and out", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(DEMO_USER.clerk.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  // One error for the pair, never which of the two was wrong.
  await expect(page.getByRole("alert").filter({ hasText: "The e-mail or the password is wrong." })).toHaveAttribute("id", "sign-in-error");
  await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription("The e-mail or the password is wrong.");
  await expect(page.getByLabel("E-mail")).not.toHaveAttribute("aria-invalid");
  await expect(page.getByLabel("Password")).not.toHaveAttribute("aria-invalid");

  await signIn(page, "clerk");
  await expect(page).toHaveURL(/\/cases/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/cases");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("roles are enforced on the server: a viewer gets 403 on a clerk's page, a clerk on an admin's", async ({ page }) => {
  await signIn(page, "viewer");
  await expect(page.getByRole("link", { name: "Invoice", exact: true })).toHaveCount(0);
  const asViewer = await page.goto("/invoices/new");
  expect(asViewer?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, "clerk");
  const asClerk = await page.goto("/settings/connections");
  expect(asClerk?.status()).toBe(403);
});

test("an admin sees the embedded test environments connected out of the box, and adds a connection", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto("/settings/connections");
  for (const cid of ["demo-fin", "demo-swe", "demo-nor"]) await expect(page.getByRole("cell", { name: cid, exact: true })).toBeVisible();

  await page.getByLabel("Name").fill("Provider FIN production");
  await page.getByLabel("Address ({base_url}/rest)").fill("not an address");
  await page.getByLabel("cid").fill("100001");
  await page.getByLabel("apicode").fill("secret-apicode");
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByLabel("Address ({base_url}/rest)")).toHaveAttribute("aria-invalid", "true");

  // An address on the server's own network is refused: the portal must not be a way in there.
  await page.getByLabel("Environment").selectOption("fin-prod");
  await page.getByLabel("Address ({base_url}/rest)").fill("http://169.254.169.254/latest");
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByText("Use the provider's public address; addresses on the local network are not allowed.")).toBeVisible();

  // A public address where no service answers: nothing is saved, and the address says why.
  await page.getByLabel("Address ({base_url}/rest)").fill("https://api.provider.example/rest");
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByText(/No answer from a service here/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel("Address ({base_url}/rest)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("cell", { name: "Provider FIN production", exact: true })).toHaveCount(0);

  // The service answers but refuses the apicode: said on the apicode, nothing saved.
  const origin = new URL(page.url()).origin;
  await page.getByLabel("Environment").selectOption("swe-test");
  await page.getByLabel("Name").fill("Demo AB · Sweden test");
  await page.getByLabel("Address ({base_url}/rest)").fill(`${origin}/swe-test/rest`);
  await page.getByLabel("cid").fill("demo-swe");
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByText("The service refused this cid and apicode.", { exact: false })).toBeVisible();
  await expect(page.getByLabel("apicode")).toHaveAttribute("aria-invalid", "true");

  // The right one is checked with the service and saved.
  await page.getByLabel("apicode").fill("demo-swe-apicode");
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByRole("status")).toHaveText("Connection saved.");
  await expect(page.getByRole("cell", { name: "Demo AB · Sweden test", exact: true })).toBeVisible();
  // The apicode is never shown back.
  await expect(page.getByText("demo-swe-apicode")).toHaveCount(0);
  await expect(page.getByText("secret-apicode")).toHaveCount(0);

  // Removing asks first; "Keep" keeps it. Confirmed, it goes, and its apicode brings it back.
  const norway = "Demo AS · Norway test";
  await page.getByRole("button", { name: `Remove connection ${norway}` }).click();
  const question = page.getByRole("group", { name: /^Remove Demo AS · Norway test\?/ });
  await question.getByRole("button", { name: "Keep" }).click();
  await expect(page.getByRole("cell", { name: norway, exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Remove connection ${norway}` }).click();
  await question.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("cell", { name: norway, exact: true })).toHaveCount(0);

  await page.getByLabel("Environment").selectOption("nor-test");
  await page.getByLabel("Name").fill(norway);
  await page.getByLabel("Address ({base_url}/rest)").fill(`${origin}/nor-test/rest`);
  await page.getByLabel("cid").fill("demo-nor");
  await page.getByLabel("apicode").fill("demo-nor-apicode");
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByRole("status")).toHaveText("Connection saved.");
  await expect(page.getByRole("cell", { name: norway, exact: true })).toBeVisible();
});

test("an address nothing answers at keeps the navigation for a signed-in user, and offers the sign-in to anyone else", async ({ browser, page }) => {
  const anonymous = await page.goto("/no-such-page");
  expect(anonymous?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

  // Before sign-in the page speaks the browser's language, as the sign-in page does.
  const swedish = await browser.newContext({ locale: "sv-SE" });
  const visitor = await swedish.newPage();
  expect((await visitor.goto("/no-such-page"))?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Sidan finns inte" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Logga in" })).toHaveAttribute("href", "/sign-in");
  await swedish.close();

  await signIn(page, "clerk");
  const signedIn = await page.goto("/no-such-page");
  expect(signedIn?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  const navigation = page.getByRole("navigation", { name: "Portal" });
  await expect(navigation.getByRole("link", { name: "Invoice", exact: true })).toBeVisible();
  await navigation.getByRole("link", { name: "Cases" }).click();
  await expect(page).toHaveURL(/\/cases$/);
});

test("a user opens their account from the header, and a wrong current password is refused on its field", async ({ page }) => {
  await signIn(page, "viewer");
  await page.getByRole("link", { name: /Ville Viewer/ }).click();
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill("a-new-password-123");
  await page.getByLabel("New password again").fill("a-new-password-123");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("This is not your current password.")).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
});

test("a server action called from another origin is refused with 403, not a server error", async ({ page, baseURL }) => {
  await signIn(page, "clerk");
  const call = (origin: string) =>
    page.request.post("/cases", {
      headers: { "Next-Action": "7f0123456789abcdef0123456789abcdef012345", Origin: origin, "Content-Type": "text/plain;charset=UTF-8" },
      data: "[]",
    });
  const foreign = await call("https://evil.example");
  expect(foreign.status()).toBe(403);
  expect(await foreign.text()).toMatch(/only from this site's own pages/);
  expect((await call("null")).status()).toBe(403);
  // From the portal's own origin, an action id that does not exist is Next's own 400.
  expect((await call(new URL(baseURL!).origin)).status()).toBe(400);
});

test("the sign-in page speaks the browser's language, and every page's title the user's", async ({ browser, page }) => {
  const finnish = await browser.newContext({ locale: "fi-FI" });
  const visitor = await finnish.newPage();
  await visitor.goto("/sign-in");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Kirjaudu Nordic Receivablesiin");
  await expect(visitor).toHaveTitle("Kirjaudu sisään · Nordic Receivables");
  await visitor.getByLabel("Sähköposti").fill("viewer@demo.example");
  await visitor.getByLabel("Salasana").fill("not-the-password");
  await visitor.getByRole("button", { name: "Kirjaudu sisään" }).click();
  await expect(visitor.locator("#sign-in-error")).toHaveText("Sähköposti tai salasana on väärä.");
  await finnish.close();

  await signIn(page, "viewer");
  await page.goto("/dashboard");
  await expect(page).toHaveTitle("Dashboard · Nordic Receivables");
  await page.goto("/settings/connections");
  // A viewer may not open the settings: the page that says so is in the user's language too.
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
});
