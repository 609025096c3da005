import { describe, expect, it } from "vitest";

import { fillTemplate } from "./fill-template";

describe("fillTemplate", () => {
  it("fills each parameter, numbers written as they are, every time it appears", () => {
    expect(fillTemplate("must be at most {max} characters", { max: 35 })).toBe("must be at most 35 characters");
    expect(fillTemplate("{a} and {a} or {b}", { a: "x", b: 0 })).toBe("x and x or 0");
  });

  it("leaves a parameter without a value as written, or as the caller's stand-in", () => {
    expect(fillTemplate("is required{when}", {})).toBe("is required{when}");
    expect(fillTemplate("is required{when}", {}, "")).toBe("is required");
    expect(fillTemplate("is required{when}", { when: " when checkbillnum is 1" }, "")).toBe("is required when checkbillnum is 1");
  });

  it("puts a value in as text, never reading it as a pattern of its own", () => {
    expect(fillTemplate("Viite {reference}", { reference: "$& {reference} $1" })).toBe("Viite $& {reference} $1");
  });
});
