import { expect, type Page } from "@playwright/test";

import type { Role } from "../../lib/portal/auth/roles";

/*
 * The demo users seeded on the e2e server's first start (lib/portal/seed/seed-portal.ts), one per
 * role, and a sign-in through the real form.
 */

export const DEMO_USER: Record<Role, { email: string; password: string; name: string }> = {
  admin: { email: "admin@demo.example", password: "demo-admin-password", name: "Aino Admin" },
  clerk: { email: "clerk@demo.example", password: "demo-clerk-password", name: "Kalle Clerk" },
  viewer: { email: "viewer@demo.example", password: "demo-viewer-password", name: "Ville Viewer" },
};

export async function signIn(page: Page, role: Role): Promise<void> {
  const user = DEMO_USER[role];
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The first page after sign-in may be compiled on this visit.
  await expect(page.getByText(user.name)).toBeVisible({ timeout: 30_000 });
}
