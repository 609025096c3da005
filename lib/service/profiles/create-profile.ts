import { createHash, randomBytes, randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import type { Db, Prisma } from "../../db/client";
import { getEnv } from "../../env";
import type { Clock } from "../../platform/clock";
import { openPersonalIds, sealPersonalIds } from "../../platform/personal-ids";
import {
  mergeProfileRequests,
  missingInWords,
  missingProfileData,
  validateProfileRequest,
  type CreateProfileRequest,
  type CreateProfileResponse,
  type ProfileStatus,
} from "../../spec/create-profile";
import type { Environment } from "../../spec/environments";
import { memberInWords, ONBOARDING_TEXTS } from "../../spec/onboarding-texts";
import { profileLanguageOf, type ProfileWordLanguage } from "../../spec/profile-words";
import type { Principal } from "../auth/verify-token";
import { reserveNumbers } from "../counters";
import { creditorFromProfileRequest } from "../documents/creditor";
import { ServiceError } from "../errors";
import { queueMail } from "../mail/queue-mail";

import { oweApikey } from "./apikey-receivers";

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
 * the profile is not yet created completes it: the new members go over the stored ones.
 * A created profile has no API access until its apicode is issued: delivered to the partner's
 * apicode receiver when it has one (PUT /profile/apikeyreceiver, apikey-delivery.ts), else by
 * support (`npm run profile:apicode`), as the specification's Authentication section describes.
 */

const FIRST_CID = 100_001;

export async function createProfile(db: Db, principal: Principal, body: unknown, clock: Clock): Promise<CreateProfileResponse> {
  const partner = principal.profile;
  if (!partner.createCustomerApi) {
    throw new ServiceError("forbidden", "This profile's contract does not include create_customer_api, which creating customer profiles requires.");
  }
  const environment = principal.environment;
  // The request on its own first: a bad body is refused before anything is locked or read.
  const alone = validateProfileRequest(body, environment.country);
  if (!alone.data) throw new ServiceError("invalid_request", "The profile data is not valid.", { problems: alone.problems });
  const businessId = alone.data.customer_info.business_id;
  const now = clock.now();

  return db.$transaction(async (tx) => {
    // Two calls for one business id must not both find nothing and both create a profile.
    await lockFor(tx, `createprofile:${environment.id}:${partner.id}:${businessId}`);
    const existing = await findExisting(tx, partner.id, environment, alone.data);
    if (existing?.status === "created") {
      throw new ServiceError(
        "conflict",
        `This partner's profile for business id ${businessId} already exists in ${environment.id} (customerId ${existing.cid}).`,
      );
    }
    // Calling again completes the stored profile: what this call sends goes over what was stored.
    let request = alone.data;
    if (existing?.onboardingData) {
      const merged = validateProfileRequest(mergeProfileRequests(openPersonalIds(existing.onboardingData as object), body), environment.country);
      if (!merged.data)
        throw new ServiceError("invalid_request", "The profile data is not valid together with what was stored.", { problems: merged.problems });
      request = merged.data;
    }
    const missing = missingProfileData(request, environment.country);
    const status: ProfileStatus = missing.length === 0 ? "created" : request.allowIncompleteData ? "incomplete" : "onboarding";
    // The contact person gets one link; a profile already in onboarding keeps the one it has.
    const invitation = status === "onboarding" && !existing?.onboardingTokenHash ? randomBytes(24).toString("base64url") : null;
    const data = {
      status,
      onboardingTokenHash: status !== "onboarding" ? null : invitation ? createHash("sha256").update(invitation).digest("hex") : existing!.onboardingTokenHash,
      businessId,
      name: request.customer_info.name ?? null,
      referenceLength: request.settlement_settings?.reference_length ?? null,
      externalId: request.additional_information?.profile_uuid ?? existing?.externalId ?? null,
      onboardingData: sealPersonalIds(request) as unknown as Prisma.InputJsonValue,
      missing: missing as unknown as Prisma.InputJsonValue,
      creditor: (creditorFromProfileRequest(request, environment.country) ?? undefined) as Prisma.InputJsonValue | undefined,
    };
    const cid = existing?.cid ?? String(await reserveNumbers(tx, `cid:${environment.id}`, 1, FIRST_CID));
    const id = existing?.id ?? randomUUID();
    if (existing) {
      await tx.profile.update({ where: { id }, data });
    } else {
      await tx.profile.create({ data: { id, environment: environment.id, cid, parentProfileId: partner.id, ...data } });
    }
    // Complete now: its apicode goes to the partner's receiver, if it has one (apikey-receivers.ts).
    const delivered = status === "created" && (await oweApikey(tx, { id, parentProfileId: partner.id }, now));

    if (invitation) {
      // In the customer's language: the contact person, not the partner, reads it.
      const language = profileLanguageOf(request.customer_info.language, environment.country);
      await queueMail(tx, {
        environment: environment.id,
        to: request.contact_person.email,
        subject: ONBOARDING_TEXTS[language].mailSubject,
        text: onboardingMail(request, environment, missing, `${getEnv().PUBLIC_BASE_URL}/onboarding/${invitation}`, language),
        now,
      });
    }
    return { customerId: cid, status, message: messageFor(status, request, missing, delivered), missing };
  });
}

/**
 * The partner's own earlier profile for this customer: by its profile_uuid, or by the business id.
 * Profiles other partners (or support) made are not looked at: a partner neither completes nor
 * learns of them, and a customer may be onboarded by more than one partner.
 */
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
  return tx.profile.findFirst({ where: { environment: environment.id, parentProfileId: partnerId, businessId: request.customer_info.business_id } });
}

function messageFor(status: ProfileStatus, request: CreateProfileRequest, missing: string[], apikeyDelivered: boolean): string {
  switch (status) {
    case "created":
      return apikeyDelivered
        ? "Profile created; every required datum was supplied, so onboarding was skipped. Its apicode will be delivered to this partner's apicode receiver."
        : "Profile created; every required datum was supplied, so onboarding was skipped. Support issues the profile's apicode.";
    case "onboarding":
      return `Onboarding started: a link to the onboarding wizard was sent to ${request.contact_person.email}. The wizard collects: ${missing.map(missingInWords).join(", ")}.`;
    case "incomplete":
      return `Profile stored for later completion (allowIncompleteData). Still missing: ${missing.map(missingInWords).join(", ")}.`;
  }
}

function onboardingMail(request: CreateProfileRequest, environment: Environment, missing: string[], link: string, language: ProfileWordLanguage): string {
  const texts = ONBOARDING_TEXTS[language].mail;
  const where = ONBOARDING_TEXTS[language].where(environment.country, environment.isTest);
  return [
    texts.hello(request.contact_person.name ?? null),
    "",
    texts.started(request.customer_info.business_id, request.customer_info.name ?? null, where),
    texts.open,
    "",
    link,
    "",
    texts.asks,
    ...missing.map((path) => `- ${memberInWords(language, path)}`),
    "",
    texts.ignore,
  ].join("\n");
}
