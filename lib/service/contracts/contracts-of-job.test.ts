import { describe, expect, it } from "vitest";

import { contractNumbersOfJob, isTelecomJob } from "./contracts-of-job";

describe("contracts an invoice names", () => {
  it("collects energy contracts of every usage place and the contract list, once each", () => {
    const data = {
      usageplaces: [
        { address: { sitecode: "S1" }, energycontract: [{ contract_no: "E-1" }, { contract_no: " E-2 " }] },
        { energycontract: [{ contract_no: "E-1" }, { contract_no: null }, {}] },
        { address: null },
      ],
      contract: [{ contract_no: "C-9" }, { contract_no: "" }],
    };
    expect(contractNumbersOfJob(data).sort()).toEqual(["C-9", "E-1", "E-2"]);
  });

  it("finds nothing in data without them, whatever its shape", () => {
    for (const data of [null, undefined, "text", [], {}, { usageplaces: "x" }, { usageplaces: [{ energycontract: {} }] }])
      expect(contractNumbersOfJob(data)).toEqual([]);
  });

  it("knows a telecom receivable by its collectionprocess", () => {
    expect(isTelecomJob({ collectionprocess: "telecom" })).toBe(true);
    expect(isTelecomJob({ collectionprocess: " Telecom " })).toBe(true);
    expect(isTelecomJob({ collectionprocess: "energy" })).toBe(false);
    expect(isTelecomJob({})).toBe(false);
  });
});
