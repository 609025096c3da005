"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { getDb } from "@/lib/db/client";
import { validatedAction } from "@/lib/portal/actions/validated-action";
import { deleteDraft } from "@/lib/portal/drafts/drafts";

export const deleteDraftAction = validatedAction(z.object({ draftId: z.uuid() }), "clerk", async ({ draftId }, user) => {
  await deleteDraft(getDb(), { organizationId: user.organizationId, userId: user.id, draftId });
  revalidatePath("/drafts");
  return { deleted: draftId };
});
