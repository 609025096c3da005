import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import { addDays, demoFin, postAsErp, signIn } from "./portal/fixtures";

/*
 * A debtor follows the link in an e-mailed invoice: pays it through the test environment's payment
 * provider, and moves the due date and disputes another, each on a phone and on a desktop; the
 * creditor's portal shows each on the case's timeline. Every debtor page passes axe-core.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SCREENS = [
  ["a phone", PHONE],
  ["a desktop", DESKTOP],
] as const;

/** The debtor link in the e-mail to `to`, from the server's outbox (quoted-printable soft breaks joined). */
async function debtorLinkInMailTo(to: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "mail-outbox");
  for (let attempt = 0; attempt < 60; attempt++) {
    if (existsSync(outbox)) {
      for (const file of readdirSync(outbox)) {
        const mail = readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "");
        if (mail.includes(`To: ${to}`)) return new URL(/https?:\/\/\S+\/d\/[0-9a-z]{24}/.exec(mail)![0]).pathname;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no mail to ${to}`);
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** A day after `from` that is neither a weekend nor a Finnish bank holiday of these years. */
function businessDayAfter(from: string, days: number): string {
  const holidays = new Set(["12-24", "12-25", "12-26", "01-01", "01-06", "05-01", "12-06"]);
  let date = addDays(from, days);
  while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()) || holidays.has(date.slice(5))) date = addDays(date, 1);
  return date;
}

const finnishDate = (date: string) => {
  const [year, month, day] = date.split("-").map(Number);
  return `${day}.${month}.${year}`;
};

for (const [screen, size] of SCREENS) {
  test(`a debtor pays an e-mailed invoice on ${screen}, through the link in the e-mail`, async ({ page, request }) => {
    const { headers, today } = await demoFin(request);
    const tag = randomUUID().slice(0, 8);
    const email = `pay-${tag}@example.fi`;
    const posted = await postAsErp(request, headers, {
      person: `Maksaja ${tag}`,
      email,
      billdate: today,
      paydate: addDays(today, 14),
      payrow: [{ desc: "Palvelu", count: "1", amount: "100.00", taxpr: "0" }],
    });

    await page.setViewportSize(size);
    const link = await debtorLinkInMailTo(email);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Lasku ${posted.billnum}`);
    await expect(page.getByRole("region", { name: "Maksettava" })).toContainText("100,00 EUR");
    await expect(page.getByRole("region", { name: "Asiakirjat" })).toContainText("Lasku sähköpostilla");
    await expectAccessible(page);

    await page.getByRole("link", { name: "Maksa", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maksa");
    const transfer = page.getByRole("region", { name: "Tilisiirto" });
    await expect(transfer).toContainText("FI21 1234 5600 0007 85");
    await expect(transfer.getByRole("img", { name: /Lue koodi pankkisovelluksella/ })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Maksa verkkopankissa tai kortilla" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Testipankki");
    await expect(page.getByText("100,00 EUR")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Hyväksy maksu" }).click();

    await expect(page.getByText("Maksu on vastaanotettu. Kiitos!")).toBeVisible();
    await expect(page.getByText("Laskulla ei ole avointa maksettavaa.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Maksut" })).toContainText("100,00 EUR");

    // The creditor sees the payment on the case's timeline, and the case paid.
    await page.setViewportSize(DESKTOP);
    await signIn(page, "viewer");
    await page.goto(`/cases?q=${tag}`);
    await page.getByRole("link", { name: `Maksaja ${tag}` }).click();
    const timeline = page.getByRole("list", { name: "Timeline" });
    await expect(timeline).toContainText("Payment: €100.00");
    await expect(timeline).toContainText("101 Paid");
  });

  test(`a debtor moves the due date once and then disputes an invoice, on ${screen}`, async ({ page, request }) => {
    const { headers, today } = await demoFin(request);
    const tag = randomUUID().slice(0, 8);
    const email = `ask-${tag}@example.fi`;
    const paydate = addDays(today, 14);
    await postAsErp(request, headers, {
      person: `Kysyjä ${tag}`,
      email,
      billdate: today,
      paydate,
      payrow: [{ desc: "Palvelu", count: "1", amount: "80.00", taxpr: "0" }],
    });

    await page.setViewportSize(size);
    await page.goto(await debtorLinkInMailTo(email));
    const requests = page.getByRole("region", { name: "Pyynnöt" });
    await expect(requests.getByRole("heading", { name: "Siirrä eräpäivää" })).toBeVisible();

    // A weekend is refused on its field, in the debtor's language; a banking day within the offer is taken.
    const saturday = (() => {
      let date = addDays(paydate, 1);
      while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 6) date = addDays(date, 1);
      return date;
    })();
    await page.getByLabel("Uusi eräpäivä").fill(saturday);
    await page.getByRole("button", { name: "Siirrä eräpäivä" }).click();
    await expect(page.getByText("Valitse pankkipäivä (ei viikonloppu eikä pyhäpäivä).")).toBeVisible();
    const moved = businessDayAfter(paydate, 1);
    await page.getByLabel("Uusi eräpäivä").fill(moved);
    await page.getByRole("button", { name: "Siirrä eräpäivä" }).click();
    await expect(page.getByText(`Eräpäivä on nyt ${finnishDate(moved)}.`)).toBeVisible();

    await page.getByLabel("Mikä laskussa on väärin?").fill(`Tilasin vain yhden, en kahta (${tag}).`);
    await page.getByRole("button", { name: "Lähetä huomautus" }).click();
    await expect(page.getByText("Huomautus on lähetetty laskuttajalle.")).toBeVisible();

    await page.reload();
    await expect(page.getByText("Olet tehnyt laskusta huomautuksen.", { exact: false })).toBeVisible();
    await expect(page.getByRole("region", { name: "Maksettava" })).toContainText(finnishDate(moved));
    await expect(page.getByRole("heading", { name: "Siirrä eräpäivää" })).toHaveCount(0);
    await expectAccessible(page);

    // In English, by the debtor's choice.
    await page.getByRole("link", { name: "English" }).click();
    await expect(page.getByText("You have disputed this invoice.", { exact: false })).toBeVisible();

    // The creditor's side, on the portal's desktop as in the other walks.
    await page.setViewportSize(DESKTOP);
    await signIn(page, "viewer");
    await page.goto(`/cases?q=${tag}`);
    await page.getByRole("link", { name: `Kysyjä ${tag}` }).click();
    const timeline = page.getByRole("list", { name: "Timeline" });
    await expect(timeline).toContainText("Due date changed");
    await expect(timeline).toContainText("online");
    await expect(timeline).toContainText("80 Disputed");
    await expect(timeline).toContainText(`Tilasin vain yhden, en kahta (${tag}).`);
  });
}

