import { describe, expect, it } from "vitest";

import { createProfileRequestSchema } from "@/lib/spec/create-profile";

import { countryOptions } from "./country-options";

describe("countryOptions", () => {
  it("puts the Nordic countries first, named in the user's language", () => {
    expect(countryOptions("fin").slice(0, 3)).toEqual([
      { code: "FIN", name: "Suomi" },
      { code: "SWE", name: "Ruotsi" },
      { code: "NOR", name: "Norja" },
    ]);
    expect(countryOptions("eng")[0]).toEqual({ code: "FIN", name: "Finland" });
  });

  it("offers only codes createprofile accepts, each once", () => {
    const codes = countryOptions("swe").map((option) => option.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const country of codes) {
      const body = { customer_info: { business_id: "2617416-4", country }, contact_person: { email: "a@example.fi" } };
      expect(createProfileRequestSchema.safeParse(body).success, country).toBe(true);
    }
  });
});
