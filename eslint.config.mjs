import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: ["lib/db/generated/**", ".next/**", "data/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
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
  {
    files: ["lib/env.ts", "instrumentation.ts", "next.config.mjs", "playwright.config.ts", "prisma.config.ts", "vitest.config.ts", "e2e/**", "**/*.test.ts", "lib/testing/**"],
    rules: { "no-restricted-properties": "off" },
  },
];

export default config;
