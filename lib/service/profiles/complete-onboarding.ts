import { createHash } from "node:crypto";

import type { Db, Prisma } from "../../db/client";
import { openPersonalIds, sealPersonalIds } from "../../platform/personal-ids";
import { missingProfileData, validateProfileRequest, type CreateProfileRequest } from "../../spec/create-profile";
import { environment as environmentById, isEnvironmentId, type Environment } from "../../spec/environments";
import { pathOf } from "../../spec/minimum-data";
import type { FieldProblem } from "../../spec/problems";
import { creditorFromProfileRequest } from "../documents/creditor";

import { oweApikey } from "./apikey-receivers";

/*
 * The onboarding wizard behind the link createprofile e-mails to the contact person: it collects
 * what the profile still lacks. The link's token is the only credential; it is stored as a hash
 * and stops working when the profile is complete.
 */

export interface OnboardingProfile {
  id: string;
  cid: string;
  businessId: string;
  name: string | null;
  environment: Environment;
  status: string;
  missing: string[];
  data: CreateProfileRequest;
}

type OnboardingOutcome =
  { ok: true; status: "created" | "onboarding"; missing: string[] } | { ok: false; problems: FieldProblem[] } | { ok: false; expired: true };

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export async function findOnboarding(db: Db, token: string): Promise<OnboardingProfile | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const profile = await db.profile.findUnique({ where: { onboardingTokenHash: hashOf(token) } });
  if (!profile || profile.status !== "onboarding" || !isEnvironmentId(profile.environment)) return null;
  return {
    id: profile.id,
    cid: profile.cid,
    businessId: profile.businessId,
    name: profile.name,
    environment: environmentById(profile.environment),
    status: profile.status,
    missing: (profile.missing as string[] | null) ?? [],
    data: openPersonalIds(profile.onboardingData as object) as unknown as CreateProfileRequest,
  };
}

/** A member path written one way: "a..b" and "a.b" are the same member. */
const canonical = (path: string) => pathOf(path).join(".");

/** Sets a value at a dotted path ("settlement_settings.bank_account_number") of a copy of `target`. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = pathOf(path).map(String);
  const copy = { ...target };
  if (!head) return copy;
  if (rest.length === 0) copy[head] = value;
  else copy[head] = setPath((copy[head] as Record<string, unknown> | undefined) ?? {}, rest.join("."), value);
  return copy;
}

/**
 * Saves what the wizard collected. `values` are members by path; an empty value leaves the member
 * as it was. The business id cannot be changed. When nothing is missing any more the profile is
 * created and the link stops working.
 */
export async function completeOnboarding(db: Db, token: string, values: Record<string, unknown>): Promise<OnboardingOutcome> {
  const profile = await findOnboarding(db, token);
  if (!profile) return { ok: false, expired: true };

  // Only the members the wizard asks for are taken; "a or b" in missing asks for both.
  const asked = new Set(profile.missing.flatMap((entry) => entry.split(" or ")).map(canonical));
  let merged: Record<string, unknown> = profile.data as unknown as Record<string, unknown>;
  for (const [path, value] of Object.entries(values)) {
    if (!asked.has(canonical(path))) continue;
    if (value === "" || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    merged = setPath(merged, canonical(path), value);
  }
  const parsed = validateProfileRequest(merged, profile.environment.country);
  if (!parsed.data) return { ok: false, problems: parsed.problems };

  const missing = missingProfileData(parsed.data, profile.environment.country);
  const status = missing.length === 0 ? "created" : "onboarding";
  // The status check in the where clause makes a double submit of the last step harmless; a
  // profile complete now owes its apicode to its partner's receiver in the same transaction.
  const updated = await db.$transaction(async (tx) => {
    const written = await tx.profile.updateMany({
      where: { id: profile.id, status: "onboarding" },
      data: {
        status,
        name: parsed.data.customer_info.name ?? profile.name,
        referenceLength: parsed.data.settlement_settings?.reference_length ?? null,
        onboardingData: sealPersonalIds(parsed.data) as unknown as Prisma.InputJsonValue,
        creditor: (creditorFromProfileRequest(parsed.data, profile.environment.country) ?? undefined) as Prisma.InputJsonValue | undefined,
        missing: missing as unknown as Prisma.InputJsonValue,
        onboardingTokenHash: status === "created" ? null : hashOf(token),
      },
    });
    if (written.count > 0 && status === "created") {
      const row = await tx.profile.findUniqueOrThrow({ where: { id: profile.id }, select: { id: true, parentProfileId: true } });
      await oweApikey(tx, row, new Date());
    }
    return written;
  });
  if (updated.count === 0) return { ok: false, expired: true };
  return { ok: true, status, missing };
}
