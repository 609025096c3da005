import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const APP_IMPORTS = { regex: "^(@/app/|(\\.\\./)+app/)", message: "lib/ does not import app/: move what both need into lib/." };
const SERVICE_IMPORTS = {
  regex: "^(@/lib/service/|(\\.\\./)+(lib/)?service/)",
  message:
    "Only the service and its route handlers use lib/service: the portal reaches it over REST, lib/spec and lib/client describe it; what they share lives in lib/platform or lib/spec.",
};

const PORTAL_IMPORTS = {
  regex: "^(@/lib/portal/|(\\.\\./)+portal/)",
  message: "lib/platform is what the service and the portal share: it imports neither.",
};
// Test support is for tests: the app's own code never runs it.
const TESTING_IMPORTS_IN_LIB = { regex: "^(@/lib/testing/|(\\.\\./)+testing/)", message: "lib/testing is for tests; the app's code does not import it." };
const TESTING_IMPORTS_OUTSIDE_LIB = { regex: "^(@/lib/testing/|(\\.\\./)+lib/testing/)", message: TESTING_IMPORTS_IN_LIB.message };

/*
 * no-restricted-imports sees static imports and re-exports only; a module loaded by `import("…")`
 * (or named in a type by `typeof import("…")`) would cross a boundary unseen. This rule holds the
 * same patterns for those.
 */
const noRestrictedDynamicImports = {
  meta: { type: "problem", schema: [{ type: "object", properties: { patterns: { type: "array" } }, additionalProperties: false }] },
  create(context) {
    const patterns = context.options[0].patterns.map((pattern) => ({ regex: new RegExp(pattern.regex), message: pattern.message }));
    const check = (node, source) => {
      // A computed specifier cannot be checked here; the project has none outside generated code.
      if (source?.type !== "Literal" || typeof source.value !== "string") return;
      const found = patterns.find((pattern) => pattern.regex.test(source.value));
      if (found) context.report({ node, message: `'${source.value}' import is restricted from being used by a pattern. ${found.message}` });
    };
    return {
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.argument?.type === "TSLiteralType" ? node.argument.literal : node.argument),
    };
  },
};
const boundaries = { rules: { "no-restricted-dynamic-imports": noRestrictedDynamicImports } };

/** One boundary: the files it holds for (tests excepted) and the imports they may not make, static or dynamic. */
function boundary(files, patterns, ignores = []) {
  return {
    files,
    ignores: ["**/*.test.ts", ...ignores],
    plugins: { boundaries },
    rules: {
      "no-restricted-imports": ["error", { patterns }],
      "boundaries/no-restricted-dynamic-imports": ["error", { patterns }],
    },
  };
}

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: ["lib/db/generated/**", ".next/**", ".next-*/**", "data/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "import/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", "parent", "sibling", "index"],
          pathGroups: [{ pattern: "@/**", group: "internal" }],
          "newlines-between": "always",
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
      // Configuration is read once, validated, in lib/env.ts.
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration from getEnv() in lib/env.ts." }],
    },
  },
  // Boundaries between the folders (the README's architecture): the app's code under lib/ never
  // reaches into app/ (route handlers call lib/, not the other way), and the portal talks to the
  // service only over its REST interface, so nothing of it imports lib/service. Tests and lib/testing
  // drive route handlers and the service directly, and are exempt.
  boundary(["lib/**/*.ts", "lib/**/*.tsx"], [APP_IMPORTS, TESTING_IMPORTS_IN_LIB], ["lib/testing/**"]),
  boundary(["app/**", "components/**"], [TESTING_IMPORTS_OUTSIDE_LIB]),
  boundary(["lib/portal/**"], [APP_IMPORTS, SERVICE_IMPORTS, TESTING_IMPORTS_IN_LIB]),
  boundary(["lib/platform/**"], [APP_IMPORTS, SERVICE_IMPORTS, PORTAL_IMPORTS, TESTING_IMPORTS_IN_LIB]),
  // The interface (lib/spec) and its typed client describe the service; they never depend on it.
  boundary(["lib/spec/**", "lib/client/**"], [APP_IMPORTS, SERVICE_IMPORTS, TESTING_IMPORTS_IN_LIB]),
  // The portal's folders of app/ (the README's architecture): its pages (the root's forbidden and
  // not-found pages among them), its sign-in and next-auth, the JSON its browser code reads and the
  // receivers of the service's webhooks. Client components import
  // the server actions of their pages from app/, as Next.js means them to.
  boundary(
    [
      "app/(portal)/**",
      "app/forbidden.tsx",
      "app/not-found.tsx",
      "app/sign-in/**",
      "app/api/auth/**",
      "app/api/portal/**",
      "app/api/webhooks/**",
      "components/**",
    ],
    [SERVICE_IMPORTS, TESTING_IMPORTS_OUTSIDE_LIB],
  ),
  // One set of controls and tables: an input, button, dialog, select, text area or table is drawn by
  // components/ui, so every page has the one look, label and focus ring, and a change to it is made
  // once. A hidden input has no look, and carries a value a form sends along (a list's sort order).
  {
    files: ["app/**/*.tsx", "components/**/*.tsx"],
    ignores: ["components/ui/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          // A spread could set another type over the hidden one, so a hidden input spreads nothing.
          selector:
            "JSXOpeningElement[name.name='input']:matches(:not(:has(> JSXAttribute[name.name='type'][value.value='hidden'])), :has(> JSXSpreadAttribute))",
          message: "Use Input from components/ui/input, or Checkbox or Radio from components/ui/choice.",
        },
        { selector: "JSXOpeningElement[name.name='button']", message: "Use Button from components/ui/button." },
        { selector: "JSXOpeningElement[name.name='dialog']", message: "Use Dialog from components/ui/dialog." },
        { selector: "JSXOpeningElement[name.name='select']", message: "Use Select from components/ui/select." },
        { selector: "JSXOpeningElement[name.name='textarea']", message: "Use Textarea from components/ui/input." },
        { selector: "JSXOpeningElement[name.name='table']", message: "Use Table from components/ui/table." },
      ],
    },
  },
  {
    files: [
      "lib/env.ts",
      "instrumentation.ts",
      "next.config.mjs",
      "playwright.config.ts",
      "prisma.config.ts",
      "vitest.config.ts",
      "e2e/**",
      "**/*.test.ts",
      "lib/testing/**",
    ],
    rules: { "no-restricted-properties": "off" },
  },
  // React's rules where React is: components, pages and their hooks (.tsx, and .ts under app/ and
  // components/). The hooks plugin runs React's compiler over every function it is given; over the
  // service's, the tests' and the tooling's .ts files, which hold no component, it found nothing and
  // took a sixth of their lint's CPU (41 s of it with, 34 s without).
  {
    files: ["**/*.ts", "**/*.mts", "**/*.cts", "**/*.js", "**/*.mjs", "**/*.cjs"],
    ignores: ["app/**", "components/**"],
    rules: Object.fromEntries(
      [...nextCoreWebVitals, ...nextTypescript]
        .flatMap((block) => Object.keys(block.rules ?? {}))
        .filter((rule) => /^react(-hooks)?\//.test(rule))
        .map((rule) => [rule, "off"]),
    ),
  },
];

export default config;
