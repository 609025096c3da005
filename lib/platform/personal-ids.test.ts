import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { resetEnvForTests } from "../env";

import { hasClearPersonalIds, isMaskedPersonalId, maskPersonalIds, openPersonalIds, personalIdAt, sealPersonalIds } from "./personal-ids";
import { resetSecretsForTests } from "./secrets";

beforeAll(() => {
  process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "personal-ids-"));
  resetEnvForTests();
  resetSecretsForTests();
});

const item = {
  person: "Maija Meikäläinen",
  govid: "131052-308T",
  addaddress: [{ addresstype: 5, person: "Matti", govid: "010203A123B" }, { addresstype: 2, company: "Varasto Oy" }, null],
  payrow: [{ desc: "govid 131052-308T is text here, not an id member" }],
};

describe("personal ids at rest", () => {
  it("seals every id member and nothing else, and opens them back", () => {
    const sealed = sealPersonalIds(item);
    const text = JSON.stringify(sealed);
    expect(text).not.toContain("010203A123B");
    expect(sealed.govid).toMatch(/^v1\./);
    expect(sealed.addaddress[0]!.govid).toMatch(/^v1\./);
    expect(sealed.addaddress[1]).toEqual(item.addaddress[1]);
    expect(sealed.payrow).toEqual(item.payrow);
    expect(sealed.person).toBe(item.person);
    expect(hasClearPersonalIds(item)).toBe(true);
    expect(hasClearPersonalIds(sealed)).toBe(false);
    expect(openPersonalIds(sealed)).toEqual(item);
    // Sealing twice seals once; an item stored in clear opens as it is.
    expect(openPersonalIds(sealPersonalIds(sealed))).toEqual(item);
    expect(openPersonalIds(item)).toEqual(item);
  });

  it("seals createprofile's users[].ssn", () => {
    const request = { customer_info: { business_id: "2617416-4" }, users: [{ first_name: "Liisa", ssn: "131052-308T" }, { first_name: "Ei" }] };
    const sealed = sealPersonalIds(request);
    expect(JSON.stringify(sealed)).not.toContain("131052-308T");
    expect(sealed.customer_info.business_id).toBe("2617416-4");
    expect(openPersonalIds(sealed)).toEqual(request);
  });

  it("masks ids for pages, sealed or not, keeping the last two characters", () => {
    const masked = maskPersonalIds(sealPersonalIds(item));
    expect(masked.govid).toBe("•••••••••8T");
    expect(masked.addaddress[0]!.govid).toBe("•••••••••3B");
    expect(maskPersonalIds({ govid: "1" }).govid).toBe("1");
  });

  it("leaves items without ids, and odd shapes, as they are", () => {
    for (const value of [{}, { govid: null }, { govid: "" }, { addaddress: "x" }, { users: [1, "two", { ssn: 3 }] }]) {
      expect(sealPersonalIds(value)).toEqual(value);
    }
  });

  it("finds the id at a member named as a form names it, and nothing at any other place", () => {
    const sealed = sealPersonalIds(item);
    expect(personalIdAt(item, "govid")).toBe(item.govid);
    expect(personalIdAt(sealed, "addaddress.0.govid")).toBe(sealed.addaddress[0]!.govid);
    for (const member of ["person", "addaddress.1.govid", "addaddress.x.govid", "addaddress.0", "govid.0", "__proto__", "users.0.ssn"])
      expect(personalIdAt(item, member)).toBeNull();
    expect(isMaskedPersonalId(maskPersonalIds(item).govid)).toBe(true);
    expect(isMaskedPersonalId(sealed.govid)).toBe(false);
  });
});
