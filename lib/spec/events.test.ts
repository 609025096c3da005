import { describe, expect, it } from "vitest";

import { ALL_DISTRIBUTION_CHANNELS, CREDITLOSS_REASONS, DISTRIBUTION_CHANNELS, DUEDATE_SOURCES } from "./codes";
import { eventBatchSchema, eventDataSchema, MAX_MESSAGES_PER_BATCH, MESSAGE_TYPES, messagesByType } from "./events";

const cid = "100001";
const time = "2026-11-22T10:15:00+02:00";

/** The smallest message of each type that carries what the specification marks mandatory. */
const minimal = {
  delivery: { cid, jobid: 5001, status: "delivered", statustime: time },
  lcstatus: { cid, jobid: 5001, code: 101, time },
  payment: { cid, jobid: 5001, time, amount: 251 },
  contract: { cid, contract_no: "E-1001", contractstatus: "terminated" },
  creditnote: { cid, jobid: 5002, type: "allocated", time, amount: 50 },
  creditloss: { cid, type: "creditloss" },
  duedateupdate: { cid, currentpaydate: "2026-12-20", source: "online" },
  disconnect: { cid, usageplacecode: "UP-1", contract_no: "E-1001" },
  reconnect: { cid, usageplacecode: "UP-1", contract_no: "E-1001" },
  telecomdisconnect: { cid, customernumber: "K-1", time },
  telecomreconnect: { cid, customernumber: "K-1", time },
  receiverproposal: { cid, proposalid: 7, action: "add", time },
} as const;

const batch = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ created_at: time, id: "batch-1", data, ...extra });
const accepts = (data: Record<string, unknown>) => eventBatchSchema.safeParse(batch(data)).success;

describe("the message types", () => {
  it("are the eleven arrays the specification's envelope lists, and the service's receiverproposal", () => {
    expect([...MESSAGE_TYPES]).toEqual([
      "delivery",
      "lcstatus",
      "payment",
      "contract",
      "creditnote",
      "creditloss",
      "duedateupdate",
      "disconnect",
      "reconnect",
      "telecomdisconnect",
      "telecomreconnect",
      "receiverproposal",
    ]);
  });

  it.each(MESSAGE_TYPES)("accepts a %s message with its mandatory members", (type) => {
    expect(accepts({ [type]: [minimal[type]] })).toBe(true);
  });

  it.each(MESSAGE_TYPES)("requires cid in a %s message", (type) => {
    const { cid: _cid, ...withoutCid } = minimal[type];
    const result = eventBatchSchema.safeParse(batch({ [type]: [withoutCid] }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["data", type, 0, "cid"]]);
  });

  it("refuses an empty cid", () => {
    expect(accepts({ delivery: [{ ...minimal.delivery, cid: "" }] })).toBe(false);
  });

  it("accepts a batch that mixes message types", () => {
    const all = Object.fromEntries(MESSAGE_TYPES.map((type) => [type, [minimal[type]]]));
    expect(accepts(all)).toBe(true);
  });

  it("accepts a batch with no messages", () => {
    expect(accepts({})).toBe(true);
  });
});

describe("the envelope", () => {
  it("requires created_at, id and data", () => {
    for (const member of ["created_at", "id", "data"]) {
      const envelope: Record<string, unknown> = batch({});
      delete envelope[member];
      expect(eventBatchSchema.safeParse(envelope).success).toBe(false);
    }
  });

  it("refuses an empty batch id, by which receivers dedupe", () => {
    expect(eventBatchSchema.safeParse(batch({}, { id: "" })).success).toBe(false);
  });
});

describe("unknown fields", () => {
  it("keeps unknown fields of a message instead of refusing them", () => {
    const parsed = eventBatchSchema.parse(batch({ payment: [{ ...minimal.payment, newfield: "x", nested: { a: 1 } }] }));
    expect(parsed.data.payment?.[0]).toMatchObject({ newfield: "x", nested: { a: 1 } });
  });

  it.each(MESSAGE_TYPES)("keeps an unknown field of a %s message", (type) => {
    const parsed = eventBatchSchema.parse(batch({ [type]: [{ ...minimal[type], addedlater: 42 }] }));
    expect(messagesByType(parsed)[type]).toEqual([{ ...minimal[type], addedlater: 42 }]);
  });

  it("keeps unknown fields of the envelope and of data", () => {
    const parsed = eventBatchSchema.parse(batch({ futuretype: [{ cid }] }, { version: 2 }));
    expect(parsed).toMatchObject({ version: 2, data: { futuretype: [{ cid }] } });
  });

  it("keeps unknown fields in nested records: notes, errors, invoices and breakdowns", () => {
    const delivery = {
      ...minimal.delivery,
      status: "rejected",
      description: "Address missing",
      notes: [{ note: "n", by: "x" }],
      errors: [{ code: "E1", message: "m", extra: true }],
    };
    const disconnect = { ...minimal.disconnect, invoices: [{ jobid: 1, invoicenumber: "10045", extra: "y" }] };
    const payment = { ...minimal.payment, amountbreakdown: { capital: 1, interest: 0, expenses: 0, fees: 5 } };
    const parsed = eventBatchSchema.parse(batch({ delivery: [delivery], disconnect: [disconnect], payment: [payment] }));
    expect(parsed.data).toMatchObject({ delivery: [delivery], disconnect: [disconnect], payment: [payment] });
  });
});

