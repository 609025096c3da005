import { readZipPackage } from "../../platform/read-zip-package";
import { ZIP_PACKAGE_LIMITS } from "../../spec/limits";

import { parseJobEnvelope } from "./upload-file";

/*
 * The jobs of a ZIP package as the portal keeps them with its cases: the index read from the
 * archive before it is forwarded, by the same reader and within the same caps as the service's.
 * The service reads the package again and is the judge of it; the portal only wants the posted
 * items beside the answer, and a package it cannot read here is still forwarded (its cases then
 * carry only what the answer says).
 */

/** The package's jobs, or null when the portal cannot tell them (the service will say why). */
export async function readZipIndex(bytes: Uint8Array): Promise<unknown[] | null> {
  try {
    // No file but the index is inflated: the portal keeps the jobs, the service the letters.
    const { index } = await readZipPackage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), ZIP_PACKAGE_LIMITS, () => []);
    const parsed = parseJobEnvelope(index.bytes.toString("utf8"));
    return parsed.ok ? parsed.items : null;
  } catch {
    return null;
  }
}
