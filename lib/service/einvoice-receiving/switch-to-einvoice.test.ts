import { describe, expect, it } from "vitest";

import { nameKeyOf } from "./switch-to-einvoice";

describe("the name a proposal is matched by", () => {
  it("is the same name whatever its case, spacing, accents and the order of its parts", () => {
    const maija = nameKeyOf("Maija Meikäläinen");
    expect(nameKeyOf("Meikäläinen Maija")).toBe(maija);
    expect(nameKeyOf("  MAIJA   meikalainen ")).toBe(maija);
    expect(nameKeyOf("Meikäläinen, Maija")).toBe(maija);
    expect(nameKeyOf("Maija Meika\u0308la\u0308inen")).toBe(maija);
    expect(nameKeyOf("Virtanen Anna-Liisa")).toBe(nameKeyOf("Anna Liisa Virtanen"));
  });

  it("is another name with a part more, less or different, and none without a name", () => {
    const maija = nameKeyOf("Maija Virtanen");
    expect(nameKeyOf("Maija Liisa Virtanen")).not.toBe(maija);
    expect(nameKeyOf("Virtanen")).not.toBe(maija);
    expect(nameKeyOf("Matti Virtanen")).not.toBe(maija);
    expect(nameKeyOf("")).toBeNull();
    expect(nameKeyOf(" - ")).toBeNull();
    expect(nameKeyOf(null)).toBeNull();
  });
});
