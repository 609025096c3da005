import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { FormProvider, useForm, type FieldValues } from "react-hook-form";
import { describe, expect, it } from "vitest";

import { fieldMessage } from "@/lib/portal/forms/texts";

import { CustomerTypeField } from "./form-field";

/* The recipient's type is a group of radio buttons: its error is read as a field's is, under the group and tied to it. */

function customerType(error?: string) {
  function Form() {
    const form = useForm<FieldValues>({
      defaultValues: { customertype: "" },
      errors: error ? { customertype: { type: "custom", message: error } } : undefined,
    });
    return h(FormProvider, { ...form, children: h(CustomerTypeField, { legend: "Recipient", labels: { "1": "Company", "2": "Person" }, locale: "eng" }) });
  }
  return renderToStaticMarkup(h(Form));
}

describe("CustomerTypeField", () => {
  it("shows its error under the group, tied to it, and marks the first choice invalid, described by the error", () => {
    const html = customerType("Choose one of: 1, 2.");
    const shown = fieldMessage("Choose one of: 1, 2.", "Recipient", "eng");
    expect(html).toMatch(/^<fieldset aria-describedby="f-customertype-error"><legend[^>]*>Recipient<\/legend>/);
    expect(html).toContain(`<p id="f-customertype-error" class="mt-1 text-sm text-red-700">${shown}</p>`);
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(1);
    expect(html).toMatch(/<input [^>]*aria-invalid="true"[^>]*value="2"\/>Person/);
    // Focus lands on that choice: it says why it is invalid, not only that it is.
    expect(html).toMatch(/<input [^>]*aria-invalid="true" aria-describedby="f-customertype-error"[^>]*value="2"\/>Person/);
    expect(html.match(/aria-describedby="f-customertype-error"/g)).toHaveLength(2);
  });

  it("says nothing and marks nothing while the choice is valid", () => {
    const html = customerType();
    expect(html).toMatch(/^<fieldset><legend/);
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("f-customertype-error");
  });
});
