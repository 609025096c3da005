import countries from "i18n-iso-countries";
import { z } from "zod";

import { ADDRESS_TYPE_CODES, BILLTEMPLATES, CURRENCIES, CUSTOMERTYPE_CODES, DOCUMENT_LANGUAGES, JOBTYPE_CODES, SENDTYPES } from "./codes";
import { DATASET_ITEM_DESCRIPTIONS, PAYROW_DESCRIPTIONS } from "./dataset-item-descriptions";
import { fastArray, fastObject, fastPathOf, fastValue, UNDECIDED, withFastPath } from "./fast-path";
import { calendarDate, decimal, email, expected, expectedRule, flag, identifier, integer, integerCode, money, oneOf, optional, text } from "./primitives";
import { ruleError } from "./problems";

/*
 * One job: an item of datastream.dataset[]. Every member the specification lists is here with its
 * type. Members the specification lists without describing them ("not shown") are accepted as
 * objects or arrays of objects and stored as sent. Unknown members are kept too (loose objects):
 * the interface is wide and older ERPs send more than it names; intake reports them in `notice`.
 *
 * The per-job-kind minimum data is not part of this shape: see minimum-data.ts.
 */

const NAME = 200;
const LINE = 255;
const LONG = 4000;
/** A PDF embedded as base64 may be at most 10 MiB decoded; base64 is 4/3 of that. */
export const MAX_EMBEDDED_FILE_BYTES = 10 * 1024 * 1024;
const MAX_BASE64_CHARS = Math.ceil(MAX_EMBEDDED_FILE_BYTES / 3) * 4 + 1024;
const MAX_ROWS = 1000;
/** A payment plan of payplancount instalments, payplaninterval months apart (lifecycle/payment-plan.ts reads them by these too). */
export const PAYPLAN_LIMITS = { count: { min: 1, max: 600 }, intervalMonths: { min: 1, max: 12 } } as const;

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/;

/** A loose object (unknown members kept) that parses its known members by their fast paths. */
const record = <T extends z.core.$ZodLooseShape>(shape: T) => withFastPath(z.looseObject(shape), fastObject(shape));

/** .meta() makes a new schema; the fast path goes with it. */
const described = <T extends z.ZodType>(schema: T, meta: Parameters<T["meta"]>[0]): T => withFastPath(schema.meta(meta) as T, fastPathOf(schema));

/** A country as an ISO 3166-1 code: two or three letters (not the numeric form). */
export const countryCode = () =>
  withFastPath(
    z
      .string({ error: expected("an ISO 3166-1 country code") })
      .regex(/^[A-Za-z]{2,3}$/, { error: "must be an ISO 3166-1 country code of two or three letters" })
      .refine((code) => countries.isValid(code.toUpperCase()), { error: "must be an ISO 3166-1 country code" })
      .transform((code) => code.toUpperCase()),
    (value) => (typeof value === "string" && /^[A-Za-z]{2,3}$/.test(value) && countries.isValid(value.toUpperCase()) ? value.toUpperCase() : UNDECIDED),
  );

/** A country as an ISO 3166-1 alpha-3 code (FIN, SWE, NOR…), as letters and onboarding want it. */
export const alpha3CountryCode = () =>
  z
    .string({ error: expectedRule("alpha3Country") })
    .regex(/^[A-Za-z]{3}$/, { error: ruleError("alpha3Country") })
    .refine((code) => countries.isValid(code.toUpperCase()), { error: ruleError("alpha3Country") })
    .transform((code) => code.toUpperCase());

/** One or more e-mail addresses separated by "," or ";" (the interface's "addresses"). */
export const emailList = () =>
  z
    .string({ error: expected("an e-mail address") })
    .max(1000, { error: ruleError("maxLength", { max: 1000 }) })
    .refine(
      (value) => {
        const parts = value
          .split(/[;,]/)
          .map((part) => part.trim())
          .filter(Boolean);
        return parts.length > 0 && parts.every((part) => email().safeParse(part).success);
      },
      { error: ruleError("emailList") },
    );

