import { randomUUID } from "node:crypto";

import { expect, test, type Page } from "@playwright/test";

import { signIn } from "./fixtures";

/*
 * The receiver's settings page: an admin reads the addresses and credentials, reveals and copies
 * the secrets, which really work at the token endpoint and the webhook, registers a connection,
 * and replaces the credentials. Other roles are refused.
 */

/** The read-only text field of a label (the copy buttons beside carry the label in their names too). */
const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

async function revealed(page: Page) {
  await page.getByRole("button", { name: "Show secrets" }).click();
  await expect(page.getByRole("button", { name: "Hide secrets" })).toBeVisible();
  await expect(field(page, "Client secret")).not.toHaveValue("Hidden");
  return {
    clientId: await field(page, "Client id").inputValue(),
    clientSecret: await field(page, "Client secret").inputValue(),
    user: await field(page, "User id").inputValue(),
    password: await field(page, "Password").inputValue(),
  };
}

test("an admin reads the receiver's credentials, and they work at the token endpoint and the webhook", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, "admin");
  await page.goto("/settings/receiver");
  await expect(page.getByRole("heading", { name: "Status-event receiver", level: 1 })).toBeVisible();
  await expect(field(page, "Webhook URL")).toHaveValue(`${baseURL}/api/webhooks/events`);
  await expect(field(page, "Token URL")).toHaveValue(`${baseURL}/api/webhooks/token`);
  // Secrets are not on the page until asked for.
  await expect(field(page, "Client secret")).toHaveValue("Hidden");
  await expect(field(page, "Password")).toHaveValue("Hidden");

  const credentials = await revealed(page);
  await page.getByRole("button", { name: "Copy: Client secret" }).click();
  await expect(page.getByText("Copied to the clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(credentials.clientSecret);

  const token = await page.request.post("/api/webhooks/token", {
    form: { grant_type: "client_credentials", client_id: credentials.clientId, client_secret: credentials.clientSecret },
  });
  expect(token.status()).toBe(200);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const batch = {
    created_at: new Date().toISOString(),
    id: `e2e-${randomUUID()}`,
    data: { telecomdisconnect: [{ cid: "demo-fin", customernumber: "E2E-1", time: new Date().toISOString() }] },
  };
  const bearer = await page.request.post("/api/webhooks/events", { headers: { authorization: `Bearer ${accessToken}` }, data: batch });
  expect(bearer.status()).toBe(200);
  expect(await bearer.json()).toEqual({ stored: 1 });
  const again = await page.request.post("/api/webhooks/events", { headers: { authorization: basic(credentials.user, credentials.password) }, data: batch });
  expect(await again.json()).toEqual({ duplicate: true });
  const refused = await page.request.post("/api/webhooks/events", { headers: { authorization: basic(credentials.user, "wrong") }, data: batch });
  expect(refused.status()).toBe(401);
});

test("an admin registers a connection now and replaces the credentials; the old ones stop working", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto("/settings/receiver");
  const finland = page.getByRole("row", { name: /Finland test/ });
  await finland.getByRole("button", { name: /Register now/ }).click();
  await expect(finland.getByText("Receiver registered.")).toBeVisible();
  await expect(finland.getByText(/^Registered /)).toBeVisible();

  const before = await revealed(page);
  await page.getByRole("button", { name: "Create new credentials…" }).click();
  await page.getByRole("button", { name: "Yes, replace the credentials" }).click();
  await expect(page.getByText(/New credentials created; \d+ connection\(s\) registered again\./)).toBeVisible();
  // The old secrets are hidden again, and the new ones differ.
  await expect(field(page, "Client secret")).toHaveValue("Hidden");
  const after = await revealed(page);
  expect(after.clientSecret).not.toBe(before.clientSecret);
  expect(after.password).not.toBe(before.password);

  const batch = { created_at: new Date().toISOString(), id: `e2e-${randomUUID()}`, data: {} };
  const old = await page.request.post("/api/webhooks/events", { headers: { authorization: basic(before.user, before.password) }, data: batch });
  expect(old.status()).toBe(401);
  const fresh = await page.request.post("/api/webhooks/events", { headers: { authorization: basic(after.user, after.password) }, data: batch });
  expect(fresh.status()).toBe(200);
});

test("only an admin may open the receiver's settings", async ({ page }) => {
  await signIn(page, "clerk");
  const asClerk = await page.goto("/settings/receiver");
  expect(asClerk?.status()).toBe(403);
});
