import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { FormProvider, useForm, type FieldValues } from "react-hook-form";
import { describe, expect, it } from "vitest";

import { Checkbox, Radio } from "./choice";
import { ChoiceGroup } from "./field";
import { FieldFrame } from "./field-frame";
import { Input } from "./input";
import { Notice, OutcomeNotice } from "./notice";
import { ColumnHeader, DataCell, DataRow, FigureTable, Table, TableHead } from "./table";

/*
 * The primitives every page composes keep the semantics assistive technology reads: a table's
 * caption and header scopes, sorting on its header, figures aligned as figures; a form field's error
 * tied to its control and said in the form's words.
 */

describe("Table", () => {
  const table = (captionShown: boolean) =>
    renderToStaticMarkup(
      h(Table, {
        caption: "Products",
        captionShown,
        testId: "product-list",
        children: [
          h(TableHead, {
            key: "head",
            children: [
              h(ColumnHeader, { key: "code", children: "Code" }),
              h(ColumnHeader, { key: "price", numeric: true, sort: "descending", children: "Price" }),
            ],
          }),
          h(
            "tbody",
            { key: "body" },
            h(DataRow, {
              tone: "refused",
              "data-accepted": "false",
              children: [
                h(DataCell, { key: "code", rowHeader: true, mono: true, children: "P-1" }),
                h(DataCell, { key: "price", numeric: true, children: "12,50" }),
              ],
            }),
          ),
        ],
      }),
    );

  it("names the table by its caption, for assistive technology or for everyone", () => {
    expect(table(false)).toContain('<caption class="sr-only">Products</caption>');
    expect(table(true)).toMatch(/<caption class="[^"]*text-left[^"]*">Products<\/caption>/);
    expect(table(false)).toContain('data-testid="product-list"');
  });

  it("scopes column and row headers, marks the sorted column and aligns figures", () => {
    const html = table(false);
    expect(html).toMatch(/<th scope="col" class="[^"]*text-left[^"]*">Code<\/th>/);
    expect(html).toMatch(/<th scope="col" aria-sort="descending" class="[^"]*text-right[^"]*">Price<\/th>/);
    expect(html).toMatch(/<th scope="row" class="[^"]*font-mono[^"]*">P-1<\/th>/);
    expect(html).toMatch(/<td class="[^"]*text-right tabular-nums[^"]*">12,50<\/td>/);
    expect(html).toMatch(/<tr class="[^"]*bg-red-50[^"]*" data-accepted="false">/);
  });
});

describe("FigureTable", () => {
  const html = renderToStaticMarkup(
    h(FigureTable, {
      caption: "Ledger in EUR",
      testId: "ledger",
      headers: ["Line", { header: "Document", text: true }, "Total"],
      rows: [{ key: "opening", head: "Opening balance", cells: ["Original", "€0.00"] }],
      foot: [
        { key: "closing", head: "Closing balance", cells: ["", "€42.00"] },
        { key: "overdue", head: "Of which overdue", cells: ["", "€0.00"] },
      ],
    }),
  );

  it("is a Table: its caption, its column headers, its rows' look", () => {
    const table = renderToStaticMarkup(h(Table, { caption: "Ledger in EUR", testId: "ledger", width: "min-w-[24rem]", children: null }));
    expect(html.startsWith(table.slice(0, table.indexOf("</caption>")))).toBe(true);
    expect(html).toMatch(/<th scope="col" class="[^"]*text-left[^"]*">Line<\/th>/);
    expect(html).toMatch(/<th scope="row" class="[^"]*">Opening balance<\/th>/);
  });

  it("right-aligns the figures, not a column of words, and sets the first total in the foot apart", () => {
    expect(html).toMatch(/<th scope="col" class="[^"]*text-left[^"]*">Document<\/th>/);
    expect(html).toMatch(/<td class="[^"]*text-left[^"]*">Original<\/td>/);
    expect(html).toMatch(/<th scope="col" class="[^"]*text-right[^"]*">Total<\/th>/);
    expect(html).toMatch(/<td class="[^"]*text-right tabular-nums[^"]*">€42.00<\/td>/);
    expect(html).toMatch(/<tfoot[^>]*><tr class="[^"]*font-semibold[^"]*"><th scope="row"[^>]*>Closing balance<\/th>/);
    expect(html).not.toMatch(/<tr class="[^"]*font-semibold[^"]*"><th scope="row"[^>]*>Of which overdue/);
  });
});

