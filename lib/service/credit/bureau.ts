import { createHash } from "node:crypto";

import type { Environment } from "../../spec/environments";

/*
 * The credit bureau's part of credit info: the payment default entries (maksuhäiriömerkinnät,
 * betalningsanmärkningar, betalingsanmerkninger) a bureau holds on the subject. A bureau is an
 * outside party under its own contract (Suomen Asiakastieto, UC, Experian, Dun & Bradstreet …);
 * each one is an implementation of CreditBureau. Test environments have a simulated bureau that
 * answers the same way for the same identity code, so a whole decision can be tried; a production
 * environment without a configured bureau answers not_configured and decides on the service's own
 * data alone.
 */

interface BureauAnswer {
  status: "ok" | "not_configured" | "unavailable";
  source: string | null;
  paymentdefaults: number | null;
}

interface CreditBureau {
  readonly source: string;
  lookup(country: Environment["country"], govid: string, type: "person" | "company"): Promise<{ paymentdefaults: number }>;
}

/**
 * About one subject in five has a payment default entry, chosen by the identity code's hash, so a
 * tester finds both kinds among a few codes and the same code always answers the same.
 */
export function simulatedDefaults(govid: string): number {
  const digest = createHash("sha256")
    .update(`bureau:${govid.replace(/\s+/g, "").toUpperCase()}`)
    .digest();
  return digest[0]! < 52 ? 1 + (digest[1]! % 3) : 0;
}

const simulatedBureau: CreditBureau = {
  source: "simulated",
  lookup: async (_country, govid) => ({ paymentdefaults: simulatedDefaults(govid) }),
};

/** The bureau of an environment: the simulated one in test environments; none is connected in production yet. */
function bureauFor(environment: Environment): CreditBureau | null {
  return environment.isTest ? simulatedBureau : null;
}

export async function askBureau(environment: Environment, govid: string, type: "person" | "company"): Promise<BureauAnswer> {
  const bureau = bureauFor(environment);
  if (!bureau) return { status: "not_configured", source: null, paymentdefaults: null };
  try {
    const { paymentdefaults } = await bureau.lookup(environment.country, govid, type);
    return { status: "ok", source: bureau.source, paymentdefaults };
  } catch {
    // A bureau that does not answer leaves the decision to the service's own data, and says so.
    return { status: "unavailable", source: bureau.source, paymentdefaults: null };
  }
}
