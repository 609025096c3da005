import { randomUUID } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/*
 * Files other systems pick up (the print house, an e-invoice operator's transfer) are written to a
 * temporary name in the same folder and renamed into place: a reader sees the whole file or none.
 * Names starting with a dot are the temporary ones; readers skip them.
 */
export function writeFileAtomically(file: string, content: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}
