import { randomUUID } from "node:crypto";

import type { Db } from "../../db/client";
import { hashApicode } from "../../platform/secret-hash";
import { ENVIRONMENTS, type EnvironmentId } from "../../spec/environments";
import type { Creditor } from "../documents/creditor";

/*
 * Every test environment gets a demo profile on first start, so a developer can take a token and
 * post a job within a minute of cloning. The credentials are public (README); they exist only in
 * test environments, and only when DEMO_DATA is on.
 */

interface DemoProfile {
  environment: EnvironmentId;
  cid: string;
  apicode: string;
  businessId: string;
  name: string;
  creditor: Creditor;
}

/** The demo profiles' creditor details: a seller's full particulars and an account its country's debtors pay to. */
export const DEMO_CREDITORS: Record<"FIN" | "SWE" | "NOR", Creditor> = {
  FIN: {
    name: "Demo Oy",
    street: "Mannerheimintie 1",
    postcode: "00100",
    city: "Helsinki",
    country: "FI",
    businessId: "2617416-4",
    vatNumber: "FI26174164",
    registeredOffice: "Helsinki",
    email: "laskutus@demo.example",
    phone: "+358 9 123 4567",
    iban: "FI2112345600000785",
    bic: "NDEAFIHH",
  },
  SWE: {
    name: "Demo AB",
    street: "Drottninggatan 1",
    postcode: "111 51",
    city: "Stockholm",
    country: "SE",
    businessId: "556703-7485",
    vatNumber: "SE556703748501",
    registeredOffice: "Stockholm",
    email: "faktura@demo.example",
    phone: "+46 8 123 456",
    bankgiro: "5050-1055",
  },
  NOR: {
    name: "Demo AS",
    street: "Karl Johans gate 1",
    postcode: "0154",
    city: "Oslo",
    country: "NO",
    businessId: "988077917",
    vatNumber: "NO988077917MVA",
    email: "faktura@demo.example",
    phone: "+47 22 12 34 56",
    account: "86011117947",
  },
};

export const DEMO_PROFILES: readonly DemoProfile[] = ENVIRONMENTS.filter((environment) => environment.isTest).map((environment) => {
  const slug = environment.country.toLowerCase();
  return {
    environment: environment.id,
    cid: `demo-${slug}`,
    apicode: `demo-${slug}-apicode`,
    businessId: DEMO_CREDITORS[environment.country].businessId,
    name: DEMO_CREDITORS[environment.country].name,
    creditor: DEMO_CREDITORS[environment.country],
  };
});

/** Creates the demo profiles that do not exist yet; returns those it created. */
export async function seedDemoProfiles(db: Db): Promise<DemoProfile[]> {
  const created: DemoProfile[] = [];
  for (const demo of DEMO_PROFILES) {
    const existing = await db.profile.findUnique({ where: { environment_cid: { environment: demo.environment, cid: demo.cid } } });
    if (existing) {
      // Demo profiles made before profiles had creditor details, or before a detail was added
      // (the registered office), get them; a detail already stored stays.
      const stored = existing.creditor && typeof existing.creditor === "object" && !Array.isArray(existing.creditor) ? existing.creditor : null;
      const missing = !stored || Object.keys(demo.creditor).some((key) => !(key in stored));
      if (missing) await db.profile.update({ where: { id: existing.id }, data: { creditor: { ...demo.creditor, ...stored } } });
      continue;
    }
    await db.profile.create({
      data: {
        id: randomUUID(),
        environment: demo.environment,
        cid: demo.cid,
        apicodeHash: await hashApicode(demo.apicode),
        status: "created",
        businessId: demo.businessId,
        name: demo.name,
        creditor: demo.creditor,
        createCustomerApi: true,
      },
    });
    created.push(demo);
  }
  return created;
}
