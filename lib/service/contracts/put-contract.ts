import { randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import type { Db, Prisma } from "../../db/client";
import type { Profile } from "../../db/generated/sqlite/client";
import { today, type Clock } from "../../platform/clock";
import type { ContractRequest, ContractView } from "../../spec/contracts";
import type { Environment } from "../../spec/environments";
import { stated } from "../../spec/problems";
import { ServiceError } from "../errors";
import { emitEvents } from "../events/emit-events";
import { profileClock } from "../lifecycle/profile-clock";

import { contractData, contractsLockKey, contractView } from "./contract-data";
import { contractMessage } from "./contract-message";
import { terminationFor } from "./termination";

interface PutContractInput {
  profile: Profile;
  environment: Environment;
  contractNo: string;
  request: ContractRequest;
  clock: Clock;
}

/**
 * Creates or updates a contract. A member left out keeps its stored value and null clears it, so
 * the principal can agree the term once and later only say that notice was given. When a
 * contract is given notice (terminating) without an end day, the service computes it from the
 * term and reports that in a `contract` event; a change the principal makes itself is not echoed.
 */
export async function putContract(db: Db, input: PutContractInput): Promise<{ contract: ContractView; created: boolean }> {
  const { profile, environment, contractNo, request } = input;
  const clock = profileClock(input.clock, profile, environment);
  const now = clock.now();

  // One transaction: the computed termination and its event are stored together or not at all.
  return db.$transaction(async (tx) => {
    // Two PUTs of a new contract at once would both find none and both insert.
    await lockFor(tx, contractsLockKey(profile.id));
    const existing = await tx.contract.findUnique({ where: { profileId_contractNo: { profileId: profile.id, contractNo } } });
    const stored = existing ? contractData(existing) : {};
    const keep = <T>(given: T | null | undefined, current: T | null | undefined): T | null => (given === undefined ? (current ?? null) : given);

    const term = keep(request.terminationterm, existing?.terminationTerm);
    let terminationDate = keep(request.termination_date, existing?.terminationDate);
    let storedTerm = term;
    let noticeDate = keep(request.noticedate, stored.noticedate);
    let computed = false;

    if (request.contractstatus === "terminating" && request.termination_date == null) {
      if (!term) {
        throw new ServiceError("invalid_request", "A contract given notice needs its end day or a term to compute it from.", {
          problems: [
            {
              field: "termination_date",
              code: "required",
              ...stated("required", { when: " when contractstatus is terminating and no terminationterm is agreed" }),
            },
          ],
        });
      }
      // The notice day is kept, so a retry on a later day computes the same end day.
      noticeDate ??= today(clock, environment.rules.timeZone);
      const termination = terminationFor({ terminationTerm: term, noticeDate }, clock, environment.rules.timeZone);
      if (!termination) {
        throw new ServiceError("invalid_request", "The termination term cannot be computed.", {
          problems: [
            {
              field: "terminationterm",
              code: "invalid",
              message: "must be a term like P14D, P2W, P1M or P1Y (or 14D, 2W, 1M, 1Y) to compute termination_date",
            },
          ],
        });
      }
      terminationDate = termination.termination_date;
      storedTerm = termination.terminationterm;
      computed = existing?.contractStatus !== "terminating" || existing.terminationDate !== terminationDate;
    }

    const data: Prisma.InputJsonValue = {
      ...stored,
      noticedate: noticeDate,
      custnum: keep(request.custnum, stored.custnum),
    } as Prisma.InputJsonValue;
    const columns = {
      contractStatus: request.contractstatus,
      usagePlaceCode: keep(request.usageplacecode, existing?.usagePlaceCode),
      terminationDate,
      terminationTerm: storedTerm,
      data,
      updatedAt: now,
    };
    if (columns.usagePlaceCode) {
      // A usage place is supplied under one contract at a time: an earlier contract's debt must not cut the new occupant's supply.
      await tx.contract.updateMany({
        where: { profileId: profile.id, usagePlaceCode: columns.usagePlaceCode, NOT: { contractNo } },
        data: { usagePlaceCode: null, updatedAt: now },
      });
    }
    const row = existing
      ? await tx.contract.update({ where: { id: existing.id }, data: columns })
      : await tx.contract.create({ data: { id: randomUUID(), profileId: profile.id, contractNo, ...columns } });

    if (computed) {
      await emitEvents(db, tx, [
        { environment: environment.id, profileId: profile.id, jobId: null, type: "contract", message: contractMessage(profile.cid, row), createdAt: now },
      ]);
    }
    return { contract: contractView(row), created: !existing };
  });
}
