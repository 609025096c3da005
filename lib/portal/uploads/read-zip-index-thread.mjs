/*
 * The entry of the thread that reads an uploaded package's index (read-zip-index-on-thread.ts),
 * where the bundled file cannot be written: plain JavaScript, loaded by path, the reader itself
 * compiled on load by tsx.
 */
import { tsImport } from "tsx/esm/api";

const { readZipIndex } = await tsImport("./read-zip-index.ts", import.meta.url);

export default readZipIndex;
