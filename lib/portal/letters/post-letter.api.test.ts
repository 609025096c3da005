import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { ActionError } from "@/lib/portal/actions/validated-action";
import type { PortalUser } from "@/lib/portal/auth/session";
import { saveConnection, type Connection } from "@/lib/portal/connections/connections";
import { seedDemoProfiles } from "@/lib/service/profiles/seed-demo-profiles";
import { ruleKeyed } from "@/lib/spec/rules";
import { installServiceFetch, SERVICE_ORIGIN, type ServiceFetch } from "@/lib/testing/install-service-fetch";
import { TINY_PDF } from "@/lib/testing/jobs";

import { defaultLetterValues, type LetterFormValues } from "./letter-form";
import { postLetter } from "./post-letter";

/*
 * The letter form's post against the service's real route handlers and a real database: an
 * accepted letter opens its case; a letter the service refuses comes back with its reasons on the
 * form's fields.
 */

let service: ServiceFetch;
let connection: Connection;
const org = randomUUID();
const user: PortalUser = { id: randomUUID(), organizationId: org, email: "letters@example.test", name: "Letter Clerk", role: "clerk", locale: "eng" };

beforeAll(async () => {
  const db = getDb();
  await seedDemoProfiles(db);
  await db.portalOrganization.create({ data: { id: org, name: "Letters Oy" } });
  connection = await saveConnection(
    db,
    org,
    { environment: "fin-test", label: "Letters", baseUrl: `${SERVICE_ORIGIN}/fin-test/rest`, cid: "demo-fin", apicode: "demo-fin-apicode" },
    randomUUID(),
  );
  service = installServiceFetch();
});

afterAll(() => service.restore());

function values(overrides: Partial<LetterFormValues> = {}): LetterFormValues {
  return {
    ...defaultLetterValues({ connectionId: connection.id, country: "FIN" }),
    name: "Maija Meikäläinen",
    address: "Esimerkkikatu 1",
    postcode: "00100",
    city: "Helsinki",
    pdf: { name: "letter.pdf", size: TINY_PDF.length, data: TINY_PDF.toString("base64") },
    ...overrides,
  };
}

describe("postLetter", () => {
  it("posts the letter and opens its case", async () => {
    const ownref = `letter-${randomUUID()}`;
    const posted = await postLetter(values({ ownref, documenttype: "contract" }), user);
    expect(posted).toMatchObject({ receiver: "Maija Meikäläinen", jobstatus: "301", sendtype: "post", ownref, country: "FIN" });
    expect(posted.jobid).toBeGreaterThan(0);
    const stored = await getDb().portalCase.findFirst({ where: { organizationId: org, documentid: ownref } });
    expect(stored?.id).toBe(posted.caseId);
    expect(stored?.job).toMatchObject({ jobtype: "301", propertyrow: [{ propname: "documenttype", propvalue: "contract" }] });
  });

  it("refuses a letter with the form's problems on their fields before the service sees it", async () => {
    const before = service.jobsRequests;
    const error = await postLetter(values({ city: "", sendtype: "email", email: "" }), user).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ActionError);
    expect((error as ActionError).fieldErrors).toMatchObject({ city: ruleKeyed("required"), email: expect.any(String) });
    expect(service.jobsRequests).toBe(before);
  });

  it("puts the service's refusal of the PDF on the PDF's field", async () => {
    // It starts like a PDF, so the form lets it through; the service cannot open it.
    const broken = Buffer.from("%PDF-1.4\nthis is no PDF at all\n");
    const error = await postLetter(values({ pdf: { name: "broken.pdf", size: broken.length, data: broken.toString("base64") } }), user).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ActionError);
    expect((error as ActionError).message).toMatch(/^The service refused the letter\./);
    expect(Object.keys((error as ActionError).fieldErrors)).toEqual(["pdf"]);
  });

  it("refuses a file that is not a PDF at all", async () => {
    const error = await postLetter(values({ pdf: { name: "a.pdf", size: 5, data: Buffer.from("hello").toString("base64") } }), user).catch(
      (caught: unknown) => caught,
    );
    expect((error as ActionError).fieldErrors.pdf).toBe("The file does not open as a PDF.");
  });
});
