import { randomUUID } from "node:crypto";

import { describe, expect, it } from "vitest";

import { POST as postJobs } from "../../../app/rest/jobs/route";
import { getDb } from "../../db/client";
import { openPersonalIds } from "../../platform/personal-ids";
import { isSealed, lookupHash, unseal } from "../../platform/secrets";
import { invoice } from "../../testing/jobs";
import { createTestOrganization } from "../../testing/organization-fixture";
import { call, json, profileWithToken } from "../../testing/rest";
import { govidStoreHash } from "../intake/store-jobs";

import { runDataUpgrades } from "./run-data-upgrades";

/* Rows an older version wrote with personal ids and links in clear are sealed once, at start. */

describe("runDataUpgrades", () => {
  it("seals personal ids and waiting mail stored in clear, drops sent mail bodies, and runs once", async () => {
    const db = getDb();
    const { token, id: profileId } = await profileWithToken("fin-test");
    const posted = await json<{ result: { jobid: number }[] }>(
      await call(postJobs, "/fin-test/rest/jobs", {
        token,
        body: { datastream: { dataset: [invoice({ govid: "131052-308T", addaddress: [{ addresstype: "5", person: "Matti", govid: "010203A1230" }] })] } },
      }),
    );
    const jobid = posted.result[0]!.jobid;
    // As an older version stored them.
    const clearItem = { ...openPersonalIds((await db.job.findUniqueOrThrow({ where: { id: jobid } })).data as object) };
    await db.job.update({ where: { id: jobid }, data: { data: clearItem } });
    await db.profile.update({
      where: { id: profileId },
      data: { onboardingData: { customer_info: { business_id: "0737546-2" }, users: [{ first_name: "Liisa", ssn: "131052-308T" }] } },
    });
    const { organizationId } = await createTestOrganization(db);
    const caseId = randomUUID();
    await db.portalCase.create({
      data: { id: caseId, organizationId, environment: "fin-test", country: "FIN", cid: "c", jobid: 1, job: { govid: "131052-308T" } },
    });
    const userId = randomUUID();
    await db.portalUser.create({
      data: { id: userId, organizationId, email: `drafts-${userId}@example.test`, name: "Clerk", passwordHash: "x", role: "clerk" },
    });
    const draftId = randomUUID();
    await db.portalDraft.create({
      data: { id: draftId, organizationId, userId, kind: "invoice", title: "Maija", data: { name: "Maija", govid: "131052-308T" } },
    });
    const waiting = randomUUID();
    const sent = randomUUID();
    const now = new Date();
    await db.mailMessage.createMany({
      data: [
        { id: waiting, to: "a@example.fi", subject: "s", text: "https://x.test/onboarding/token-1", createdAt: now },
        { id: sent, to: "b@example.fi", subject: "s", text: "https://x.test/onboarding/token-2", status: "sent", createdAt: now },
      ],
    });

    expect(await runDataUpgrades(db)).toEqual(["0001_seal_personal_ids", "0002_seal_draft_personal_ids", "0003_canonical_govid_hashes"]);

    const job = await db.job.findUniqueOrThrow({ where: { id: jobid } });
    expect(JSON.stringify(job.data)).not.toMatch(/131052|010203/);
    expect(openPersonalIds(job.data as object)).toEqual(clearItem);
    const profile = await db.profile.findUniqueOrThrow({ where: { id: profileId } });
    expect(JSON.stringify(profile.onboardingData)).not.toContain("131052");
    expect(JSON.stringify((await db.portalCase.findUniqueOrThrow({ where: { id: caseId } })).job)).not.toContain("131052");
    const mail = await db.mailMessage.findUniqueOrThrow({ where: { id: waiting } });
    expect(isSealed(mail.text) && unseal(mail.text)).toBe("https://x.test/onboarding/token-1");
    expect((await db.mailMessage.findUniqueOrThrow({ where: { id: sent } })).text).toBe("");
    const draft = await db.portalDraft.findUniqueOrThrow({ where: { id: draftId } });
    expect(JSON.stringify(draft.data)).not.toContain("131052");
    expect(openPersonalIds(draft.data as object)).toEqual({ name: "Maija", govid: "131052-308T" });

    // Recorded: a later start does not scan again.
    await db.job.update({ where: { id: jobid }, data: { data: clearItem } });
    expect(await runDataUpgrades(db)).toEqual([]);
    expect(await db.dataUpgrade.count()).toBe(3);
  });

  it("keys each job's identity code by its one spelling, as an older version did not", async () => {
    const db = getDb();
    const { token } = await profileWithToken("swe-test");
    const local = { postcode: "111 22", city: "Stockholm", address: "Storgatan 1" };
    const posted = await json<{ result: { jobid: number }[] }>(
      await call(postJobs, "/swe-test/rest/jobs", { token, body: { datastream: { dataset: [invoice({ ...local, govid: "811228-9874" }), invoice(local)] } } }),
    );
    const [withId, without] = posted.result.map((result) => result.jobid);
    // As an older version keyed it: the code as written, spaces removed, in capitals.
    await db.job.update({ where: { id: withId }, data: { nationalIdHash: lookupHash("govid", "811228-9874") } });
    await db.dataUpgrade.deleteMany({ where: { name: "0003_canonical_govid_hashes" } });

    expect(await runDataUpgrades(db)).toEqual(["0003_canonical_govid_hashes"]);

    const rows = await db.job.findMany({ where: { id: { in: [withId!, without!] } }, orderBy: { id: "asc" }, select: { nationalIdHash: true } });
    expect(rows.map((row) => row.nationalIdHash)).toEqual([govidStoreHash("198112289874", "SWE", "2026-11-26"), null]);
  });
});
