import { randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import type { Db, Prisma, Tx } from "../../db/client";
import type { Contract } from "../../db/generated/sqlite/client";
import type { Clock } from "../../platform/clock";
import type { TelecomReport, TelecomSubscriptionView } from "../../spec/contracts";
import type { Environment } from "../../spec/environments";
import { profileClock } from "../lifecycle/profile-clock";

import { contractsLockKey, nextUpdatedAt, TELECOM_PREFIX } from "./contract-data";

/*
 * A telecom subscription of the principal's customer, kept as a Contract row under a prefix no
 * contract number can take (the schema has no table of its own for them). It holds what the
 * principal last reported and what the service last recommended, so a recommendation is made once
 * per debt episode.
 */

export interface TelecomData {
  customernumber: string;
  reported: { state: "disconnected" | "reconnected"; time: string; reason: string | null } | null;
  /** silent: the principal had cut the subscription already, so no telecomdisconnect was sent. */
  recommendation: { state: "telecomdisconnect" | "telecomreconnect"; time: string; jobids: number[]; episode: number; silent?: boolean } | null;
}

const telecomContractNo = (customernumber: string) => `${TELECOM_PREFIX}${customernumber}`;

export function telecomData(row: Pick<Contract, "data" | "contractNo">): TelecomData {
  const data = (row.data ?? {}) as Partial<TelecomData>;
  return {
    customernumber: data.customernumber ?? row.contractNo.slice(TELECOM_PREFIX.length),
    reported: data.reported ?? null,
    recommendation: data.recommendation ?? null,
  };
}

function telecomView(data: TelecomData): TelecomSubscriptionView {
  const { customernumber, reported, recommendation } = data;
  const sent = recommendation && !recommendation.silent ? recommendation : null;
  return { customernumber, reported, recommendation: sent && { state: sent.state, time: sent.time, jobids: sent.jobids } };
}

export async function writeTelecom(tx: Tx, profileId: string, existing: Contract | null, data: TelecomData, now: Date): Promise<Contract> {
  const json = data as unknown as Prisma.InputJsonValue;
  const status = data.reported?.state ?? "active";
  if (existing) return tx.contract.update({ where: { id: existing.id }, data: { data: json, contractStatus: status, updatedAt: now } });
  return tx.contract.create({
    data: { id: randomUUID(), profileId, contractNo: telecomContractNo(data.customernumber), contractStatus: status, data: json, updatedAt: now },
  });
}

/**
 * The principal reports that it disconnected or reconnected a subscription. The report is a fact
 * the service records (and shows on the subscription); it is not echoed as an event. A reported
 * disconnection while telecom debt is in collection stands in for the service's own
 * recommendation of that episode (evaluate-telecom-disconnects.ts): nobody needs to be told to cut
 * what is cut, but the reconnect recommendation still follows when the debt is paid.
 */
export async function reportTelecom(
  db: Db,
  input: {
    profile: { id: string; clockOffsetSeconds: number };
    environment: Environment;
    report: TelecomReport;
    state: "disconnected" | "reconnected";
    clock: Clock;
  },
): Promise<TelecomSubscriptionView> {
  const now = profileClock(input.clock, input.profile, input.environment).now();
  const { customernumber, time, reason } = input.report;
  // One transaction per subscription row, so a report and a sweep never overwrite each other's half.
  return db.$transaction(async (tx) => {
    await lockFor(tx, contractsLockKey(input.profile.id));
    const existing = await tx.contract.findUnique({
      where: { profileId_contractNo: { profileId: input.profile.id, contractNo: telecomContractNo(customernumber) } },
    });
    const data = existing ? telecomData(existing) : { customernumber, reported: null, recommendation: null };
    const next: TelecomData = {
      ...data,
      reported: { state: input.state, time: time ? new Date(time).toISOString() : now.toISOString(), reason: reason ?? null },
    };
    const updatedAt = existing ? nextUpdatedAt(existing, now) : now;
    await writeTelecom(tx, input.profile.id, existing, next, updatedAt);
    return telecomView(next);
  });
}
