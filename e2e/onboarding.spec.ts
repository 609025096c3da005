import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, test, type APIRequestContext } from "@playwright/test";

/*
 * A partner starts onboarding with only a business id and an e-mail; the contact person follows the
 * e-mailed link and completes the profile in the wizard.
 */

async function partnerToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/fin-test/rest/token", { data: { cid: "demo-fin", apicode: "demo-fin-apicode" } });
  return ((await response.json()) as { token: string }).token;
}

/** The link in the newest e-mail to `to`, from the server's mail outbox (written every few seconds). */
async function linkInMailTo(to: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "mail-outbox");
  for (let attempt = 0; attempt < 40; attempt++) {
    if (existsSync(outbox)) {
      for (const file of readdirSync(outbox)) {
        // As a mail client reads it: quoted-printable's soft line breaks joined, its escapes decoded.
        const mail = readFileSync(path.join(outbox, file), "utf8")
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        if (mail.includes(`To: ${to}`)) return new URL(/https?:\/\/\S+\/onboarding\/[A-Za-z0-9_-]+/.exec(mail)![0]).pathname;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no mail to ${to}`);
}

test("the contact person completes a profile in the onboarding wizard", async ({ page, request }) => {
  const token = await partnerToken(request);
  const created = await request.post("/fin-test/rest/profile/createprofile", {
    headers: { authorization: `Bearer ${token}` },
    // The customer asked for English; the wizard speaks it.
    data: { customer_info: { business_id: "1796717-0", name: "Velho Oy", language: "eng" }, contact_person: { email: "velho@example.fi" } },
  });
  expect(await created.json()).toMatchObject({ status: "onboarding" });

  const link = await linkInMailTo("velho@example.fi");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Complete your invoicing service profile");
  await expect(page.getByText("1796717-0")).toBeVisible();

  await page.getByLabel("Street address").fill("Taikurinkuja 3");
  await page.getByLabel("Postal code").fill("33100");
  await page.getByLabel("Town or city").fill("Tampere");
  await page.getByLabel("Country").fill("FIN");
  await page.getByRole("group", { name: "Liable to pay VAT" }).getByLabel("Yes").check();
  await page.getByLabel("VAT number").fill("FI12345678");
  await page.getByLabel("Type of company").selectOption({ label: "Corporate and community customer" });
  await page.getByLabel("Customer service telephone").fill("+358 3 123 4567");
  await page.getByLabel("Contact person's name").fill("Veli Velho");
  await page.getByRole("group", { name: "Services" }).getByLabel("Invoicing").check();
  await page.getByLabel("Type of settlement account").selectOption({ label: "IBAN" });
  await page.getByLabel("Settlement account number").fill("FI21 1234 5600 0007 85");
  await page.getByLabel("Account owner").fill("Velho Oy");
  await page.getByLabel("How you receive our invoices").selectOption({ label: "E-mail" });
  await page.getByRole("button", { name: "Save" }).click();

  // A wrong VAT number is put on its field, with what was typed kept.
  const vat = page.getByLabel("VAT number");
  await expect(vat).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("must be a valid Finnish VAT number").first()).toBeVisible();
  await expect(page.getByLabel("Street address")).toHaveValue("Taikurinkuja 3");
  await vat.fill("FI17967170");
  await page.getByRole("button", { name: "Save" }).click();

  // Choosing e-mail for invoices asks for the address next.
  await expect(page.getByLabel("E-mail for our invoices")).toBeVisible();
  await expect(page.getByLabel("Street address")).toHaveCount(0);
  await page.getByLabel("E-mail for our invoices").fill("laskut@velho.fi");
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page.getByRole("status")).toContainText("the profile is complete");
  await page.reload();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("This link is not valid");
});

test("a Finnish customer who named no language gets the wizard in Finnish", async ({ page, request }) => {
  const token = await partnerToken(request);
  const created = await request.post("/fin-test/rest/profile/createprofile", {
    headers: { authorization: `Bearer ${token}` },
    data: { customer_info: { business_id: "0737546-2", name: "Taikuri Oy" }, contact_person: { email: "taikuri@example.fi" } },
  });
  expect(await created.json()).toMatchObject({ status: "onboarding" });
  await page.goto(await linkInMailTo("taikuri@example.fi"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Viimeistelkää laskutuspalvelun profiilinne");
  await expect(page.getByRole("main")).toHaveAttribute("lang", "fi");
  await expect(page.getByText("Suomi (testiympäristö)")).toBeVisible();
  await expect(page.getByLabel("Katuosoite")).toBeVisible();
  await expect(page.getByLabel("Yritysmuoto")).toContainText("Asunto-osakeyhtiö");
  await expect(page.getByRole("button", { name: "Tallenna" })).toBeVisible();
});

test("a Swedish customer's wizard says a refused account number in Swedish", async ({ page, request }) => {
  const tokenResponse = await request.post("/swe-test/rest/token", { data: { cid: "demo-swe", apicode: "demo-swe-apicode" } });
  const { token } = (await tokenResponse.json()) as { token: string };
  const created = await request.post("/swe-test/rest/profile/createprofile", {
    headers: { authorization: `Bearer ${token}` },
    data: { customer_info: { business_id: "559214-3076", name: "Kontroll AB" }, contact_person: { email: "kontroll@example.se" } },
  });
  expect(await created.json()).toMatchObject({ status: "onboarding" });
  await page.goto(await linkInMailTo("kontroll@example.se"));
  await expect(page.getByRole("main")).toHaveAttribute("lang", "sv");

  await page.getByLabel("Typ av redovisningskonto").selectOption({ label: "BBAN (inhemskt konto)" });
  const account = page.getByLabel("Redovisningskontots nummer");
  await account.fill("5440-0002226");
  await page.getByRole("button", { name: "Spara" }).click();

  // The rule is said by its key in the page's language, not in the service's English.
  await expect(account).toHaveAttribute("aria-invalid", "true");
  await expect(account).toHaveAccessibleDescription(/Clearing- och kontonumret är inte giltigt\. Kontrollera numret\./);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Redovisningskontots nummer: Clearing- och kontonumret är inte giltigt.");
  await expect(page.getByText("must be a Swedish clearing and account number")).toHaveCount(0);
});
