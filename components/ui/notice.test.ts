import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { OutcomeNotice } from "./notice";

describe("OutcomeNotice with a failure's problems", () => {
  it("lists each problem under the message, set as their title, in the alert", () => {
    const html = renderToStaticMarkup(
      h(OutcomeNotice, { outcome: { ok: false, message: "Could not be sent: the service refused it.", details: ["Reference: already used"] } }),
    );
    expect(html).toMatch(
      /<div role="alert" class="[^"]*bg-red-50[^"]*"><p class="font-semibold">Could not be sent: the service refused it.<\/p><ul class="[^"]*"><li>Reference: already used<\/li><\/ul><\/div>$/,
    );
    expect(html).toMatch(/^<div role="status" class="[^"]*"><\/div>/);
  });

  it("says a failure with no problems listed as the message alone", () => {
    const html = renderToStaticMarkup(h(OutcomeNotice, { outcome: { ok: false, message: "Check the marked fields.", details: [] } }));
    expect(html).toMatch(/<div role="alert" class="[^"]*">Check the marked fields.<\/div>$/);
  });
});
