import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/*
 * The folder boundaries of eslint.config.mjs hold: `npm run lint` fails on an import across them.
 * Each case lints one line as if it were a file at that path, with the project's own configuration.
 */

const eslint = new ESLint({ cwd: process.cwd() });
const BOUNDARY_RULES = new Set(["no-restricted-imports", "boundaries/no-restricted-dynamic-imports"]);

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n\nexport const used = value;\n`, { filePath });
  return result!.messages.filter((message) => BOUNDARY_RULES.has(message.ruleId ?? "")).map((message) => message.message);
}

describe("folder boundaries", () => {
  // The first lint loads the configuration and every plugin of it: seconds on a busy machine, which
  // is no test's own time.
  beforeAll(() => eslint.lintText("", { filePath: "lib/example.ts" }), 60_000);

  it("refuses lib/service in the portal's code, relative or by alias", async () => {
    expect(await restrictedImports("lib/portal/cases/example.ts", 'import { value } from "../../service/intake/post-jobs";')).toEqual([
      expect.stringContaining("the portal reaches it over REST"),
    ]);
    expect(await restrictedImports("components/portal/example.tsx", 'import { value } from "@/lib/service/errors";')).toHaveLength(1);
    expect(await restrictedImports("app/(portal)/cases/example.ts", 'import { value } from "@/lib/service/errors";')).toHaveLength(1);
  });

  it("refuses lib/service in the interface's description and its typed client", async () => {
    expect(await restrictedImports("lib/spec/example.ts", 'import { value } from "../service/payments/book-payment";')).toHaveLength(1);
    expect(await restrictedImports("lib/client/example.ts", 'import { value } from "@/lib/service/intake/limits";')).toHaveLength(1);
  });

  it("refuses app/ in lib/, and allows both where tests and test support need them", async () => {
    expect(await restrictedImports("lib/service/intake/example.ts", 'import { value } from "@/app/rest/jobs/route";')).toEqual([
      expect.stringContaining("lib/ does not import app/"),
    ]);
    expect(await restrictedImports("lib/service/intake/example.ts", 'import { value } from "../../../app/rest/jobs/route";')).toHaveLength(1);
    expect(await restrictedImports("lib/testing/example.ts", 'import { value } from "@/app/rest/jobs/route";')).toEqual([]);
    expect(await restrictedImports("lib/portal/cases/example.test.ts", 'import { value } from "@/lib/service/errors";')).toEqual([]);
  });

  it("refuses lib/service by a relative path from outside lib/ too", async () => {
    expect(await restrictedImports("components/portal/example.tsx", 'import { value } from "../../lib/service/errors";')).toHaveLength(1);
    expect(await restrictedImports("app/(portal)/cases/example.ts", 'import { value } from "../../../lib/service/errors";')).toHaveLength(1);
  });

  it("refuses lib/service in every folder of app/ that is the portal's, and allows it in the service's", async () => {
    expect(await restrictedImports("app/api/portal/cases/example.ts", 'import { value } from "@/lib/service/errors";')).toEqual([
      expect.stringContaining("the portal reaches it over REST"),
    ]);
    expect(await restrictedImports("app/api/portal/cases/[id]/example.ts", 'import { value } from "../../../../../lib/service/errors";')).toHaveLength(1);
    expect(await restrictedImports("app/api/webhooks/events/example.ts", 'import { value } from "@/lib/service/errors";')).toHaveLength(1);
    expect(await restrictedImports("app/api/auth/example.ts", 'import { value } from "@/lib/service/errors";')).toHaveLength(1);
    expect(await restrictedImports("app/sign-in/example.tsx", 'import { value } from "@/lib/service/errors";')).toHaveLength(1);
    expect(await restrictedImports("app/forbidden.tsx", 'import { value } from "@/lib/service/errors";')).toHaveLength(1);
    expect(await restrictedImports("app/not-found.tsx", 'import { value } from "../lib/service/errors";')).toHaveLength(1);
    expect(await restrictedImports("app/onboarding/example.ts", 'import { value } from "@/lib/service/errors";')).toEqual([]);
    expect(await restrictedImports("app/d/[token]/example.ts", 'import { value } from "@/lib/service/errors";')).toEqual([]);
  });

  it("keeps lib/platform free of the service and the portal it serves", async () => {
    expect(await restrictedImports("lib/platform/example.ts", 'import { value } from "../service/errors";')).toHaveLength(1);
    expect(await restrictedImports("lib/platform/outbound/example.ts", 'import { value } from "../../portal/cases/texts";')).toEqual([
      expect.stringContaining("imports neither"),
    ]);
    expect(await restrictedImports("lib/platform/example.ts", 'import { value } from "../spec/limits";')).toEqual([]);
  });

  it("keeps test support out of the app's code", async () => {
    expect(await restrictedImports("lib/service/intake/example.ts", 'import { value } from "../../testing/jobs";')).toEqual([
      expect.stringContaining("lib/testing is for tests"),
    ]);
    expect(await restrictedImports("lib/portal/cases/example.ts", 'import { value } from "@/lib/testing/jobs";')).toHaveLength(1);
    expect(await restrictedImports("components/portal/example.tsx", 'import { value } from "@/lib/testing/jobs";')).toHaveLength(1);
    expect(await restrictedImports("app/rest/jobs/example.ts", 'import { value } from "../../../lib/testing/jobs";')).toHaveLength(1);
    // The test environments' own endpoints live in app/rest/testing; their relative imports are not test support.
    expect(await restrictedImports("app/rest/testing/clock/example.ts", 'import { value } from "../testing-shared";')).toEqual([]);
    expect(await restrictedImports("lib/service/intake/example.test.ts", 'import { value } from "../../testing/jobs";')).toEqual([]);
  });

  it("lets the portal use what it shares with the service", async () => {
    expect(await restrictedImports("lib/portal/cases/example.ts", 'import { value } from "../../platform/secrets";')).toEqual([]);
    expect(await restrictedImports("lib/portal/cases/example.ts", 'import { value } from "../../spec/events";')).toEqual([]);
    expect(await restrictedImports("lib/service/intake/example.ts", 'import { value } from "../errors";')).toEqual([]);
  });

  it("holds for modules loaded at run time and types taken from a module, not only static imports", async () => {
    expect(await restrictedImports("lib/portal/cases/example.ts", 'const value = await import("../../service/intake/post-jobs");')).toEqual([
      expect.stringContaining("the portal reaches it over REST"),
    ]);
    expect(await restrictedImports("components/portal/example.tsx", 'const value = await import("@/lib/service/errors");')).toHaveLength(1);
    expect(await restrictedImports("lib/spec/example.ts", 'const value: typeof import("../service/errors") | null = null;')).toHaveLength(1);
    expect(await restrictedImports("lib/service/intake/example.ts", 'const value = import("@/app/rest/jobs/route");')).toEqual([
      expect.stringContaining("lib/ does not import app/"),
    ]);
    // What a boundary allows stays allowed at run time too, and tests and test support stay exempt.
    expect(await restrictedImports("lib/portal/cases/example.ts", 'const value = await import("../../platform/secrets");')).toEqual([]);
    expect(await restrictedImports("lib/testing/example.ts", 'const value = await import("@/app/rest/jobs/route");')).toEqual([]);
    expect(await restrictedImports("lib/portal/cases/example.test.ts", 'const value = await import("@/lib/service/errors");')).toEqual([]);
  });
});
