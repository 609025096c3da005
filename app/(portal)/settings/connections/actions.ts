"use server";

import { randomUUID } from "node:crypto";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { getDb } from "@/lib/db/client";
import { ActionError } from "@/lib/portal/actions/action-error";
import { validatedAction } from "@/lib/portal/actions/validated-action";
import { checkConnectionAddress, connectionInputSchema, deleteConnection, saveConnection, verifyConnection } from "@/lib/portal/connections/connections";
import { keyed } from "@/lib/portal/i18n/messages";

export const saveConnectionAction = validatedAction(connectionInputSchema, "admin", async (input, user) => {
  // The address is judged first (saveConnection), so nothing is fetched from one it refuses.
  await checkConnectionAddress(input);
  const refused = await verifyConnection(input);
  if (refused) throw new ActionError(keyed("connectionNotAccepted"), refused);
  const connection = await saveConnection(getDb(), user.organizationId, input, randomUUID());
  revalidatePath("/settings/connections");
  return { id: connection.id };
});

export const deleteConnectionAction = validatedAction(z.object({ connectionId: z.string().min(1) }), "admin", async (input, user) => {
  await deleteConnection(getDb(), { organizationId: user.organizationId, connectionId: input.connectionId });
  revalidatePath("/settings/connections");
  return null;
});
