import { expect, test } from "@playwright/test";

/*
 * /metrics times every request the app answers (lib/platform/request-timing.ts): a server-rendered
 * page and /healthz appear under their route patterns, and no label carries a concrete id.
 */

test("server-rendered pages and /healthz are timed under their route patterns", async ({ page, request }) => {
  await page.goto("/sign-in");
  await expect(page.locator("form button[type=submit]")).toBeVisible();
  expect((await request.get("/healthz")).status()).toBe(200);
  expect((await request.get(`/d/${"x".repeat(24)}`)).status()).toBeGreaterThanOrEqual(200);
  const text = await (await request.get("/metrics")).text();
  const counted = (route: string) =>
    [...text.matchAll(/^http_request_duration_seconds_count\{([^}]*)\} (\d+)/gm)]
      .filter(([, labels]) => labels!.includes(`route="${route}"`))
      .reduce((sum, [, , value]) => sum + Number(value), 0);
  expect(counted("/sign-in")).toBeGreaterThanOrEqual(1);
  expect(counted("/healthz")).toBeGreaterThanOrEqual(1);
  expect(counted("/d/[token]")).toBeGreaterThanOrEqual(1);
  // Patterns, never the paths themselves.
  expect(text).not.toContain(`route="/d/${"x".repeat(24)}"`);
});
