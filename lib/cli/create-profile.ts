/*
 * Support's command for a new customer profile in one environment:
 *   npm run profile:create -- --environment fin-prod --business-id 2617416-4 --name "Firma Oy"
 *     --street "Katu 1" --postcode 00100 --city Helsinki --iban FI2112345600000785
 *     [--bic …] [--bankgiro …] [--plusgiro …] [--account …] [--vat-number …] [--registered-office …]
 *     [--email …] [--phone …] [--create-customer-api true] [--reference-format rf] [--reference-length 10-25]
 * The address and an account the country's debtors pay to (Finland an IBAN; Sweden a bankgiro,
 * plusgiro, bank account or IBAN; Norway an account number or IBAN) are required: they are what
 * the profile's invoices and letters print as the seller's (service/profiles/creditor-options.ts).
 * Prints the cid and the apicode; the apicode is shown this once and stored only as a hash.
 */
import { randomUUID } from "node:crypto";

import { z } from "zod";

import { closeDb, getDb } from "../db/client";
import { migrate } from "../db/migrate";
import { getEnv } from "../env";
import { generateApicode, hashApicode } from "../platform/secret-hash";
import { reserveNumbers } from "../service/counters";
import { creditorFromOptions, creditorOptionsShape } from "../service/profiles/creditor-options";
import { environment as environmentById, ENVIRONMENT_IDS } from "../spec/environments";
import { isValidBusinessId, isValidPersonalId } from "../spec/national-ids";

import { parseOptions } from "./args";

const options = parseOptions(
  "npm run profile:create -- --environment <id> --business-id <id> --name <name> --street <street> --postcode <code> --city <city> (--iban <iban> | --bankgiro <nr> | --plusgiro <nr> | --account <nr>) [--bic <bic>] [--vat-number <nr>] [--registered-office <town>] [--email <address>] [--phone <nr>] [--create-customer-api true] [--reference-format national|rf] [--reference-length 10-25]",
  {
    ...creditorOptionsShape,
    environment: z.enum(ENVIRONMENT_IDS),
    "business-id": z.string().min(1),
    name: z.string().min(1),
    "create-customer-api": z.enum(["true", "false"]).default("false"),
    /** Finland: the format of the references the service creates. */
    "reference-format": z.enum(["national", "rf"]).default("national"),
    /** Sweden and Norway: fixed length of created OCR numbers and KIDs. */
    "reference-length": z.coerce.number().int().min(10).max(25).optional(),
  },
);

const environment = environmentById(options.environment);
const businessId = options["business-id"];
if (!isValidBusinessId(environment.country, businessId) && !isValidPersonalId(environment.country, businessId)) {
  console.error(`--business-id: ${businessId} is not a valid ${environment.rules.name} business id or personal identity code`);
  process.exit(2);
}
if (options["reference-format"] === "rf" && environment.country !== "FIN") {
  console.error("--reference-format: RF references are created in Finland; Sweden and Norway use OCR and KID");
  process.exit(2);
}
if (options["reference-length"] !== undefined && environment.country === "FIN") {
  console.error("--reference-length: applies only in Norway and Sweden");
  process.exit(2);
}

const creditor = creditorFromOptions(environment.country, { name: options.name, businessId }, options);
if (!creditor.ok) {
  for (const problem of creditor.problems) console.error(problem);
  process.exit(2);
}

await migrate(getEnv().DATABASE_URL);
const db = getDb();
const apicode = generateApicode();
const apicodeHash = await hashApicode(apicode);
const cid = await db.$transaction(async (tx) => {
  const next = String(await reserveNumbers(tx, `cid:${environment.id}`, 1, 100_001));
  await tx.profile.create({
    data: {
      id: randomUUID(),
      environment: environment.id,
      cid: next,
      apicodeHash,
      status: "created",
      businessId,
      name: options.name,
      creditor: creditor.creditor,
      createCustomerApi: options["create-customer-api"] === "true",
      referenceFormat: options["reference-format"],
      referenceLength: options["reference-length"] ?? null,
    },
  });
  return next;
});
await closeDb();
console.log(`environment ${environment.id}\ncid         ${cid}\napicode     ${apicode}\n(the apicode is not shown again)`);
