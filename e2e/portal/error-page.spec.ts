import { expect, test, type Page, type Route } from "@playwright/test";

import { CASE_TEXTS } from "../../lib/portal/cases/texts";
import type { Locale } from "../../lib/portal/i18n/locale";
import { ERROR_TEXTS } from "../../lib/portal/shell/error-texts";
import { SHELL_TEXTS } from "../../lib/portal/shell/texts";
import { STOCK_TEXTS } from "../../lib/portal/stock/texts";

import { expectAccessible, signIn } from "./fixtures";

/*
 * The portal's error pages (app/(portal)/error.tsx, and app/(portal)/cases/error.tsx for the case
 * pages). No server path makes a portal page throw, so the fault is the network's: a form's server
 * action gets a 500 that is no action answer, the action throws in the form's transition, and React
 * hands that to the nearest error boundary. The page must say so in the user's language inside the
 * shell, and its retry must bring the form back working once the network is well again.
 */

const CONNECTION = "Demo Oy · Finland test (fin-test)";

/** Every server action posted from `pathname` answers 500 with a plain body; the page's own reads pass. Returns the cure. */
async function failServerActions(page: Page, pathname: string): Promise<() => Promise<void>> {
  const matches = (url: URL) => url.pathname === pathname;
  const handler = async (route: Route) => {
    const request = route.request();
    if (request.method() === "POST" && (await request.headerValue("next-action"))) {
      await route.fulfill({ status: 500, contentType: "text/plain", body: "upstream proxy error" });
      return;
    }
    await route.fallback();
  };
  await page.route(matches, handler);
  return () => page.unroute(matches, handler);
}

/** The header's language switch; the choice is the user's, kept on the server. */
async function switchLanguage(page: Page, from: string, to: string) {
  await page.getByRole("combobox", { name: from, exact: true }).selectOption({ label: to });
  await expect(page.getByRole("combobox", { name: from === "Language" ? "Kieli" : "Language", exact: true })).toBeVisible();
}

test.afterEach(async ({ page }) => {
  // A fault left behind by a failed test would fail the language switch's own server action too.
  await page.unrouteAll();
  // The demo clerk is shared with the other specs: leave it in English.
  if (
    await page
      .getByRole("combobox", { name: "Kieli", exact: true })
      .isVisible()
      .catch(() => false)
  )
    await switchLanguage(page, "Kieli", "English");
});

/**
 * The error page in `locale` under `title`, inside the shell, nothing of the failure on it, axe-clean;
 * its retry button.
 */
async function expectErrorPage(page: Page, locale: Locale, title: "pageTitle" | "casesTitle", navLink: string) {
  const errors = ERROR_TEXTS[locale];
  // The page's own alert; Next's route announcer is one too.
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert.getByRole("heading", { level: 1, name: errors[title] })).toBeVisible();
  await expect(alert).toContainText(errors.body);
  await expect(alert.getByRole("heading", { level: 1 })).toBeFocused();
  // Nothing of the failure itself reaches the page (next dev's own overlay, outside it, may name it).
  await expect(page.getByRole("main")).not.toContainText("upstream proxy error");
  // The shell stays: its navigation and its language switch, in the user's language.
  await expect(page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: navLink, exact: true })).toBeVisible();
  await expect(page.getByRole("combobox", { name: SHELL_TEXTS[locale].language, exact: true })).toBeVisible();
  const retry = alert.getByRole("button", { name: errors.tryAgain });
  await expect(retry).toBeVisible();
  await expectAccessible(page, `the ${title} error page in ${locale}`);
  return retry;
}

for (const locale of ["eng", "fin"] as const) {
  test(`a failed form post shows the error page in ${locale} inside the shell, and its retry brings the form back working`, async ({ page }) => {
    const t = STOCK_TEXTS[locale];
    const code = `ERRPAGE-${locale.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
    await signIn(page, "clerk");
    if (locale === "fin") await switchLanguage(page, "Language", "Suomi");

    await page.goto("/stock");
    await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
    // The picker is a plain GET form: its answer is a new page, read whole before the form is filled.
    const connectionId = await page.getByRole("combobox", { name: t.connection, exact: true }).locator("option", { hasText: CONNECTION }).getAttribute("value");
    await page.goto(`/stock?connection=${connectionId}`);
    const define = page.getByRole("form", { name: t.defineTitle });
    await define.getByLabel(t.code, { exact: true }).fill(code);
    await define.getByLabel(t.name, { exact: true }).fill("Error page leaflet");

    const cure = await failServerActions(page, "/stock");
    await define.getByRole("button", { name: t.define }).click();
    const retry = await expectErrorPage(page, locale, "pageTitle", SHELL_TEXTS[locale].stock);
    await expect(define).toHaveCount(0);

    // The network is well again: the retry brings the page back, and the same save goes through.
    await cure();
    await retry.click();
    await expect(page.getByRole("heading", { name: ERROR_TEXTS[locale].pageTitle })).toHaveCount(0);
    await expect(define).toBeVisible();
    await define.getByLabel(t.code, { exact: true }).fill(code);
    await define.getByLabel(t.name, { exact: true }).fill("Error page leaflet");
    await define.getByRole("button", { name: t.define }).click();
    await expect(define.getByRole("status")).toHaveText(t.defined.replace("{code}", code));

    await page.reload();
    await expect(page.getByTestId("stock-items").getByRole("row", { name: new RegExp(code) })).toContainText("Error page leaflet");
  });
}

test("a failed post on the case list shows the cases' own error page, and its retry brings the list back working", async ({ page }) => {
  const t = CASE_TEXTS.eng.views;
  const name = `Error page view ${Date.now().toString(36)}`;
  await signIn(page, "viewer");
  await page.goto("/cases");
  const views = page.getByRole("region", { name: t.heading });
  await views.getByLabel(t.name).fill(name);

  const cure = await failServerActions(page, "/cases");
  await views.getByRole("button", { name: t.save }).click();
  const retry = await expectErrorPage(page, "eng", "casesTitle", SHELL_TEXTS.eng.cases);
  await expect(views).toHaveCount(0);

  await cure();
  await retry.click();
  await expect(page.getByRole("heading", { name: ERROR_TEXTS.eng.casesTitle })).toHaveCount(0);
  await views.getByLabel(t.name).fill(name);
  await views.getByRole("button", { name: t.save }).click();
  await expect(views.getByRole("status")).toHaveText(t.saved.replace("{name}", name));

  await page.reload();
  await expect(views.getByRole("link", { name, exact: true })).toBeVisible();
});

test("a failed language change is said beside the switch, and the page and its shell stay", async ({ page }) => {
  await signIn(page, "viewer");
  await page.goto("/cases");
  const cure = await failServerActions(page, "/cases");
  await page.getByRole("combobox", { name: "Language", exact: true }).selectOption({ label: "Suomi" });
  // The switch sits above every error boundary: its failure is its own, not the page's.
  await expect(page.getByRole("banner").getByRole("alert")).toHaveText(SHELL_TEXTS.eng.languageFailed);
  await expect(page.getByRole("heading", { level: 1, name: CASE_TEXTS.eng.title })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: SHELL_TEXTS.eng.cases, exact: true })).toBeVisible();
  await expectAccessible(page, "the case list after a failed language change");

  // Once the network is well again the same change goes through, and the message goes.
  await cure();
  await switchLanguage(page, "Language", "Suomi");
  await expect(page.getByRole("banner").getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: CASE_TEXTS.fin.title })).toBeVisible();
});
