/*
 * The thread Schematron rules run in for tests (see lib/testing/xml-validation.ts, which serves its
 * requests when loaded here).
 */
import { tsImport } from "tsx/esm/api";

await tsImport("../xml-validation.ts", import.meta.url);
