import { describe, expect, it } from "vitest";

import { CLIENT_PROBLEM_TYPES, ServiceRequestError } from "../../client";
import { keyed, messageText } from "../i18n/messages";

import { describeServiceFailure, serviceFailureLine } from "./describe-service-failure";

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
    expect(messageText(describeServiceFailure(new Error("connect ECONNREFUSED secret-host")), "eng")).toBe("The service could not be reached.");
    expect(messageText(describeServiceFailure(Object.assign(new Error("x"), { name: "TimeoutError" })), "fin")).toBe("Palvelu ei vastannut ajoissa.");
  });

  it("says the client's own no-answer findings in the reader's language, with the address and the cause", () => {
    const address = "https://api.example/fin-test/rest";
    const noAnswer = (type: string, found: { cause?: string; timeoutSeconds?: number }) =>
      new ServiceRequestError({ method: "GET", path: "/events", status: 0, problem: { type, title: "t", status: 0 }, noAnswer: { address, ...found } });
    const refused = describeServiceFailure(noAnswer(CLIENT_PROBLEM_TYPES.unreachable, { cause: "ECONNREFUSED" }));
    expect(messageText(refused, "eng")).toBe("Could not reach the service at https://api.example/fin-test/rest (ECONNREFUSED).");
    expect(messageText(refused, "nor")).toBe("Tjenesten på https://api.example/fin-test/rest kunne ikke nås (ECONNREFUSED).");
    const slow = describeServiceFailure(noAnswer(CLIENT_PROBLEM_TYPES.timeout, { timeoutSeconds: 10 }));
    expect(messageText(slow, "swe")).toBe("Tjänsten på https://api.example/fin-test/rest svarade inte inom 10 s.");
    // Inside another keyed message (the connection form's "no service here"), said as well.
    expect(messageText(keyed("noServiceHere", { reason: slow }), "eng")).toBe(
      "No answer from a service here: No answer from the service at https://api.example/fin-test/rest within 10 s. Check the address (it ends in /rest).",
    );
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

describe("serviceFailureLine", () => {
  const failed = (problem: { type: string; title: string; status: number; detail?: string }, noAnswer?: { address: string; timeoutSeconds?: number }) =>
    new ServiceRequestError({ method: "POST", path: "/jobs", status: problem.status, problem, noAnswer });

  it("says the client's own findings by their keys, in the reader's language", () => {
    const slow = serviceFailureLine(
      failed({ type: CLIENT_PROBLEM_TYPES.timeout, title: "t", status: 0 }, { address: "https://api.example/rest", timeoutSeconds: 180 }),
    );
    expect(messageText(slow, "fin")).toBe("Palvelu osoitteessa https://api.example/rest ei vastannut 180 sekunnissa.");
    const big = serviceFailureLine(
      failed({ type: CLIENT_PROBLEM_TYPES.tooLarge, title: "Too large to send", status: 413, detail: "Over 10 MiB. Nothing was sent." }),
    );
    expect(messageText(big, "swe")).toBe("För stort för en begäran till tjänsten; inget skickades.");
    const odd = serviceFailureLine(failed({ type: CLIENT_PROBLEM_TYPES.unexpectedAnswer, title: "Unexpected answer", status: 502, detail: "text/html" }));
    expect(messageText(odd, "nor")).toBe("Tjenestens svar kunne ikke leses (HTTP 502).");
  });

  it("keeps the service's own problem in its words", () => {
    expect(
      serviceFailureLine(failed({ type: "/rest/problems/invalid-request", title: "The request is not valid", status: 400, detail: "dataset is empty" })),
    ).toBe("dataset is empty");
    expect(serviceFailureLine(failed({ type: "/rest/problems/rate-limited", title: "Too many requests", status: 429 }))).toBe("Too many requests");
  });
});
