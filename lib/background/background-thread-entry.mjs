/*
 * The background thread's entry where its bundle cannot be written (lib/platform/thread-bundle.ts):
 * the TypeScript sources, compiled on load by tsx.
 */
import { tsImport } from "tsx/esm/api";

await tsImport("./background-thread-main.ts", import.meta.url);
