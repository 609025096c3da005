import { createHash, randomBytes, randomUUID } from "node:crypto";

import type { Db, Prisma } from "../../db/client";
import { getEnv } from "../../env";
import {
  missingProfileData,
  validateProfileRequest,
  type CreateProfileRequest,
  type CreateProfileResponse,
  type ProfileStatus,
} from "../../spec/create-profile";
import type { Environment } from "../../spec/environments";
import type { Principal } from "../auth/verify-token";
import type { Clock } from "../clock";
import { reserveNumbers } from "../counters";
import { ServiceError } from "../errors";
import { queueMail } from "../mail/queue-mail";

/*
 * POST /profile/createprofile. A partner (a profile with the create_customer_api contract flag)
 * creates a customer profile in its own environment:
 *
 * - every datum a complete profile needs is present → created, onboarding skipped;
 * - something is missing → onboarding: the contact person gets an e-mail with a link to the
 *   onboarding wizard, which collects the rest;
 * - something is missing and allowIncompleteData is true → incomplete: stored for later
 *   completion, no e-mail.
 *
 * Calling again for the same business id (or the same additional_information.profile_uuid) while
 * the profile is not yet created completes it with the new data instead of creating a second one.
 * A created profile has no API access until support issues its apicode (`npm run profile:apicode`),
 * as the specification's Authentication section describes.
 */

const FIRST_CID = 100_001;

export async function createProfile(db: Db, principal: Principal, body: unknown, clock: Clock): Promise<CreateProfileResponse> {
  const partner = principal.profile;
  if (!partner.createCustomerApi) {
    throw new ServiceError("forbidden", "This profile's contract does not include create_customer_api, which creating customer profiles requires.");
  }
  const environment = principal.environment;
  const validated = validateProfileRequest(body, environment.country);
  if (!validated.data) throw new ServiceError("invalid_request", "The profile data is not valid.", { problems: validated.problems });
  const request = validated.data;

  const missing = missingProfileData(request, environment.country);
  const status: ProfileStatus = missing.length === 0 ? "created" : request.allowIncompleteData ? "incomplete" : "onboarding";
  const now = clock.now();

  return db.$transaction(async (tx) => {
    const existing = await findExisting(tx, partner.id, environment, request);
    if (existing && (existing.status === "created" || existing.parentProfileId !== partner.id)) {
      // Another partner's profile is not this partner's to complete, nor to learn the cid of.
      const own = existing.parentProfileId === partner.id ? ` (customerId ${existing.cid})` : "";
      throw new ServiceError("conflict", `A profile for business id ${request.customer_info.business_id} already exists in ${environment.id}${own}.`);
    }
    const invitation = status === "onboarding" ? randomBytes(24).toString("base64url") : null;
    const data = {
      status,
      onboardingTokenHash: invitation ? createHash("sha256").update(invitation).digest("hex") : null,
      businessId: request.customer_info.business_id,
      name: request.customer_info.name ?? null,
      referenceLength: request.settlement_settings?.reference_length ?? null,
      externalId: request.additional_information?.profile_uuid ?? existing?.externalId ?? null,
      onboardingData: request as unknown as Prisma.InputJsonValue,
      missing: missing as unknown as Prisma.InputJsonValue,
    };
    const cid = existing?.cid ?? String(await reserveNumbers(tx, `cid:${environment.id}`, 1, FIRST_CID));
    if (existing) {
      await tx.profile.update({ where: { id: existing.id }, data });
    } else {
      await tx.profile.create({ data: { id: randomUUID(), environment: environment.id, cid, parentProfileId: partner.id, ...data } });
    }

    if (invitation) {
      await queueMail(tx, {
        environment: environment.id,
        to: request.contact_person.email,
        subject: "Complete your invoicing service profile",
        text: onboardingMail(request, environment, missing, `${getEnv().PUBLIC_BASE_URL}/onboarding/${invitation}`),
        now,
      });
    }
    return { customerId: cid, status, message: messageFor(status, request, missing), missing };
  });
}

async function findExisting(tx: Prisma.TransactionClient, partnerId: string, environment: Environment, request: CreateProfileRequest) {
  const externalId = request.additional_information?.profile_uuid;
  if (externalId) {
    const byExternalId = await tx.profile.findUnique({ where: { parentProfileId_externalId: { parentProfileId: partnerId, externalId } } });
    if (byExternalId) {
      if (byExternalId.businessId !== request.customer_info.business_id) {
        throw new ServiceError(
          "conflict",
          `profile_uuid ${externalId} belongs to business id ${byExternalId.businessId}; a business id cannot be changed afterwards.`,
        );
      }
      return byExternalId;
    }
  }
  return tx.profile.findFirst({
    where: { environment: environment.id, businessId: request.customer_info.business_id },
    orderBy: { createdAt: "asc" },
  });
}

function messageFor(status: ProfileStatus, request: CreateProfileRequest, missing: string[]): string {
  switch (status) {
    case "created":
      return "Profile created; every required datum was supplied, so onboarding was skipped. Support issues the profile's apicode.";
    case "onboarding":
      return `Onboarding started: a link to the onboarding wizard was sent to ${request.contact_person.email}. The wizard collects: ${missing.join(", ")}.`;
    case "incomplete":
      return `Profile stored for later completion (allowIncompleteData). Still missing: ${missing.join(", ")}.`;
  }
}

function onboardingMail(request: CreateProfileRequest, environment: Environment, missing: string[], link: string): string {
  return [
    `Hello${request.contact_person.name ? ` ${request.contact_person.name}` : ""},`,
    "",
    `an invoicing service profile was started for business id ${request.customer_info.business_id}${request.customer_info.name ? ` (${request.customer_info.name})` : ""} in ${environment.rules.name}.`,
    "To complete it, open the onboarding wizard:",
    "",
    link,
    "",
    "The wizard asks for:",
    ...missing.map((path) => `- ${path}`),
    "",
    "If you did not expect this message, you can ignore it.",
  ].join("\n");
}
