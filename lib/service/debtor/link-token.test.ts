import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

import { resetEnvForTests } from "../../env";
import { resetSecretsForTests } from "../../platform/secrets";

import { debtorToken, jobIdOfToken, onlineLinkOf, payLinkOf } from "./link-token";

beforeAll(() => {
  process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "link-token-"));
  delete process.env.SERVICE_DATA_KEY;
  process.env.PUBLIC_BASE_URL = "https://pay.example.fi";
  resetEnvForTests();
  resetSecretsForTests();
});

describe("debtor link tokens", () => {
  it("names the job it was made for, for every job id", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 - 1 }), (jobId) => {
        const token = debtorToken(jobId);
        expect(token).toMatch(/^[0-9a-z]{24}$/);
        expect(jobIdOfToken(token)).toBe(jobId);
      }),
    );
  });

  it("is read as typed from paper: any case, O for 0, I and L for 1, hyphens and spaces", () => {
    const token = debtorToken(1234);
    const typed = token.toUpperCase().replace(/0/g, "O").replace(/1/g, "l");
    expect(jobIdOfToken(typed)).toBe(1234);
    expect(jobIdOfToken(`${token.slice(0, 8)}-${token.slice(8, 16)} ${token.slice(16)}`)).toBe(1234);
  });

  it("refuses a token with any character changed, cut short, or made up", () => {
    const token = debtorToken(42);
    for (let index = 0; index < token.length; index++) {
      const changed = token.slice(0, index) + (token[index] === "z" ? "y" : "z") + token.slice(index + 1);
      expect(jobIdOfToken(changed)).toBeNull();
    }
    expect(jobIdOfToken(token.slice(0, 23))).toBeNull();
    expect(jobIdOfToken(`${token}0`)).toBeNull();
    expect(jobIdOfToken("")).toBeNull();
    expect(jobIdOfToken("u".repeat(24))).toBeNull();
    expect(jobIdOfToken("0".repeat(24))).toBeNull();
  });

  it("names another job's case with another job's token only", () => {
    // The id part of one token with the MAC of another is refused: a link never opens another case.
    const a = debtorToken(1000);
    const b = debtorToken(1001);
    expect(jobIdOfToken(a.slice(0, 8) + b.slice(8))).toBeNull();
    expect(jobIdOfToken(b.slice(0, 8) + a.slice(8))).toBeNull();
  });

  it("makes the online link and the pay link under the public address", () => {
    expect(onlineLinkOf(7)).toBe(`https://pay.example.fi/d/${debtorToken(7)}`);
    expect(payLinkOf(7)).toBe(`https://pay.example.fi/d/${debtorToken(7)}/pay`);
  });
});
