import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/*
 * The portal's controls and tables come from components/ui only: `npm run lint` fails on a raw
 * input, button, dialog, select, text area or table anywhere else in app/ or components/. Each case
 * lints a snippet as if it were a file at that path, with the project's own configuration.
 */

const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(filePath: string, jsx: string): Promise<string[]> {
  const [result] = await eslint.lintText(`export function Example() {\n  return ${jsx};\n}\n`, { filePath });
  return result!.messages.filter((message) => message.ruleId === "no-restricted-syntax").map((message) => message.message);
}

describe("UI primitives", () => {
  // The first lint loads the configuration and its plugins, which can take longer than one test may.
  beforeAll(() => eslint.lintText("", { filePath: "components/ui/example.tsx" }), 60_000);

  it("refuses a raw table in the portal's components and pages", async () => {
    const table = "<table><caption>Invoices</caption><tbody><tr><td>1</td></tr></tbody></table>";
    expect(await refusals("components/portal/example.tsx", table)).toEqual(["Use Table from components/ui/table."]);
    expect(await refusals("app/(portal)/cases/example.tsx", table)).toEqual(["Use Table from components/ui/table."]);
    expect(await refusals("components/api-reference/example.tsx", table)).toHaveLength(1);
  });

  it("refuses a raw select or text area there too", async () => {
    expect(await refusals("components/portal/example.tsx", "<select><option>a</option></select>")).toEqual(["Use Select from components/ui/select."]);
    expect(await refusals("app/d/example.tsx", "<textarea />")).toEqual(["Use Textarea from components/ui/input."]);
  });

  it("refuses a raw input, checkbox, radio button, button or dialog there too", async () => {
    const input = "Use Input from components/ui/input, or Checkbox or Radio from components/ui/choice.";
    expect(await refusals("components/portal/example.tsx", '<input name="email" />')).toEqual([input]);
    expect(await refusals("components/portal/example.tsx", '<label><input type="checkbox" name="services" />Invoicing</label>')).toEqual([input]);
    expect(await refusals("app/(portal)/example.tsx", '<input type="radio" name="customertype" value="1" />')).toEqual([input]);
    expect(await refusals("components/portal/example.tsx", '<button type="button">Sign out</button>')).toEqual(["Use Button from components/ui/button."]);
    expect(await refusals("components/portal/example.tsx", "<dialog open>JSON</dialog>")).toEqual(["Use Dialog from components/ui/dialog."]);
  });

  it("lets a hidden input through: it has no look, only a value the form sends along", async () => {
    expect(await refusals("components/portal/example.tsx", '<input type="hidden" name="sort" value="amount" />')).toEqual([]);
  });

  it("refuses a hidden input that spreads props: the spread could give it another type", async () => {
    const input = "Use Input from components/ui/input, or Checkbox or Radio from components/ui/choice.";
    expect(await refusals("components/portal/example.tsx", '<input type="hidden" {...props} />')).toEqual([input]);
    expect(await refusals("components/portal/example.tsx", '<input {...props} type="hidden" />')).toEqual([input]);
    expect(await refusals("components/portal/example.tsx", "<input {...props} />")).toEqual([input]);
  });

  it("lets components/ui draw them, and the rest use them", async () => {
    // Linted, not ignored: an ignored file would answer no refusals whatever the rule said.
    expect(await eslint.isPathIgnored("components/ui/example.tsx")).toBe(false);
    expect(await refusals("components/ui/example.tsx", "<table><tbody /></table>")).toEqual([]);
    expect(await refusals("components/ui/example.tsx", '<label><input type="checkbox" />Yes</label>')).toEqual([]);
    expect(await refusals("components/portal/example.tsx", '<Table caption="Invoices"><tbody /></Table>')).toEqual([]);
    expect(await refusals("components/portal/example.tsx", '<Checkbox name="services" label="Invoicing" />')).toEqual([]);
  });
});
