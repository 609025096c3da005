import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { UPLOAD_TEXTS } from "@/lib/portal/uploads/texts";
import { toResultRows } from "@/lib/portal/uploads/upload-results";
import type { JobsResponse } from "@/lib/spec/jobs";

import { UploadResultsTable, UploadSummaryLine } from "./upload-results-table";

/* A clerk who reads the portal in Finnish reads an upload's results in Finnish: the summary and each refusal's reasons. */

const job = {
  amount: null,
  billnum: null,
  billcode: null,
  evoicetype: null,
  jobstatus: null,
  jobtype: "0",
  notice: null,
  origbillnum: null,
  ownref: null,
  print: null,
  reference: null,
  sendtype: null,
};

const response: JobsResponse = {
  result: [
    { ...job, accepted: 1, jobid: 11, amount: 251, receiver: "Anna", reference: "1232", jobstatus: "0", sendtype: "post", error: null },
    {
      ...job,
      accepted: 0,
      jobid: null,
      receiver: "Bad",
      error: {
        code: "required",
        message: "city is required",
        problems: [{ field: "city", code: "required", message: "is required", rule: "required", params: {} }],
      },
    },
    { ...job, accepted: 1, jobid: 12, amount: 50, receiver: "Bertil", reference: "1245", jobstatus: "0", sendtype: "post", error: null },
  ],
  errors: [],
  accepted: 2,
};

describe("an upload's results in Finnish", () => {
  const rows = toResultRows(response, ["case-a", null, "case-b"]);

  it("sums the results up in Finnish", () => {
    const html = renderToStaticMarkup(h(UploadSummaryLine, { rows, texts: UPLOAD_TEXTS.fin }));
    expect(html).toBe('<p class="text-base font-semibold text-slate-900" data-testid="upload-summary">2 hyväksytty, 1 hylätty</p>');
  });

  it("says a refused document's reasons in Finnish, by the rule's key", () => {
    const html = renderToStaticMarkup(h(UploadResultsTable, { rows, currency: "EUR", texts: UPLOAD_TEXTS.fin, locale: "fin" }));
    expect(html).toContain("<li>Postitoimipaikka: Pakollinen tieto.</li>");
    expect(html).toContain("Hylätty");
    expect(html).not.toContain("is required");
  });
});