describe("the two telecom spellings", () => {
  it("accepts telecom_disconnect and telecom_reconnect as well as telecomdisconnect and telecomreconnect", () => {
    expect(accepts({ telecom_disconnect: [minimal.telecomdisconnect], telecom_reconnect: [minimal.telecomreconnect] })).toBe(true);
    expect(accepts({ telecomdisconnect: [minimal.telecomdisconnect], telecomreconnect: [minimal.telecomreconnect] })).toBe(true);
  });

  it("validates messages under the underscore spelling like the others", () => {
    expect(accepts({ telecom_disconnect: [{ cid, time }] })).toBe(false);
    expect(accepts({ telecom_reconnect: [{ customernumber: "K-1", time }] })).toBe(false);
  });

  it("folds both spellings into one list per type in messagesByType", () => {
    const a = { ...minimal.telecomdisconnect, customernumber: "A" };
    const b = { ...minimal.telecomdisconnect, customernumber: "B" };
    const c = { ...minimal.telecomreconnect, customernumber: "C" };
    const d = { ...minimal.telecomreconnect, customernumber: "D" };
    const byType = messagesByType(
      eventBatchSchema.parse(batch({ telecomdisconnect: [a], telecom_disconnect: [b], telecom_reconnect: [c], telecomreconnect: [d] })),
    );
    expect(byType.telecomdisconnect).toEqual([a, b]);
    expect(byType.telecomreconnect).toEqual([d, c]);
    expect(Object.keys(byType)).not.toContain("telecom_disconnect");
  });

  it("documents the underscore spellings in the schema of data", () => {
    expect(Object.keys(eventDataSchema.shape)).toEqual(expect.arrayContaining(["telecom_disconnect", "telecom_reconnect"]));
  });
});

describe("messagesByType", () => {
  it("gives every one of the eleven types, empty when the batch has none", () => {
    const byType = messagesByType(eventBatchSchema.parse(batch({ lcstatus: [minimal.lcstatus] })));
    expect(Object.keys(byType).sort()).toEqual([...MESSAGE_TYPES].sort());
    for (const type of MESSAGE_TYPES) expect(byType[type]).toEqual(type === "lcstatus" ? [minimal.lcstatus] : []);
  });
});

describe("at most 500 messages per batch", () => {
  it("is the limit of the specification", () => {
    expect(MAX_MESSAGES_PER_BATCH).toBe(500);
  });

  it("accepts 500 messages of one type", () => {
    expect(accepts({ lcstatus: Array.from({ length: 500 }, () => minimal.lcstatus) })).toBe(true);
  });

  it("refuses 501 messages of one type", () => {
    expect(accepts({ lcstatus: Array.from({ length: 501 }, () => minimal.lcstatus) })).toBe(false);
  });

  it("counts the messages of all types together", () => {
    expect(accepts({ lcstatus: Array(250).fill(minimal.lcstatus), payment: Array(250).fill(minimal.payment) })).toBe(true);
    const result = eventBatchSchema.safeParse(batch({ lcstatus: Array(250).fill(minimal.lcstatus), payment: Array(251).fill(minimal.payment) }));
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["data"], message: "must hold at most 500 messages in all" })]);
  });

  it("counts both telecom spellings together", () => {
    expect(accepts({ telecomdisconnect: Array(300).fill(minimal.telecomdisconnect), telecom_disconnect: Array(200).fill(minimal.telecomdisconnect) })).toBe(
      true,
    );
    expect(accepts({ telecomdisconnect: Array(300).fill(minimal.telecomdisconnect), telecom_disconnect: Array(201).fill(minimal.telecomdisconnect) })).toBe(
      false,
    );
  });
});