describe("FieldFrame", () => {
  function Form({ error, children }: { error?: string; children: ReactNode }) {
    const form = useForm<FieldValues>({ defaultValues: { email: "" }, errors: error ? { email: { type: "custom", message: error } } : undefined });
    return h(FormProvider, { ...form, children });
  }
  const field = (error?: string) =>
    renderToStaticMarkup(
      h(Form, {
        error,
        children: h(FieldFrame, {
          name: "email",
          id: "f-email",
          label: "E-mail",
          hint: "Where the invoice goes",
          inWords: (message: string) => `E-mail: ${message.toUpperCase()}`,
          children: (aria) => h("input", aria),
        }),
      }),
    );

  it("ties the hint to the control while the member has no error", () => {
    const html = field();
    expect(html).toContain('<label for="f-email"');
    expect(html).toContain('<input id="f-email" aria-describedby="f-email-hint"/>');
    expect(html).not.toContain("aria-invalid");
  });

  it("reads the member's error from the form and says it in the form's words, tied to the control", () => {
    const html = field("is required");
    expect(html).toContain('<input id="f-email" aria-invalid="true" aria-describedby="f-email-hint f-email-error"/>');
    expect(html).toMatch(/<p id="f-email-error"[^>]*>E-mail: IS REQUIRED<\/p>/);
  });
});

describe("ChoiceGroup", () => {
  const group = (error?: string) =>
    renderToStaticMarkup(
      h(ChoiceGroup, { id: "f-services", legend: "Services", optionalText: "optional", hint: "Choose any", error, children: h("input", { type: "checkbox" }) }),
    );

  it("names the group by its legend and ties its hint, and its error while there is one, to the group", () => {
    expect(group()).toMatch(/^<fieldset aria-describedby="f-services-hint"><legend[^>]*>Services<span[^>]*> \(optional\)<\/span><\/legend>/);
    expect(group()).toContain('<p id="f-services-hint"');
    expect(group("Choose one at least")).toContain('<fieldset aria-describedby="f-services-hint f-services-error">');
    expect(group("Choose one at least")).toMatch(/<p id="f-services-error"[^>]*>Choose one at least<\/p>/);
  });

  it("hands the choices their aria props: the first is invalid and described by the error while there is one", () => {
    const choices = (error?: string) =>
      renderToStaticMarkup(
        h(ChoiceGroup, {
          id: "f-type",
          legend: "Recipient",
          hint: "Who pays",
          error,
          children: (choiceAria) => ["person", "company"].map((value, index) => h("input", { key: value, type: "radio", value, ...choiceAria(index) })),
        }),
      );
    const invalid = choices("Choose one");
    expect(invalid).toContain('<input type="radio" aria-invalid="true" aria-describedby="f-type-error" value="person"/>');
    expect(invalid).toContain('<input type="radio" value="company"/>');
    expect(invalid).toMatch(/<p id="f-type-error"[^>]*>Choose one<\/p>/);
    expect(choices()).not.toContain("aria-invalid");
    expect(choices()).not.toContain("f-type-error");
  });
});

describe("Checkbox and Radio", () => {
  it("are named by the label that wraps them, and outlined when reached by keyboard", () => {
    const html = renderToStaticMarkup(h(Checkbox, { name: "services", value: "1", label: "Invoicing" }));
    expect(html).toMatch(
      /^<label class="[^"]*"><input type="checkbox" class="[^"]*focus-visible:outline-2[^"]*" name="services" value="1"\/>Invoicing<\/label>$/,
    );
    expect(renderToStaticMarkup(h(Radio, { name: "customertype", value: "2", label: "Person" }))).toMatch(
      /<input type="radio" [^>]*value="2"\/>Person<\/label>$/,
    );
  });

  it("keep the aria props a ChoiceGroup hands its first choice while the group has an error", () => {
    const html = renderToStaticMarkup(
      h(ChoiceGroup, {
        id: "f-type",
        legend: "Recipient",
        error: "Choose one",
        children: (choiceAria) => ["2", "1"].map((value, index) => h(Radio, { key: value, name: "customertype", value, label: value, ...choiceAria(index) })),
      }),
    );
    expect(html).toMatch(/<input type="radio" [^>]*aria-invalid="true" aria-describedby="f-type-error" [^>]*value="2"\/>/);
    expect(html).toMatch(/<input type="radio" class="[^"]*" name="customertype" value="1"\/>/);
  });

  it("name a choice with an explanation by its label alone, and describe it by the explanation, then by the group's error", () => {
    const html = renderToStaticMarkup(
      h(Radio, {
        id: "ob-mode-minimal",
        name: "mode",
        value: "minimal",
        label: "Only the business id",
        hint: "The customer fills in the rest",
        boxed: true,
        "aria-describedby": "ob-mode-error",
      }),
    );
    // The label wraps the whole box, the explanation too, so a click anywhere on it chooses.
    expect(html).toMatch(/^<label class="[^"]*has-\[:checked\]:bg-blue-50[^"]*"><input type="radio" /);
    expect(html).toMatch(/<\/span><\/span><\/label>$/);
    const control = /<input [^>]*\/>/.exec(html)?.[0];
    expect(control).toContain('id="ob-mode-minimal"');
    expect(control).toContain('aria-labelledby="ob-mode-minimal-label"');
    expect(control).toContain('aria-describedby="ob-mode-minimal-hint ob-mode-error"');
    expect(html).toMatch(
      /<span id="ob-mode-minimal-label"[^>]*>Only the business id<\/span><span id="ob-mode-minimal-hint"[^>]*>The customer fills in the rest<\/span>/,
    );
  });

  it("tie an explanation to a choice given no id of its own", () => {
    const html = renderToStaticMarkup(h(Checkbox, { name: "allow", label: "Allow", hint: "Send what is missing later" }));
    const id = /<input type="checkbox" [^>]*id="([^"]+)" aria-labelledby="\1-label" aria-describedby="\1-hint"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<span id="${id}-label"`);
    expect(html).toContain(`<span id="${id}-hint"`);
  });
});

