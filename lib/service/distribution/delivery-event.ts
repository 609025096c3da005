import type { EnvironmentId } from "../../spec/environments";
import type { NewEvent } from "../events/emit-events";

import type { DeliveryProblem } from "./channel-result";

/*
 * The delivery event of a dispatch: delivered, or error with what went wrong. It names the case
 * as every message does (jobid, invoicenumber, documentid) and the channel it went by.
 */

interface DeliveryEventInput {
  environment: EnvironmentId;
  profileId: string;
  cid: string;
  job: { id: number; billnum: string | null; ownref: string | null };
  distributionChannel: string;
  status: "delivered" | "error";
  at: Date;
  description: string;
  notes: readonly string[];
  errors: readonly DeliveryProblem[];
  createdAt: Date;
}

export function deliveryEvent(input: DeliveryEventInput): NewEvent {
  return {
    environment: input.environment,
    profileId: input.profileId,
    jobId: input.job.id,
    type: "delivery",
    createdAt: input.createdAt,
    message: {
      jobid: input.job.id,
      cid: input.cid,
      distributionchannel: input.distributionChannel,
      documentid: input.job.ownref,
      invoicenumber: input.job.billnum,
      status: input.status,
      statustime: input.at.toISOString(),
      description: input.description,
      notes: input.notes.map((note) => ({ note })),
      errors: input.errors.map((error) => ({ code: error.code, field: error.field ?? null, message: error.message })),
    },
  };
}

/**
 * A sending that went and came back refused (an operator's negative acknowledgement, the post's
 * return): its error event, at the time the refusal arrived.
 */
export function deliveryRefusedEvent(
  context: { environment: { id: EnvironmentId }; profile: { id: string; cid: string } },
  job: DeliveryEventInput["job"],
  refusal: { distributionChannel: string; at: Date; description: string; error: DeliveryProblem },
): NewEvent {
  return deliveryEvent({
    environment: context.environment.id,
    profileId: context.profile.id,
    cid: context.profile.cid,
    job,
    distributionChannel: refusal.distributionChannel,
    status: "error",
    at: refusal.at,
    description: refusal.description,
    notes: [],
    errors: [refusal.error],
    createdAt: refusal.at,
  });
}