describe("the members of each message type", () => {
  it.each(["received", "rejected", "delivered", "error"])("accepts the delivery status %s", (status) => {
    expect(accepts({ delivery: [{ ...minimal.delivery, status }] })).toBe(true);
  });

  // Lists of values grow without notice; a receiver that refused a new value would refuse the batch.
  it("keeps a delivery status the specification does not list yet", () => {
    expect(accepts({ delivery: [{ ...minimal.delivery, status: "lost" }] })).toBe(true);
  });

  it("accepts every distribution channel of every country, and keeps one not listed yet", () => {
    expect(new Set(Object.values(DISTRIBUTION_CHANNELS).flat())).toEqual(new Set(ALL_DISTRIBUTION_CHANNELS));
    expect(DISTRIBUTION_CHANNELS.FIN).toContain("omaposti");
    expect(DISTRIBUTION_CHANNELS.NOR).toContain("digipost");
    expect(DISTRIBUTION_CHANNELS.SWE).not.toContain("digipost");
    for (const distributionchannel of ALL_DISTRIBUTION_CHANNELS) expect(accepts({ delivery: [{ ...minimal.delivery, distributionchannel }] })).toBe(true);
    expect(accepts({ delivery: [{ ...minimal.delivery, distributionchannel: "fax" }] })).toBe(true);
  });

  it("accepts a rejected delivery with a description, notes and errors", () => {
    expect(
      accepts({
        delivery: [
          {
            ...minimal.delivery,
            status: "rejected",
            documentid: null,
            invoicenumber: "10045",
            description: "Invalid address",
            notes: [{ note: "n" }],
            errors: [{ message: "postcode" }],
          },
        ],
      }),
    ).toBe(true);
  });

  it("accepts any lifecycle code, since the list can grow", () => {
    for (const code of [0, 1, 2, 101, 103, 999]) expect(accepts({ lcstatus: [{ ...minimal.lcstatus, code }] })).toBe(true);
  });

  it("accepts the optional dates and open amounts of an lcstatus message, or null", () => {
    const full = { ...minimal.lcstatus, status: "Paid", paydate: "2026-12-06", currentpaydate: "2026-12-20", opencapital: 0, interest: 0, expenses: 0 };
    expect(accepts({ lcstatus: [full] })).toBe(true);
    expect(accepts({ lcstatus: [{ ...minimal.lcstatus, paydate: null, opencapital: null }] })).toBe(true);
  });

  it("still accepts the deprecated paydate of a payment next to paymentdate, accountdate and settlementdate", () => {
    const payment = {
      ...minimal.payment,
      paydate: "2026-12-01",
      paymentdate: "2026-12-01",
      accountdate: "2026-12-02",
      settlementdate: "2026-12-05",
      openamount: 0,
    };
    expect(accepts({ payment: [payment] })).toBe(true);
  });

  it("requires contract_no and contractstatus of a contract message", () => {
    expect(accepts({ contract: [{ cid, contractstatus: "active" }] })).toBe(false);
    expect(accepts({ contract: [{ cid, contract_no: "E-1" }] })).toBe(false);
    expect(accepts({ contract: [{ ...minimal.contract, termination_date: "2027-01-31", terminationterm: "3 months" }] })).toBe(true);
  });

  it.each(["allocated", "unallocated", "refunded"])("accepts the credit note action %s", (type) => {
    expect(accepts({ creditnote: [{ ...minimal.creditnote, type }] })).toBe(true);
  });

  it.each(["suspected", "creditloss", "change"])("accepts the credit loss type %s", (type) => {
    expect(accepts({ creditloss: [{ ...minimal.creditloss, type }] })).toBe(true);
  });

  it("accepts every credit loss reason of the specification, and keeps one not listed yet", () => {
    expect(CREDITLOSS_REASONS).toHaveLength(12);
    for (const reason of CREDITLOSS_REASONS) expect(accepts({ creditloss: [{ ...minimal.creditloss, reason }] })).toBe(true);
    expect(accepts({ creditloss: [{ ...minimal.creditloss, reason: "LAZY" }] })).toBe(true);
    expect(accepts({ creditloss: [{ ...minimal.creditloss, type: "writeoff" }] })).toBe(true);
    expect(accepts({ creditloss: [{ ...minimal.creditloss, type: 5 }] })).toBe(false);
  });

  it("accepts every due date source of the specification, and keeps one not listed yet", () => {
    expect([...DUEDATE_SOURCES]).toEqual(["restapi", "online", "aspa_end_customer_request", "aspa_other_reason", "einvoice_error"]);
    for (const source of DUEDATE_SOURCES) expect(accepts({ duedateupdate: [{ ...minimal.duedateupdate, source }] })).toBe(true);
    expect(accepts({ duedateupdate: [{ ...minimal.duedateupdate, source: "fax" }] })).toBe(true);
    expect(accepts({ duedateupdate: [{ ...minimal.duedateupdate, source: null }] })).toBe(false);
  });

  it("accepts a due date update with an optional list of contract numbers", () => {
    expect(accepts({ duedateupdate: [{ ...minimal.duedateupdate, contract: ["E-1", "E-2"] }] })).toBe(true);
  });

  it.each(["disconnect", "reconnect"] as const)("requires usageplacecode and contract_no of a %s message", (type) => {
    const { usageplacecode: _u, ...noPlace } = minimal[type];
    const { contract_no: _c, ...noContract } = minimal[type];
    expect(accepts({ [type]: [noPlace] })).toBe(false);
    expect(accepts({ [type]: [noContract] })).toBe(false);
    expect(
      accepts({
        [type]: [
          {
            ...minimal[type],
            invoices: [
              { jobid: 1, invoicenumber: "10045" },
              { jobid: 2, invoicenumber: "10046", documentid: "D-2" },
            ],
          },
        ],
      }),
    ).toBe(true);
  });

  it("accepts the optional disconnectiondate of a disconnect message", () => {
    expect(accepts({ disconnect: [{ ...minimal.disconnect, disconnectiondate: "2027-01-15" }] })).toBe(true);
  });

  it("requires customernumber and time of a telecom message", () => {
    expect(accepts({ telecomdisconnect: [{ cid, time }] })).toBe(false);
    expect(accepts({ telecomreconnect: [{ cid, customernumber: "K-1" }] })).toBe(false);
  });
});
