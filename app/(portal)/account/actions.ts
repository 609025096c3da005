"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { getDb } from "@/lib/db/client";
import { changePassword } from "@/lib/portal/account/change-password";
import { changePasswordSchema } from "@/lib/portal/account/change-password-schema";
import { validatedAction } from "@/lib/portal/actions/validated-action";
import { keepThisSession } from "@/lib/portal/auth/session-cookie";
import { localeSchema } from "@/lib/portal/i18n/locale";

/** A user's own language; every role may choose it. */
export const setLocaleAction = validatedAction(z.object({ locale: localeSchema }), "viewer", async (input, user) => {
  await getDb().portalUser.update({ where: { id: user.id }, data: { locale: input.locale } });
  revalidatePath("/", "layout");
  return input.locale;
});

/** Every user changes their own password; nobody else's. The user's other sessions end; this one stays. */
export const changePasswordAction = validatedAction(changePasswordSchema, "viewer", async (input, user) => {
  await keepThisSession(user.id, await changePassword(getDb(), user.id, input));
  return null;
});
