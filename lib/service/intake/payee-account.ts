import { INVOICE_JOBTYPES } from "../../spec/codes";
import type { Country } from "../../spec/environments";
import { ruleProblem } from "../../spec/problems";
import type { Creditor } from "../documents/creditor";
import { PAYEE_ACCOUNT_NAMES, payeeAccountOf } from "../documents/payee-account";

import type { CheckedJob } from "./validate-job";

/**
 * Refuses a job whose document asks the debtor to pay (an invoice, a reminder, a collection letter,
 * a cut-off warning: every jobtype but a letter, 301, and a credit note) when the profile's creditor
 * details give nothing its country's debtors can pay to (documents/payee-account.ts): a Swedish
 * profile with no bankgiro, plusgiro, bank account or IBAN printed its inbetalningskort with a blank
 * account, which nobody can pay, and an e-invoice would carry none either. Refused whatever the
 * sendtype, on the job, saying what the profile lacks. `creditor`: the details on file, null where
 * the profile was given none: refused the same in a production environment, where such documents
 * would reach real debtors; a test environment's profile without them (the API's own tests, a
 * sandbox set up by hand) keeps documents that name only the profile.
 */
export function refuseUnpayableJobs(jobs: readonly CheckedJob[], creditor: Creditor | null, country: Country, production: boolean): CheckedJob[] {
  if (creditor ? payeeAccountOf(creditor, country) : !production) return [...jobs];
  return jobs.map((job) => {
    if (!job.ok || job.jobtype === 301 || (INVOICE_JOBTYPES.includes(job.jobtype) && job.totals.gross < 0n)) return job;
    return { ok: false, index: job.index, raw: job.item, problems: [ruleProblem(null, "invalid", "payeeAccount", { accounts: PAYEE_ACCOUNT_NAMES[country] })] };
  });
}
