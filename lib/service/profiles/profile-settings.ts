import type { Db } from "../../db/client";
import type { ProfileSettings, ProfileSettingsPatch } from "../../spec/profile-settings";
import { asCreditLossModel } from "../lifecycle/credit-loss";

/* A profile's own settings (lib/spec/profile-settings.ts), read and changed by the profile alone. */

const view = (row: { creditLossModel: string }): ProfileSettings => ({ creditlossmodel: asCreditLossModel(row.creditLossModel) });

export async function getProfileSettings(db: Db, profileId: string): Promise<ProfileSettings> {
  return view(await db.profile.findUniqueOrThrow({ where: { id: profileId }, select: { creditLossModel: true } }));
}

export async function patchProfileSettings(db: Db, profileId: string, patch: ProfileSettingsPatch): Promise<ProfileSettings> {
  const row = await db.profile.update({
    where: { id: profileId },
    data: { ...(patch.creditlossmodel ? { creditLossModel: patch.creditlossmodel } : {}) },
    select: { creditLossModel: true },
  });
  return view(row);
}
