import { z } from "zod";

/*
 * GET /jobs/{jobid}/onlinelink and /paylink: the debtor's own address for a case, to put in the
 * creditor's own letters, texts or customer portal. The service prints the same link on the
 * documents it sends and writes it in their e-mail.
 */

export const debtorLinkSchema = z
  .object({
    jobid: z.int(),
    url: z.url().meta({
      description:
        "The debtor's page of the case, without an account: the online link shows what was sent, what was paid and what is open and offers " +
        "what the profile allows (GET /profile/settings); the pay link (the online link with /pay) shows what to pay with the bank details and " +
        "the EPC QR code, and pays online where a payment provider is configured (test environments: a simulated one). The address holds its " +
        "own proof (an HMAC of the job id): it opens this case and no other, and is the same every time it is asked for.",
    }),
    open: z.boolean().meta({ description: "Whether the case is open. A closed case's link still shows that nothing is open, until `expires`." }),
    expires: z.iso.date().nullable().meta({
      description: "The last day the link opens the case: 60 days after the case closed; null while it is open.",
    }),
  })
  .meta({ id: "DebtorLink" });

export type DebtorLinkAnswer = z.infer<typeof debtorLinkSchema>;
