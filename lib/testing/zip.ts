import yazl from "yazl";

/* ZIP packages for tests, built with yazl; `rename` forges names yazl itself would refuse (../evil.pdf). */

interface ZipEntry {
  name: string;
  content: Buffer | string;
  compress?: boolean;
}

export function buildZip(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addBuffer(Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content), entry.name, { compress: entry.compress ?? true });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

/** Replaces a file name everywhere in an archive (local header and central directory); same length only. */
export function rename(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error("names must have the same length");
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = out.indexOf(needle); at !== -1; at = out.indexOf(needle, at + 1)) Buffer.from(to).copy(out, at);
  return out;
}
