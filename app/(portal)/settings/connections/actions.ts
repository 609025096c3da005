"use server";

import { randomUUID } from "node:crypto";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { getDb } from "@/lib/db/client";
import { validatedAction } from "@/lib/portal/actions/validated-action";
import { connectionInputSchema, deleteConnection, saveConnection } from "@/lib/portal/connections/connections";

export const saveConnectionAction = validatedAction(connectionInputSchema, "admin", async (input, user) => {
  const connection = await saveConnection(getDb(), user.organizationId, input, randomUUID());
  revalidatePath("/settings/connections");
  return { id: connection.id };
});

export const deleteConnectionAction = validatedAction(z.object({ connectionId: z.string().min(1) }), "admin", async (input, user) => {
  await deleteConnection(getDb(), { organizationId: user.organizationId, connectionId: input.connectionId });
  revalidatePath("/settings/connections");
  return null;
});