test("a debtor splits an invoice into instalments on a phone, as the creditor allows", async ({ page, request }) => {
  const { headers, today } = await demoFin(request);
  const settings = await request.patch("/fin-test/rest/profile/settings", { headers, data: { onlineplaninstalments: 4 } });
  expect(settings.status()).toBe(200);
  const tag = randomUUID().slice(0, 8);
  const email = `plan-${tag}@example.fi`;
  await postAsErp(request, headers, {
    person: `Erittäin ${tag}`,
    email,
    billdate: today,
    paydate: addDays(today, 14),
    payrow: [{ desc: "Palvelu", count: "1", amount: "90.00", taxpr: "0" }],
  });

  await page.setViewportSize(PHONE);
  await page.goto(await debtorLinkInMailTo(email));
  await expect(page.getByRole("heading", { name: "Maksa erissä" })).toBeVisible();
  await page.getByLabel("Erien määrä").selectOption({ label: "3 erää" });
  await page.getByRole("button", { name: "Tee maksusuunnitelma" }).click();
  await expect(page.getByText(/Maksusuunnitelma on tehty: 3 erää, ensimmäinen \d+\.\d+\.\d{4}\./)).toBeVisible();
  await page.reload();
  const plan = page.getByRole("region", { name: "Maksusuunnitelma" });
  await expect(plan.getByRole("row")).toHaveCount(4);
  await expect(plan).toContainText("30,00 EUR");
  await expect(page.getByRole("heading", { name: "Maksa erissä" })).toHaveCount(0);
  await expectAccessible(page);

  await page.setViewportSize(DESKTOP);
  await signIn(page, "viewer");
  await page.goto(`/cases?q=${tag}`);
  await page.getByRole("link", { name: `Erittäin ${tag}` }).click();
  const timeline = page.getByRole("list", { name: "Timeline" });
  await expect(timeline).toContainText("41");
  await expect(timeline).toContainText("Payment plan made by the debtor online: 3 monthly instalments of 30.00 EUR");
});

test("a link that is not the service's opens nothing", async ({ page }) => {
  await page.goto(`/d/${"0".repeat(24)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
  await expectAccessible(page);
});
