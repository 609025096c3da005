import { apikeyReceiverViewSchema } from "../apikey-receiver";
import { createProfileRequestSchema, createProfileResponseSchema } from "../create-profile";
import { defineOperation } from "../operation";
import { profileSettingsPatchSchema, profileSettingsSchema } from "../profile-settings";
import { sftpKeysRequestSchema, sftpKeysSchema } from "../sftp";

import { receiverBody } from "./events";
import { json, notJson, problem, unauthorized } from "./responses";

/* Onboarding of customer profiles, and a profile's own settings. */

export const profileTags = [{ name: "Profiles", description: "Onboarding of customer profiles, and a profile's own settings." }];

const apikeyDescription = `
Where the apicodes of the customer profiles this partner creates (POST /profile/createprofile) are
delivered, with the same URL and credential rules as PUT /events/receiver: OAuth 2.0 client
credentials (client_secret_post) or HTTP Basic; https only in production. Requires
create_customer_api.

When a profile the partner created becomes complete (status created: at once, or when the customer
finishes the onboarding wizard), the service issues its apicode and POSTs one ApikeyMessage
(\`{ id, cid, apicode, environment, business_id, profile_uuid, issued_at }\`) to the receiver. A 2xx
answer delivers it, and the service then forgets the apicode (it keeps only a hash). 5xx, 408,
429, timeouts and connection errors are retried with exponential backoff and full jitter for 26
hours; another 4xx (a 401 after a fresh OAuth token) or a 3xx marks it failed. Putting the
receiver again retries failed deliveries. Without a receiver, support issues the apicode as
before. The receiver should dedupe by \`id\` (or cid and environment): a delivery whose answer was
lost is sent again.
`.trim();

const createProfileDescription = `
Creates a customer profile in the caller's environment. Requires a token of a profile whose contract
includes create_customer_api (403 otherwise).

Only customer_info.business_id and contact_person.email are required. A complete profile also needs
customer_info name, street_address, postal_code, town_or_city, country, liable_to_pay_vat (and
vat_number unless it is 2), customer_company_type in Finland, a customer service telephone or
e-mail, contact_person.name, services.service_types, the settlement account (type, number, owner)
and ropo_service_fees.invoicing_method with its address. Acceptor e-mails default to the contact
person's; language and currency to the country's. Two optional members, our additions to the
specification, are printed among the particulars company law asks on the creditor's invoices and
letters: customer_info.registered_office (kotipaikka, säte) and, in Norway,
customer_info.foretaksregisteret (when not given, an AS or ASA by its name is taken as registered).

- Everything supplied: \`status: created\`, onboarding is skipped.
- Something missing: \`status: onboarding\`; the contact person gets a link to the onboarding wizard.
- Something missing and allowIncompleteData true: \`status: incomplete\`, stored for later completion.

\`missing\` lists what a complete profile still needs. Calling again with the same business id (or
additional_information.profile_uuid) completes this partner's stored profile: the members sent go
over the stored ones. Country rules: business ids, VAT numbers and accounts are checked by the
country's algorithms; reference_length (10–25) is only for Norway and Sweden; bank_account_type is
IBAN only in Finland, IBAN or BBAN in Norway, any in Sweden. A created profile's apicode is issued
by support. Mail of test environments is not sent out but kept by the service.
`.trim();

const sftpDescription = `
ZIP packages (the same as POST /jobs takes as application/zip) may also come by SFTP, to the server
the service runs beside its REST interface (its port is the operator's SFTP_PORT, 2222 by default).
Sign in as \`<environment>.<cid>\` (fin-test.100001) with the apicode as the password, or with one
of these keys. The profile sees only its own folder. A package whose name ends in .zip is taken in
when its upload closes (or when it is renamed to .zip), as POST /jobs would take it; its answer, the
JSON body POST /jobs would have answered (result records, or a problem), is written beside it as
\`<name>.result.json\` once intake is done. The same file uploaded again (name and bytes) is
answered as the first time and stores nothing twice.
`.trim();

