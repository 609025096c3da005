import { describe, expect, it } from "vitest";

import { isSameOrigin, readUploadRequest } from "./read-upload-request";
import { MAX_JSON_UPLOAD_BYTES } from "./upload-file";

const URL_OF = "http://portal.test/api/portal/uploads?connection=c1";

function request(body: BodyInit | null, headers: Record<string, string>, url = URL_OF): Request {
  return new Request(url, { method: "POST", headers: { host: "portal.test", ...headers }, body });
}

async function problem(result: Awaited<ReturnType<typeof readUploadRequest>>) {
  expect(result.ok).toBe(false);
  if (result.ok) throw new Error("accepted");
  expect(result.response.headers.get("content-type")).toBe("application/problem+json");
  return { status: result.response.status, body: (await result.response.json()) as { detail: string } };
}

describe("readUploadRequest", () => {
  it("takes a job envelope as JSON, with its jobs and its other members", async () => {
    const result = await readUploadRequest(
      request('{"datastream":{"batchid":"b","dataset":[{"jobtype":"0"}]}}', { "content-type": "application/json; charset=utf-8" }),
    );
    expect(result).toMatchObject({ ok: true, kind: "json", connectionId: "c1", items: [{ jobtype: "0" }], envelope: { batchid: "b" } });
  });

  it("takes a ZIP package as it is", async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const result = await readUploadRequest(request(zip, { "content-type": "application/zip" }));
    expect(result).toMatchObject({ ok: true, kind: "zip", connectionId: "c1" });
    expect(result.ok && [...result.bytes]).toEqual([...zip]);
  });

  it("refuses what is not an upload, with problem details", async () => {
    expect((await problem(await readUploadRequest(request("x", { "content-type": "text/plain" })))).status).toBe(415);
    expect(
      (await problem(await readUploadRequest(request("{}", { "content-type": "application/json" }, "http://portal.test/api/portal/uploads")))).status,
    ).toBe(400);
    expect((await problem(await readUploadRequest(request("not a zip", { "content-type": "application/zip" })))).body.detail).toBe(
      "The file is not a ZIP archive.",
    );
    const notEnvelope = await problem(await readUploadRequest(request('{"jobs":[]}', { "content-type": "application/json" })));
    expect(notEnvelope.status).toBe(400);
    expect(notEnvelope.body.detail).toMatch(/^The file is not a job envelope \(datastream/);
    expect((await problem(await readUploadRequest(request("", { "content-type": "application/json" })))).status).toBe(400);
  });

  it("says its refusals in the user's language, in the words the upload page uses for the same file", async () => {
    const json = { "content-type": "application/json" };
    const notZip = await problem(await readUploadRequest(request("not a zip", { "content-type": "application/zip" }), "fin"));
    expect(notZip.body).toMatchObject({ detail: "Tiedosto ei ole ZIP-arkisto.", title: "Virheellinen pyyntö" });
    expect((await problem(await readUploadRequest(request("", json), "swe"))).body.detail).toBe("Filen är tom.");
    expect((await problem(await readUploadRequest(request("x", { "content-type": "text/plain" }), "nor"))).body.detail).toBe(
      "Send en jobbkonvolutt som application/json eller en pakke som application/zip.",
    );
    expect((await problem(await readUploadRequest(request(new Uint8Array([0xff, 0xfe]), json), "fin"))).body.detail).toBe("Tiedosto ei ole UTF-8-tekstiä.");
    const big = new Uint8Array(MAX_JSON_UPLOAD_BYTES + 1).fill(0x20);
    expect((await problem(await readUploadRequest(request(big, json), "fin"))).body.detail).toMatch(/^Tiedosto on suurempi kuin \d+ MB/);
  });

  it("refuses a body over the cap, whatever Content-Length says", async () => {
    const declared = await problem(
      await readUploadRequest(request("{}", { "content-type": "application/json", "content-length": String(MAX_JSON_UPLOAD_BYTES + 1) })),
    );
    expect(declared.status).toBe(413);
    const big = new Uint8Array(MAX_JSON_UPLOAD_BYTES + 1).fill(0x20);
    const streamed = await problem(await readUploadRequest(request(big, { "content-type": "application/json" })));
    expect(streamed.status).toBe(413);
  });

  it("refuses an upload from another site", async () => {
    const result = await readUploadRequest(request("{}", { "content-type": "application/json", origin: "https://evil.example" }));
    expect((await problem(result)).status).toBe(403);
  });
});

describe("isSameOrigin", () => {
  it("accepts the portal's own pages and requests without an Origin", () => {
    expect(isSameOrigin(request(null, { origin: "http://portal.test" }))).toBe(true);
    expect(isSameOrigin(request(null, {}))).toBe(true);
    expect(isSameOrigin(request(null, { origin: "https://portal.example", "x-forwarded-host": "portal.example" }))).toBe(true);
    expect(isSameOrigin(request(null, { origin: "null" }))).toBe(false);
  });
});
