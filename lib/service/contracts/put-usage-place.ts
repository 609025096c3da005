import { randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import type { Db, Prisma } from "../../db/client";
import type { Profile } from "../../db/generated/sqlite/client";
import type { Clock } from "../../platform/clock";
import type { UsagePlaceRequest, UsagePlaceView } from "../../spec/contracts";
import type { Environment } from "../../spec/environments";
import { profileClock } from "../lifecycle/profile-clock";

import { contractData, contractsLockKey, usagePlaceView } from "./contract-data";

interface PutUsagePlaceInput {
  profile: Profile;
  environment: Environment;
  usagePlaceCode: string;
  request: UsagePlaceRequest;
  clock: Clock;
}

/**
 * Registers a usage place (place of use, metering point) under the energy contract that supplies
 * it. The place is kept on that contract's row; a contract the service has not seen yet is created
 * active. Registering a place puts it under the disconnection recommendations: invoices naming the
 * contract in usageplaces[].energycontract[] are then watched.
 */
export async function putUsagePlace(db: Db, input: PutUsagePlaceInput): Promise<{ usagePlace: UsagePlaceView; created: boolean }> {
  const { profile, usagePlaceCode, request } = input;
  const now = profileClock(input.clock, profile, input.environment).now();
  // One transaction: the place moves from its former contract to the new one without a moment on both or neither.
  return db.$transaction(async (tx) => {
    await lockFor(tx, contractsLockKey(profile.id));
    const before = await tx.contract.findFirst({ where: { profileId: profile.id, usagePlaceCode }, select: { id: true } });
    await tx.contract.updateMany({
      where: { profileId: profile.id, usagePlaceCode, NOT: { contractNo: request.contract_no } },
      data: { usagePlaceCode: null, updatedAt: now },
    });
    const existing = await tx.contract.findUnique({ where: { profileId_contractNo: { profileId: profile.id, contractNo: request.contract_no } } });
    const data = { ...(existing ? contractData(existing) : {}), usagePlace: { address: request.address ?? null } } as Prisma.InputJsonValue;
    const row = existing
      ? await tx.contract.update({ where: { id: existing.id }, data: { usagePlaceCode, data, updatedAt: now } })
      : await tx.contract.create({
          data: { id: randomUUID(), profileId: profile.id, contractNo: request.contract_no, contractStatus: "active", usagePlaceCode, data, updatedAt: now },
        });
    return { usagePlace: usagePlaceView(row), created: before === null };
  });
}
