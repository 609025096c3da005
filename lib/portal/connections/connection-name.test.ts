import { describe, expect, it } from "vitest";

import { connectionName } from "./connection-name";

describe("connectionName", () => {
  it("names a connection by its label and its environment, from a stored connection or a form's", () => {
    expect(connectionName({ label: "Demo Oy", environment: { id: "fin-test" } })).toBe("Demo Oy (fin-test)");
    expect(connectionName({ label: "Demo AB", environmentId: "swe-prod" })).toBe("Demo AB (swe-prod)");
  });
});