describe("Input", () => {
  it("greys a read-only field and sets codes in monospace, keeping the one look otherwise", () => {
    const readOnly = renderToStaticMarkup(h(Input, { id: "url", readOnly: true, mono: true, value: "https://example.test/hook" }));
    expect(readOnly).toMatch(/class="[^"]*bg-slate-50[^"]*font-mono/);
    expect(readOnly).not.toContain("bg-white");
    const plain = renderToStaticMarkup(h(Input, { id: "name" }));
    expect(plain).toMatch(/class="[^"]*bg-white/);
    expect(plain).not.toContain("font-mono");
  });
});

describe("Notice", () => {
  const notice = (props: Parameters<typeof Notice>[0]) => renderToStaticMarkup(h(Notice, props));

  it("alerts with an error and announces a success politely, as their tones usually are", () => {
    expect(notice({ tone: "error", children: "Not sent." })).toMatch(/^<div role="alert" class="[^"]*bg-red-50[^"]*">Not sent.<\/div>$/);
    expect(notice({ tone: "success", children: "Sent." })).toMatch(/^<div role="status" class="[^"]*bg-emerald-50[^"]*">Sent.<\/div>$/);
  });

  it("keeps a note or a warning that is part of the page silent, unless told how to announce it", () => {
    expect(notice({ tone: "info", children: "Draft restored." })).toMatch(/^<div class="[^"]*bg-blue-50[^"]*">/);
    expect(notice({ tone: "warning", children: "Closed." })).not.toContain("role=");
    expect(notice({ tone: "warning", role: "alert", children: "Not refreshed." })).toMatch(/^<div role="alert" class="[^"]*bg-amber-50[^"]*">/);
    expect(notice({ tone: "info", role: "status", children: "Restored." })).toMatch(/^<div role="status"/);
    expect(notice({ tone: "success", role: false, children: "Closed." })).not.toContain("role=");
  });

  it("says what happened in bold, then the problems as a list", () => {
    const html = notice({ tone: "error", title: "Check the marked fields.", details: ["Name: required", "IBAN: not valid"] });
    expect(html).toContain(
      '<p class="font-semibold">Check the marked fields.</p><ul class="mt-1 list-disc pl-5"><li>Name: required</li><li>IBAN: not valid</li></ul>',
    );
    expect(notice({ tone: "error", title: "Not sent.", details: [] })).not.toContain("<ul");
  });

  it("takes the id its controls are described by", () => {
    expect(notice({ tone: "error", id: "sign-in-error", children: "Wrong." })).toMatch(/^<div id="sign-in-error" role="alert"/);
  });

  it("is a section named by its heading where it has one", () => {
    const html = notice({ tone: "warning", labelledBy: "missing", children: h("h3", { id: "missing" }, "Missing") });
    expect(html).toMatch(/^<section aria-labelledby="missing" class="[^"]*bg-amber-50[^"]*"><h3 id="missing">Missing<\/h3><\/section>$/);
  });
});

describe("OutcomeNotice", () => {
  const outcome = (value: Parameters<typeof OutcomeNotice>[0]["outcome"]) => renderToStaticMarkup(h(OutcomeNotice, { outcome: value }));

  it("keeps its status region on the page before anything is said, so what appears in it is announced", () => {
    expect(outcome(null)).toMatch(/^<div role="status" class="[^"]*"><\/div>$/);
  });

  it("says a success politely inside that region, in the success box", () => {
    const html = outcome({ ok: true, message: "Connection saved." });
    expect(html).toMatch(/^<div role="status" class="[^"]*"><div class="[^"]*bg-emerald-50[^"]*">Connection saved.<\/div><\/div>$/);
    expect(html).not.toContain('role="alert"');
  });

  it("announces a failure as an alert, in the error box, and not as a status", () => {
    const html = outcome({ ok: false, message: "The current password is wrong." });
    expect(html).toMatch(/<div role="alert" class="[^"]*bg-red-50[^"]*">The current password is wrong.<\/div>$/);
    expect(html).toMatch(/^<div role="status" class="[^"]*"><\/div>/);
  });
});
