import { randomUUID } from "node:crypto";

import type { Prisma, Tx } from "@/lib/db/client";
import type { CreateProfileResponse } from "@/lib/spec/create-profile";

import { redactProfileRequest, type CreateProfileBody } from "./build-profile-request";

/*
 * The portal's own record of a createprofile it sent and the answer it got: what the list of
 * onboarded profiles shows. The service's tables are not the portal's to read, so this row is all
 * the portal knows of the profile until it is sent again.
 */

export async function recordOnboarding(
  db: Tx,
  input: { organizationId: string; connectionId: string; request: CreateProfileBody; response: CreateProfileResponse },
): Promise<{ id: string; createdAt: Date }> {
  const { request, response } = input;
  const info = request.customer_info as { business_id: string; name?: string | null };
  const row = await db.portalOnboarding.create({
    data: {
      id: randomUUID(),
      organizationId: input.organizationId,
      connectionId: input.connectionId,
      businessId: info.business_id,
      name: typeof info.name === "string" ? info.name : null,
      contactEmail: (request.contact_person as { email: string }).email,
      request: redactProfileRequest(request) as Prisma.InputJsonValue,
      customerId: response.customerId,
      status: response.status,
      message: response.message,
    },
    select: { id: true, createdAt: true },
  });
  return row;
}
