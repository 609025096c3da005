import { randomBytes, randomUUID } from "node:crypto";

import type { Db } from "../../db/client";
import { getEnv } from "../../env";
import { seal } from "../../platform/secrets";
import type { EnvironmentId } from "../../spec/environments";
import { hashPassword } from "../auth/passwords";
import type { Role } from "../auth/roles";

/*
 * The portal's first start. With demo data: the organization "Demo Oy" with an admin, a clerk and
 * a viewer, connected to the embedded service's three test environments as the demo profiles. In
 * production: one organization and its first admin (PORTAL_ADMIN_EMAIL; the password from
 * PORTAL_ADMIN_PASSWORD, or generated and printed once), who adds the connections.
 */

export const DEMO_USERS: readonly { email: string; password: string; name: string; role: Role }[] = [
  { email: "admin@demo.example", password: "demo-admin-password", name: "Aino Admin", role: "admin" },
  { email: "clerk@demo.example", password: "demo-clerk-password", name: "Kalle Clerk", role: "clerk" },
  { email: "viewer@demo.example", password: "demo-viewer-password", name: "Ville Viewer", role: "viewer" },
];

const DEMO_CONNECTIONS: readonly { environment: EnvironmentId; label: string; cid: string; apicode: string }[] = [
  { environment: "fin-test", label: "Demo Oy · Finland test", cid: "demo-fin", apicode: "demo-fin-apicode" },
  { environment: "swe-test", label: "Demo AB · Sweden test", cid: "demo-swe", apicode: "demo-swe-apicode" },
  { environment: "nor-test", label: "Demo AS · Norway test", cid: "demo-nor", apicode: "demo-nor-apicode" },
];

export interface SeedOutcome {
  seeded: "demo" | "admin" | null;
  /** Only when it was generated now: shown once, stored nowhere in the clear. */
  generatedPassword?: string;
}

export async function seedPortal(db: Db): Promise<SeedOutcome> {
  const env = getEnv();
  if ((await db.portalOrganization.count()) > 0) return { seeded: null };
  const organizationId = randomUUID();

  if (env.DEMO_DATA) {
    const users = await Promise.all(DEMO_USERS.map(async (user) => ({ ...user, passwordHash: await hashPassword(user.password) })));
    // Two app instances starting at once: the unique e-mail lets only one seed win.
    await db.$transaction(async (tx) => {
      await tx.portalOrganization.create({ data: { id: organizationId, name: "Demo Oy" } });
      for (const user of users) {
        await tx.portalUser.create({ data: { id: randomUUID(), organizationId, email: user.email, name: user.name, role: user.role, passwordHash: user.passwordHash } });
      }
      for (const connection of DEMO_CONNECTIONS) {
        await tx.portalConnection.create({
          data: {
            id: randomUUID(),
            organizationId,
            environment: connection.environment,
            label: connection.label,
            baseUrl: `${env.PUBLIC_BASE_URL}/${connection.environment}/rest`,
            cid: connection.cid,
            apicodeEncrypted: seal(connection.apicode),
          },
        });
      }
    });
    return { seeded: "demo" };
  }

  const generatedPassword = env.PORTAL_ADMIN_PASSWORD ? undefined : randomBytes(18).toString("base64url");
  const passwordHash = await hashPassword(env.PORTAL_ADMIN_PASSWORD ?? generatedPassword!);
  await db.$transaction(async (tx) => {
    await tx.portalOrganization.create({ data: { id: organizationId, name: "My organization" } });
    await tx.portalUser.create({ data: { id: randomUUID(), organizationId, email: env.PORTAL_ADMIN_EMAIL.toLowerCase(), name: "Administrator", role: "admin", passwordHash } });
  });
  return { seeded: "admin", generatedPassword };
}