/** Sub-records the specification names without describing: stored as sent. */
const undescribed = () =>
  optional(
    z.union([z.array(z.looseObject({})).max(MAX_ROWS, { error: `must have at most ${MAX_ROWS} items` }), z.looseObject({})], {
      error: expected("an object or an array of objects"),
    }),
  );

const payrowShape = {
  desc: optional(text(1000)),
  count: optional(decimal({ places: 6, min: -1e9, max: 1e9 })),
  itemtype: optional(text(50)),
  amount: optional(decimal({ places: 6 })),
  taxpr: optional(decimal({ places: 2, min: 0, max: 100 })),
  discountpr: optional(decimal({ places: 2, min: 0, max: 100 })),
};

export const payrowSchema = described(
  record(
    Object.fromEntries(
      Object.entries(payrowShape).map(([name, schema]) => [name, described(schema, { description: PAYROW_DESCRIPTIONS[name] ?? "" })]),
    ) as typeof payrowShape,
  ),
  {
    id: "Payrow",
    description:
      "An invoice row. count × amount (unit price excluding VAT), less the discountpr percentage when given, gives the row's net; taxpr is the VAT percentage. Numbers may be sent as strings.",
  },
);
export type Payrow = z.output<typeof payrowSchema>;

export const accountrowSchema = described(
  record({
    accountid: optional(integer({ min: 0 })),
    netamount: optional(money()),
    vatamount: optional(money()),
    debit: optional(money()),
    credit: optional(money()),
    desc: optional(text(1000)),
    taxpr: optional(decimal({ places: 2, min: 0, max: 100 })),
    servicecode: optional(text(LINE)),
    servicecode_name: optional(text(LINE)),
    type: optional(text(LINE)),
  }),
  { id: "Accountrow", description: "An accounting row of the Embed model (export line to the principal's accounting)." },
);

/** The members that describe a party (the recipient, or an additional address), alike in both. */
const partyMembers = {
  customertype: optional(integerCode(CUSTOMERTYPE_CODES)),
  person: optional(text(NAME)),
  company: optional(text(NAME)),
  address: optional(text(LINE)),
  addressaddline1: optional(text(LINE)),
  addressaddline2: optional(text(LINE)),
  addressaddline3: optional(text(LINE)),
  addresscountry: optional(countryCode()),
  countryname: optional(text(LINE)),
  postcode: optional(text(20)),
  city: optional(text(LINE)),
  department: optional(text(LINE)),
  contactperson: optional(text(NAME)),
  contactpersontitle: optional(text(LINE)),
  contactpersondepartment: optional(text(LINE)),
  phone: optional(text(50)),
  email: optional(emailList()),
  ovt: optional(text(50)),
  govid: optional(text(50)),
  vatid: optional(text(50)),
  custnum: optional(identifier(LINE)),
};

const addaddressSchema = described(
  record({
    ...partyMembers,
    partytext: optional(text(LINE)),
    partycode: optional(text(LINE)),
    sitecode: optional(text(LINE)),
    addresstype: optional(integerCode(ADDRESS_TYPE_CODES)),
  }),
  { id: "Addaddress", description: "An additional address: mailing, delivery, billing, secondary debtor and others (addresstype)." },
);

const secondarySendtypeSchema = record({
  sendtype: optional(oneOf(SENDTYPES)),
  evoice: optional(text(100)),
  evoiceint: optional(text(100)),
});

const imageSchema = described(
  record({
    filename: optional(text(LINE)),
    file: optional(
      z
        .string({ error: expected("a base64-encoded PDF") })
        .max(MAX_BASE64_CHARS, { error: `must be at most ${MAX_EMBEDDED_FILE_BYTES} bytes decoded` })
        .regex(BASE64, { error: "must be base64-encoded" }),
    ),
  }),
  {
    id: "Image",
    description: "The document's PDF: base64 in file, or the name of a PDF in the same ZIP package in filename.",
  },
);

const contractSchema = record({ contract_no: optional(text(LINE)) });

const usageplaceSchema = record({
  address: optional(
    record({
      address: optional(text(LINE)),
      city: optional(text(LINE)),
      addresscountry: optional(countryCode()),
      postcode: optional(text(20)),
      sitecode: optional(text(LINE)),
    }),
  ),
  energycontract: optional(withFastPath(z.array(contractSchema).max(MAX_ROWS), fastArray(contractSchema, MAX_ROWS))),
});

