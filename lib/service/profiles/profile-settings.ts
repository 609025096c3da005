import type { Db } from "../../db/client";
import { fromCents } from "../../payment-data/amounts";
import type { ProfileSettings, ProfileSettingsPatch } from "../../spec/profile-settings";
import { asCreditLossModel } from "../lifecycle/credit-loss";

/* A profile's own settings (lib/spec/profile-settings.ts), read and changed by the profile alone. */

const SELECT = {
  creditLossModel: true,
  onlineExtensionDays: true,
  onlineDisputes: true,
  onlinePlanInstalments: true,
  creditLimit: true,
  receiverProposalSwitch: true,
  dueDateAgreed: true,
} as const;

const view = (row: {
  creditLossModel: string;
  onlineExtensionDays: number;
  onlineDisputes: boolean;
  onlinePlanInstalments: number;
  creditLimit: bigint;
  receiverProposalSwitch: boolean;
  dueDateAgreed: boolean;
}): ProfileSettings => ({
  creditlossmodel: asCreditLossModel(row.creditLossModel),
  onlineextensiondays: row.onlineExtensionDays,
  onlinedisputes: row.onlineDisputes,
  onlineplaninstalments: row.onlinePlanInstalments,
  creditlimit: fromCents(row.creditLimit),
  receiverproposalswitch: row.receiverProposalSwitch,
  duedateagreed: row.dueDateAgreed,
});

export async function getProfileSettings(db: Db, profileId: string): Promise<ProfileSettings> {
  return view(await db.profile.findUniqueOrThrow({ where: { id: profileId }, select: SELECT }));
}

export async function patchProfileSettings(db: Db, profileId: string, patch: ProfileSettingsPatch): Promise<ProfileSettings> {
  const row = await db.profile.update({
    where: { id: profileId },
    data: {
      ...(patch.creditlossmodel ? { creditLossModel: patch.creditlossmodel } : {}),
      ...(patch.onlineextensiondays !== undefined ? { onlineExtensionDays: patch.onlineextensiondays } : {}),
      ...(patch.onlinedisputes !== undefined ? { onlineDisputes: patch.onlinedisputes } : {}),
      ...(patch.onlineplaninstalments !== undefined ? { onlinePlanInstalments: patch.onlineplaninstalments } : {}),
      ...(patch.creditlimit !== undefined ? { creditLimit: patch.creditlimit } : {}),
      ...(patch.receiverproposalswitch !== undefined ? { receiverProposalSwitch: patch.receiverproposalswitch } : {}),
      ...(patch.duedateagreed !== undefined ? { dueDateAgreed: patch.duedateagreed } : {}),
    },
    select: SELECT,
  });
  return view(row);
}
