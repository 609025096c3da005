import type { Contract } from "../../db/generated/sqlite/client";

/** The `contract` event message: the contract as it is after the service changed it. */
export function contractMessage(cid: string, row: Pick<Contract, "contractNo" | "contractStatus" | "terminationDate" | "terminationTerm">) {
  return {
    cid,
    contract_no: row.contractNo,
    contractstatus: row.contractStatus,
    termination_date: row.terminationDate,
    terminationterm: row.terminationTerm,
  };
}