export const profileOperations = {
  getSettings: defineOperation({
    method: "get",
    path: "/profile/settings",
    auth: "bearer",
    doc: {
      operationId: "getProfileSettings",
      tags: ["Profiles"],
      summary: "Show the profile's settings",
      responses: { "200": json("The settings.", profileSettingsSchema), "401": unauthorized },
    },
  }),
  patchSettings: defineOperation({
    method: "patch",
    path: "/profile/settings",
    auth: "bearer",
    body: { kind: "json", schema: profileSettingsPatchSchema, limit: 4096, what: "settings" },
    doc: {
      operationId: "patchProfileSettings",
      tags: ["Profiles"],
      summary: "Change the profile's settings",
      description:
        "Changes the members given; the others keep their value. A change applies to what happens from then on: events already sent stay as they were.",
      responses: {
        "200": json("The settings after the change.", profileSettingsSchema),
        "400": problem("Malformed JSON, an unknown member or a value not allowed; `problems` names each."),
        "401": unauthorized,
        "415": notJson,
      },
    },
  }),
  getSftpKeys: defineOperation({
    method: "get",
    path: "/profile/sftpkeys",
    auth: "bearer",
    doc: {
      operationId: "getSftpKeys",
      tags: ["Profiles"],
      summary: "The profile's SFTP user name and the public keys that may sign in with it",
      responses: { "200": json("The user name and keys.", sftpKeysSchema), "401": unauthorized },
    },
  }),
  putSftpKeys: defineOperation({
    method: "put",
    path: "/profile/sftpkeys",
    auth: "bearer",
    body: { kind: "json", schema: sftpKeysRequestSchema, limit: 128 * 1024, what: "SFTP keys" },
    doc: {
      operationId: "putSftpKeys",
      tags: ["Profiles"],
      summary: "Set the public keys that may sign in to the SFTP server as this profile",
      description: sftpDescription,
      responses: {
        "200": json("The keys now in force.", sftpKeysSchema),
        "400": problem("Malformed JSON, more than 10 keys, or a key that is no OpenSSH public key of an accepted kind; `problems` names each."),
        "401": unauthorized,
        "415": notJson,
      },
    },
  }),
  createProfile: defineOperation({
    method: "post",
    path: "/profile/createprofile",
    auth: "bearer",
    // Checked by the domain: its rules depend on the environment's country, and a partner without
    // create_customer_api is refused (403) before its body is looked at.
    body: { kind: "json-value", documented: createProfileRequestSchema, limit: 256 * 1024, what: "profile" },
    doc: {
      operationId: "createProfile",
      tags: ["Profiles"],
      summary: "Create a customer profile",
      description: createProfileDescription,
      responses: {
        "200": json("Created, onboarding, or stored for later completion.", createProfileResponseSchema),
        "400": problem("Malformed JSON or invalid data; `problems` names each member."),
        "401": unauthorized,
        "403": problem("The profile's contract does not include create_customer_api."),
        "405": problem("A method other than POST."),
        "409": problem("This partner's profile for the business id is created already."),
        "415": notJson,
      },
    },
  }),
  putApikeyReceiver: defineOperation({
    method: "put",
    path: "/profile/apikeyreceiver",
    auth: "bearer",
    body: receiverBody,
    doc: {
      operationId: "putApikeyReceiver",
      tags: ["Profiles"],
      summary: "Set where the apicodes of the profiles this partner creates are delivered",
      description: apikeyDescription,
      responses: {
        "201": json("Created.", apikeyReceiverViewSchema),
        "200": json("Replaced; failed deliveries are tried again.", apikeyReceiverViewSchema),
        "400": problem("Malformed JSON or invalid members; `problems` names each."),
        "401": unauthorized,
        "403": problem("The profile's contract does not include create_customer_api."),
        "415": notJson,
      },
    },
  }),
  getApikeyReceiver: defineOperation({
    method: "get",
    path: "/profile/apikeyreceiver",
    auth: "bearer",
    doc: {
      operationId: "getApikeyReceiver",
      tags: ["Profiles"],
      summary: "Show the apicode receiver and its newest deliveries",
      description: 'The receiver without its secret (clientSecret or password shows "set"), and the newest deliveries without their apicodes.',
      responses: {
        "200": json("The receiver.", apikeyReceiverViewSchema),
        "401": unauthorized,
        "403": problem("The profile's contract does not include create_customer_api."),
        "404": problem("The profile has no apicode receiver."),
      },
    },
  }),
  deleteApikeyReceiver: defineOperation({
    method: "delete",
    path: "/profile/apikeyreceiver",
    auth: "bearer",
    doc: {
      operationId: "deleteApikeyReceiver",
      tags: ["Profiles"],
      summary: "Remove the apicode receiver",
      description:
        "Profiles completed from now on get their apicode from support again. Deliveries still pending are dropped with their apicodes: " +
        "support issues those profiles a new one.",
      responses: {
        "204": { description: "Removed." },
        "401": unauthorized,
        "403": problem("The profile's contract does not include create_customer_api."),
        "404": problem("The profile has no apicode receiver."),
      },
    },
  }),
};
