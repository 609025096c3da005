import { randomUUID } from "node:crypto";

import type { Db } from "../../db/client";
import { ENVIRONMENTS, type EnvironmentId } from "../../spec/environments";
import { hashApicode } from "../auth/apicode";

/*
 * Every test environment gets a demo profile on first start, so a developer can take a token and
 * post a job within a minute of cloning. The credentials are public (README); they exist only in
 * test environments, and only when DEMO_DATA is on.
 */

export interface DemoProfile {
  environment: EnvironmentId;
  cid: string;
  apicode: string;
  businessId: string;
  name: string;
}

const DEMO_BUSINESS = {
  FIN: { businessId: "2617416-4", name: "Demo Oy" },
  SWE: { businessId: "556703-7485", name: "Demo AB" },
  NOR: { businessId: "988077917", name: "Demo AS" },
} as const;

export const DEMO_PROFILES: readonly DemoProfile[] = ENVIRONMENTS.filter((environment) => environment.isTest).map((environment) => {
  const slug = environment.country.toLowerCase();
  return {
    environment: environment.id,
    cid: `demo-${slug}`,
    apicode: `demo-${slug}-apicode`,
    ...DEMO_BUSINESS[environment.country],
  };
});

/** Creates the demo profiles that do not exist yet; returns those it created. */
export async function seedDemoProfiles(db: Db): Promise<DemoProfile[]> {
  const created: DemoProfile[] = [];
  for (const demo of DEMO_PROFILES) {
    const existing = await db.profile.findUnique({ where: { environment_cid: { environment: demo.environment, cid: demo.cid } } });
    if (existing) continue;
    await db.profile.create({
      data: {
        id: randomUUID(),
        environment: demo.environment,
        cid: demo.cid,
        apicodeHash: await hashApicode(demo.apicode),
        status: "created",
        businessId: demo.businessId,
        name: demo.name,
        createCustomerApi: true,
      },
    });
    created.push(demo);
  }
  return created;
}
