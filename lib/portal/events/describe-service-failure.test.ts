import { describe, expect, it } from "vitest";

import { ServiceRequestError } from "../../client";

import { describeServiceFailure } from "./describe-service-failure";

describe("describeServiceFailure", () => {
  it("names the status, the detail and each refused field", () => {
    const error = new ServiceRequestError({
      method: "PUT",
      path: "/events/receiver",
      status: 400,
      problem: {
        type: "t",
        title: "Invalid request",
        status: 400,
        detail: "The receiver is not valid.",
        problems: [{ field: "url", code: "invalid", message: "must be an absolute https URL" }],
      },
    });
    expect(describeServiceFailure(error)).toBe("400 The receiver is not valid. (url must be an absolute https URL)");
  });

  it("says the service could not be reached for anything else, without the error's own words", () => {
    expect(describeServiceFailure(new Error("connect ECONNREFUSED secret-host"))).toBe("The service could not be reached.");
    expect(describeServiceFailure(Object.assign(new Error("x"), { name: "TimeoutError" }))).toBe("The service did not answer in time.");
  });

  it("keeps the text short", () => {
    const error = new ServiceRequestError({
      method: "GET",
      path: "/events",
      status: 502,
      problem: { type: "t", title: "Bad gateway", status: 502, detail: "x".repeat(2000) },
    });
    expect(describeServiceFailure(error)).toHaveLength(500);
  });
});
