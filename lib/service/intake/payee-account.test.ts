import { describe, expect, it } from "vitest";

import { ruleMessage } from "../../spec/rules";
import { envelope, invoice, reminder } from "../../testing/jobs";
import type { Creditor } from "../documents/creditor";

import { checkJsonJobs } from "./check-jobs";
import { refuseUnpayableJobs } from "./payee-account";

/* Intake's refusal of payable jobs for a profile its debtors cannot pay: what is refused, and what passes. */

const swedish = { postcode: "111 22", city: "Stockholm", language: "swe", billcode: "1234567897" };
const creditor: Creditor = { name: "Demo AB", country: "SE", businessId: "556703-7485" };

function checked(...items: Record<string, unknown>[]) {
  const outcome = checkJsonJobs(Buffer.from(JSON.stringify(envelope(...items))), "swe-test");
  if (!outcome.ok) throw new Error(outcome.message);
  expect(outcome.checked.flatMap((job) => (job.ok ? [] : job.problems))).toEqual([]);
  return outcome.checked;
}

describe("refuseUnpayableJobs", () => {
  const jobs = () =>
    checked(
      invoice({ ...swedish, currency: "SEK" }),
      reminder({ ...swedish, currency: "SEK" }),
      invoice({ ...swedish, currency: "SEK", refundtobillnum: "INV-1", payrow: [{ desc: "Kredit", count: "-1", amount: "100.00", taxpr: "25" }] }),
    );

  it("refuses an invoice and a reminder of a Swedish profile with no bankgiro, plusgiro, bank account or IBAN, saying what it lacks; a credit note passes", () => {
    const result = refuseUnpayableJobs(jobs(), creditor, "SWE", false);
    expect(result.map((job) => job.ok)).toEqual([false, false, true]);
    const refused = result[0]!;
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.problems).toEqual([
      expect.objectContaining({
        field: null,
        code: "invalid",
        rule: "payeeAccount",
        message: ruleMessage("payeeAccount", { accounts: "bankgiro, plusgiro, bank account or IBAN" }),
      }),
    ]);
  });

  it.each([{ bankgiro: "50501055" }, { plusgiro: "2865434" }, { account: "5000-1234567" }, { iban: "SE4550000000058398257466" }])(
    "takes a Swedish profile's jobs with any account its debtors pay to, %o",
    (account) => {
      expect(refuseUnpayableJobs(jobs(), { ...creditor, ...account }, "SWE", false).every((job) => job.ok)).toBe(true);
    },
  );

  it("refuses a Finnish profile's payable job without an IBAN, a Norwegian one's without an account number or IBAN", () => {
    expect(refuseUnpayableJobs(jobs(), { ...creditor, country: "FI", bankgiro: "50501055" }, "FIN", false)[0]!.ok).toBe(false);
    expect(refuseUnpayableJobs(jobs(), { ...creditor, country: "FI", iban: "FI2112345600000785" }, "FIN", false)[0]!.ok).toBe(true);
    expect(refuseUnpayableJobs(jobs(), { ...creditor, country: "NO" }, "NOR", false)[0]!.ok).toBe(false);
    expect(refuseUnpayableJobs(jobs(), { ...creditor, country: "NO", account: "86011117947" }, "NOR", false)[0]!.ok).toBe(true);
  });

  it("leaves a test environment's profile given no creditor details as it was, and refuses a production one's payable jobs", () => {
    expect(refuseUnpayableJobs(jobs(), null, "SWE", false).every((job) => job.ok)).toBe(true);
    const production = refuseUnpayableJobs(jobs(), null, "SWE", true);
    expect(production.map((job) => job.ok)).toEqual(refuseUnpayableJobs(jobs(), creditor, "SWE", true).map((job) => job.ok));
    expect(production.some((job) => !job.ok)).toBe(true);
  });
});