const propertyrowSchema = record({
  propname: optional(text(LINE)),
  propvalue: optional(text(LONG)),
});

const instalmentSchema = record({
  date: optional(calendarDate()),
  amount: optional(money()),
});

const rows = <T extends z.ZodType>(schema: T) =>
  optional(
    withFastPath(z.array(schema, { error: expected("an array") }).max(MAX_ROWS, { error: `must have at most ${MAX_ROWS} items` }), fastArray(schema, MAX_ROWS)),
  );

const itemShape = {
  jobtype: optional(integerCode(JOBTYPE_CODES)),
  ...partyMembers,
  country: optional(text(LINE)),
  email2: optional(emailList()),
  evoice: optional(text(100)),
  evoiceint: optional(text(100)),
  customerid: optional(integer({ min: 0 })),
  billdate: optional(calendarDate()),
  paydate: optional(calendarDate()),
  xmldate: optional(calendarDate()),
  accountdate: optional(calendarDate()),
  period: optional(calendarDate()),
  vatperiod: optional(calendarDate()),
  deliverydate: optional(calendarDate()),
  deliverymethod: optional(text(LINE)),
  deliveryterm: optional(text(LINE)),
  billnum: optional(identifier(50)),
  origbillnum: optional(identifier(50)),
  billcode: optional(identifier(50)),
  checkbillnum: optional(flag()),
  cashbill: optional(flag()),
  amount: optional(money()),
  netamount: optional(money()),
  vatamount: optional(money()),
  totalamount: optional(money()),
  advancepayment: optional(money()),
  currency: optional(oneOf(CURRENCIES)),
  foreignamount: optional(money()),
  foreigncurrency: optional(z.string().regex(/^[A-Z]{3}$/, { error: "must be an ISO 4217 currency code" })),
  negvat: optional(flag()),
  vatlayout: optional(flag()),
  billtemplate: optional(oneOf(BILLTEMPLATES)),
  billtemplateid: optional(integer({ min: 0 })),
  language: optional(oneOf(DOCUMENT_LANGUAGES)),
  sendtype: optional(oneOf(SENDTYPES)),
  secondarysendtype: rows(secondarySendtypeSchema),
  sensible: optional(flag()),
  postclass: optional(integerCode([1, 2] as const)),
  color: optional(flag()),
  doublesided: optional(flag()),
  collectioninvoice: optional(flag()),
  collectionprocess: optional(text(LINE)),
  claimtext: optional(text(LONG)),
  noticedate: optional(calendarDate()),
  noticedate2: optional(calendarDate()),
  noticedate3: optional(calendarDate()),
  noticedate4: optional(calendarDate()),
  noticefee: optional(money({ min: 0 })),
  overdueinterest: optional(decimal({ places: 4, min: 0, max: 100 })),
  putonhold: optional(flag()),
  finance: optional(flag()),
  payplanamount: optional(money({ min: 0 })),
  payplancount: optional(integer(PAYPLAN_LIMITS.count)),
  payplaninterval: optional(integer(PAYPLAN_LIMITS.intervalMonths)),
  payplan: optional(record({ instalment: rows(instalmentSchema) })),
  refundtobillnum: optional(identifier(50)),
  refundtojobid: optional(integer({ min: 1 })),
  refundiban: optional(text(42)),
  refundmessage: optional(text(LINE)),
  refundmessagetype: optional(integerCode([1, 3] as const)),
  ordernumber: optional(integer({ min: 0 })),
  ourcode: optional(text(LINE)),
  yourcode: optional(text(LINE)),
  model: optional(text(LINE)),
  ownref: optional(identifier(LINE)),
  pdfname: optional(text(LINE).regex(/^[^/\\\0\r\n"]+$/, { error: "must be a plain file name without path separators or quotes" })),
  freetext: optional(text(LONG)),
  salesman: optional(integer({ min: 0 })),
  salesmanname: optional(text(NAME)),
  servicecode: optional(text(LINE)),
  servicecode_name: optional(text(LINE)),
  servicecode_dimension: optional(text(LINE)),
  voucherbatch: optional(text(LINE)),
  vouchernum: optional(text(LINE)),
  TA0001: optional(text(LINE)),
  TA0002: optional(text(LINE)),
  TA0003: optional(oneOf(["Y", "N"] as const)),
  avtalegiro: optional(text(LINE)),
  autogiro: optional(text(LINE)),

  addaddress: rows(addaddressSchema),
  accountrow: rows(accountrowSchema),
  payrow: rows(payrowSchema),
  propertyrow: rows(propertyrowSchema),
  contract: rows(contractSchema),
  usageplaces: rows(usageplaceSchema),
  image: optional(imageSchema),
  advancepayments: undescribed(),
  attachment: undescribed(),
  cashdiscountrow: undescribed(),
  originalcurrency: undescribed(),
  definitiondetails: undescribed(),
  links: undescribed(),
  packagedetails: undescribed(),
  payee: undescribed(),
  marks: undescribed(),
  taxrow: undescribed(),
  xmldetailsrow: undescribed(),
  freetexts: undescribed(),
  discounts: undescribed(),
  charges: undescribed(),
  originalinvoicereferences: undescribed(),
  partialpayments: undescribed(),
  interestrates: undescribed(),
  classification: undescribed(),
  sendparameters: undescribed(),
  /** Sub-items (for instance the sub invoices of a collection invoice); each is validated as a job. */
  subset: rows(z.looseObject({})),
};

export const DATASET_ITEM_FIELDS: ReadonlySet<string> = new Set(Object.keys(itemShape));

const describedShape = Object.fromEntries(
  Object.entries(itemShape).map(([name, schema]) => {
    const description = DATASET_ITEM_DESCRIPTIONS[name] ?? "Not described by the specification; stored as sent.";
    return [name, described(schema, { description })];
  }),
) as typeof itemShape;

export const datasetItemSchema = z.looseObject(describedShape).meta({
  id: "DatasetItem",
  // The formal schema's required members; which others a job needs depends on its jobtype.
  override: { required: ["jobtype", "address", "city", "customertype"] },
  description:
    "One job. Which members are required depends on jobtype: see the minimum data per job kind in the description of POST /jobs. Integers may be sent as strings, optional members as null.",
});

export type DatasetItem = z.output<typeof datasetItemSchema>;
export type DatasetItemInput = z.input<typeof datasetItemSchema>;

const FIELD_SCHEMAS: Readonly<Record<string, z.ZodType>> = describedShape;

/**
 * datasetItemSchema.safeParse, member by member over the members the item has, each by its fast
 * path when it has one (fast-path.ts). Every member of the shape is optional, so skipping the
 * absent ones changes nothing in the outcome, but an item has some 15 of the 130 members, and zod
 * would visit all 130. A property test holds the two to the same answers.
 */
export function parseDatasetItem(raw: unknown): z.ZodSafeParseResult<DatasetItem> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return datasetItemSchema.safeParse(raw);
  const out: Record<string, unknown> = {};
  const issues: z.core.$ZodIssue[] = [];
  for (const [key, value] of Object.entries(raw)) {
    // As zod does: a member named __proto__ (JSON.parse makes it an own member) is dropped.
    if (key === "__proto__") continue;
    const schema = Object.hasOwn(FIELD_SCHEMAS, key) ? FIELD_SCHEMAS[key] : undefined;
    let parsed = value;
    if (schema) {
      const fast = fastValue(schema, value);
      if (fast !== UNDECIDED) {
        if (fast !== undefined) out[key] = fast;
        continue;
      }
      const result = schema.safeParse(value);
      if (!result.success) {
        for (const issue of result.error.issues) issues.push({ ...issue, path: [key, ...issue.path] });
        continue;
      }
      parsed = result.data;
    }
    out[key] = parsed;
  }
  if (issues.length > 0) return { success: false, error: new z.ZodError(issues) } as z.ZodSafeParseResult<DatasetItem>;
  return { success: true, data: out as DatasetItem };
}
