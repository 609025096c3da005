import type { Contract } from "../../db/generated/sqlite/client";
import type { ContractView, UsagePlaceView } from "../../spec/contracts";

/*
 * What a Contract row keeps in its `data` document: the members the table has no column for, the
 * usage place it supplies, and the state of the disconnection recommendations, so each debt
 * episode is reported once.
 */

interface PlaceAddress {
  address?: string | null;
  city?: string | null;
  addresscountry?: string | null;
  postcode?: string | null;
  sitecode?: string | null;
}

export interface DisconnectionState {
  /** The last recommendation: disconnect while the debt episode lasts, reconnect after it. */
  state: "disconnect" | "reconnect";
  /** Business day of the recommendation. */
  since: string;
  disconnectiondate: string | null;
  /** The invoices of the episode; it ends when every one of them is settled. */
  jobids: number[];
  episode: number;
  /** When the episode's warnings were first queued (ISO time): its warnings are the cut-off dispatches since. */
  warnedAt?: string;
}

export interface ContractData {
  noticedate?: string | null;
  custnum?: string | null;
  usagePlace?: { address: PlaceAddress | null } | null;
  disconnection?: DisconnectionState | null;
}

export function contractData(row: Pick<Contract, "data">): ContractData {
  const data = row.data;
  return data && typeof data === "object" && !Array.isArray(data) ? (data as ContractData) : {};
}

export function contractView(row: Contract): ContractView {
  const data = contractData(row);
  return {
    contract_no: row.contractNo,
    contractstatus: row.contractStatus,
    usageplacecode: row.usagePlaceCode,
    termination_date: row.terminationDate,
    terminationterm: row.terminationTerm,
    noticedate: data.noticedate ?? null,
    custnum: data.custnum ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

function placeAddress(address: PlaceAddress | null) {
  if (!address) return null;
  return {
    address: address.address ?? null,
    city: address.city ?? null,
    addresscountry: address.addresscountry ?? null,
    postcode: address.postcode ?? null,
    sitecode: address.sitecode ?? null,
  };
}

export function usagePlaceView(row: Contract): UsagePlaceView {
  const data = contractData(row);
  const disconnection = data.disconnection;
  return {
    usageplacecode: row.usagePlaceCode ?? "",
    contract_no: row.contractNo,
    contractstatus: row.contractStatus,
    address: placeAddress(data.usagePlace?.address ?? null),
    disconnection: {
      state: disconnection?.state ?? "none",
      since: disconnection?.since ?? null,
      disconnectiondate: disconnection?.disconnectiondate ?? null,
      jobids: disconnection?.jobids ?? [],
    },
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Telecom subscriptions are kept as Contract rows under this prefix, which no contract_no can have (no colon). */
export const TELECOM_PREFIX = "telecom:";

/**
 * The advisory lock a request that writes a profile's contracts takes first (lib/db/advisory-lock):
 * a PUT of a contract, of a usage place (which moves between contracts) and a telecom report each
 * read before they insert, so two at once must not both find nothing. Per profile, since a usage
 * place ties contracts together; such requests are few.
 */
export const contractsLockKey = (profileId: string) => `contracts:${profileId}`;

/**
 * The updatedAt a contract row is written with after it was read: now, or a millisecond after the
 * stamp read when the clock has not moved past it (a test clock, two writes in one millisecond).
 * The sweeps write only the row as they read it (`where: { updatedAt }`), so every write must
 * leave a new stamp for the next one to compare with.
 */
export function nextUpdatedAt(read: { updatedAt: Date }, now: Date): Date {
  return new Date(Math.max(now.getTime(), read.updatedAt.getTime() + 1));
}
