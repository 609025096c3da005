import { describe, expect, it } from "vitest";

import { keyAndParams, keyWithParams } from "./keyed-message";

describe("keyed messages", () => {
  it("carry a key and its parameters through a string and back, a parameter's own '?', '&' and '=' included", () => {
    const params = { max: "40", when: " when a=b & c?" };
    expect(keyAndParams(keyWithParams("rule:maxLength", params))).toEqual({ key: "rule:maxLength", params });
  });

  it("write a key without parameters as the key alone", () => {
    expect(keyWithParams("tooLong")).toBe("tooLong");
    expect(keyWithParams("tooLong", {})).toBe("tooLong");
    expect(keyAndParams("tooLong")).toEqual({ key: "tooLong", params: {} });
  });
});
