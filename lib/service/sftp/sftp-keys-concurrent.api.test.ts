import { describe, expect, it } from "vitest";

import { PUT as putKeys } from "@/app/rest/profile/sftpkeys/route";
import { call, json, profileWithToken } from "@/lib/testing/rest";

import { generateEd25519 } from "./sftp-server";

describe("PUT /profile/sftpkeys at the same time", () => {
  // Found by the generated-bodies test on PostgreSQL: two PUTs adding one key both inserted it,
  // and the later one's insert broke the unique fingerprint with a 500.
  it("answers every one of PUTs of two lists at once, and the list holds a key once", async () => {
    const { token } = await profileWithToken("fin-test");
    const key = generateEd25519("erp@example").public;
    const other = generateEd25519().public;
    const statuses = new Set<number>();
    for (let round = 0; round < 20; round++) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          call(putKeys, "/fin-test/rest/profile/sftpkeys", { method: "PUT", body: { keys: index % 2 ? [key, key] : [other] }, token }),
        ),
      );
      for (const answer of answers) statuses.add(answer.status);
    }
    expect([...statuses]).toEqual([200]);
    const last = await call(putKeys, "/fin-test/rest/profile/sftpkeys", { method: "PUT", body: { keys: [key, key] }, token });
    expect((await json<{ keys: unknown[] }>(last)).keys).toHaveLength(1);
  });
});
