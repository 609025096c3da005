import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/*
 * The portal's controls and tables come from components/ui only: `npm run lint` fails on a raw
 * select, text area or table anywhere else in app/ or components/. Each case lints a snippet as if
 * it were a file at that path, with the project's own configuration.
 */

const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(filePath: string, jsx: string): Promise<string[]> {
  const [result] = await eslint.lintText(`export function Example() {\n  return ${jsx};\n}\n`, { filePath });
  return result!.messages.filter((message) => message.ruleId === "no-restricted-syntax").map((message) => message.message);
}

describe("UI primitives", () => {
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

  it("lets components/ui draw them, and the rest use them", async () => {
    // Linted, not ignored: an ignored file would answer no refusals whatever the rule said.
    expect(await eslint.isPathIgnored("components/ui/example.tsx")).toBe(false);
    expect(await refusals("components/ui/example.tsx", "<table><tbody /></table>")).toEqual([]);
    expect(await refusals("components/portal/example.tsx", '<Table caption="Invoices"><tbody /></Table>')).toEqual([]);
  });
});
