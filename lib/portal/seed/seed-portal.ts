import { randomBytes, randomUUID } from "node:crypto";

import type { Db } from "../../db/client";
import { getEnv, isLoopbackUrl } from "../../env";
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

interface SeedOutcome {
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
        await tx.portalUser.create({
          data: { id: randomUUID(), organizationId, email: user.email, name: user.name, role: user.role, passwordHash: user.passwordHash },
        });
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
    await tx.portalUser.create({
      data: { id: randomUUID(), organizationId, email: env.PORTAL_ADMIN_EMAIL.toLowerCase(), name: "Administrator", role: "admin", passwordHash },
    });
  });
  return { seeded: "admin", generatedPassword };
}

/**
 * The demo connections reach the embedded service at the app's own address. Started again on
 * another port (`PORT=3999 npm start`), they follow it: a demo connection still naming another
 * local address is pointed at this one, and its receiver is registered again (by the portal's
 * registration loop) so events come to where the portal now listens. Connections an admin added,
 * or that name a remote service, are never touched.
 */
export async function followAppAddress(db: Db): Promise<number> {
  const env = getEnv();
  if (!env.DEMO_DATA) return 0;
  const origin = new URL(env.PUBLIC_BASE_URL).origin;
  const demo = await db.portalOrganization.findFirst({ where: { name: "Demo Oy" }, select: { id: true } });
  if (!demo) return 0;
  const connections = await db.portalConnection.findMany({
    where: { organizationId: demo.id },
    select: { id: true, environment: true, cid: true, baseUrl: true },
  });
  let moved = 0;
  for (const connection of connections) {
    const seeded = DEMO_CONNECTIONS.some((item) => item.environment === connection.environment && item.cid === connection.cid);
    const wanted = `${env.PUBLIC_BASE_URL}/${connection.environment}/rest`;
    if (!seeded || connection.baseUrl === wanted || !isLoopbackUrl(connection.baseUrl) || new URL(connection.baseUrl).origin === origin) continue;
    if (connection.baseUrl !== `${new URL(connection.baseUrl).origin}/${connection.environment}/rest`) continue;
    // Only if no one changed it in between (another instance starting at the same moment).
    const updated = await db.portalConnection.updateMany({
      where: { id: connection.id, baseUrl: connection.baseUrl },
      data: { baseUrl: wanted, receiverRegisteredAt: null, receiverError: null },
    });
    moved += updated.count;
  }
  return moved;
}
