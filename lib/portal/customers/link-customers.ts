import { randomUUID } from "node:crypto";

import type { Tx } from "../../db/client";
import { inChunks } from "../../db/in-chunks";

import { customerKey, customerSearchText, type CustomerFacts } from "./customer-facts";

/*
 * Finds or creates the register's customer of each job's debtor, by its key, and returns their
 * ids in the order given (null where a job names nobody). Called inside the transaction that
 * records or fills the cases, under the receiver's lock, so two writers never create one customer
 * twice. What a job says updates a customer nobody has edited; once a person has edited one, their
 * values stand and jobs only link to it.
 */
export async function linkCustomers(tx: Tx, organizationId: string, facts: readonly (CustomerFacts | null)[]): Promise<(string | null)[]> {
  const handle = (entry: { environment: string; cid: string; key: string | null }) => `${entry.environment}\u0000${entry.cid}\u0000${entry.key}`;
  const handleOf = (entry: CustomerFacts) => handle({ ...entry, key: customerKey(entry) });
  // The last word per customer: a batch that names one debtor twice keeps the later job's address.
  const latest = new Map<string, CustomerFacts>();
  for (const entry of facts) if (entry) latest.set(handleOf(entry), entry);
  if (latest.size === 0) return facts.map(() => null);

  const keys = [...new Set([...latest.values()].map((entry) => customerKey(entry)!))];
  const environments = [...new Set([...latest.values()].map((entry) => entry.environment))];
  const cids = [...new Set([...latest.values()].map((entry) => entry.cid))];
  const existing = await inChunks(keys, (chunk) =>
    tx.portalCustomer.findMany({
      // The connections' own keys, so the unique index (organization, environment, cid, key) serves it.
      where: { organizationId, environment: { in: environments }, cid: { in: cids }, key: { in: chunk } },
      select: {
        id: true,
        environment: true,
        cid: true,
        key: true,
        editedAt: true,
        name: true,
        address: true,
        postcode: true,
        city: true,
        email: true,
        language: true,
      },
    }),
  );
  const known = new Map(existing.map((row) => [handle(row), row]));
  const ids = new Map<string, string>();
  for (const [at, entry] of latest) {
    const row = known.get(at);
    if (!row) {
      const id = randomUUID();
      await tx.portalCustomer.create({
        data: {
          id,
          organizationId,
          environment: entry.environment,
          cid: entry.cid,
          country: entry.country,
          key: customerKey(entry)!,
          customertype: entry.customertype,
          name: entry.name || entry.custnum,
          address: entry.address,
          postcode: entry.postcode,
          city: entry.city,
          email: entry.email,
          custnum: entry.custnum,
          language: entry.language,
          searchText: customerSearchText({ ...entry, name: entry.name || entry.custnum }),
        },
      });
      ids.set(at, id);
      continue;
    }
    ids.set(at, row.id);
    if (row.editedAt) continue;
    // A job that leaves a member out says nothing about it: what the register holds stays.
    const next = {
      name: entry.name || row.name,
      address: entry.address || row.address,
      postcode: entry.postcode || row.postcode,
      city: entry.city || row.city,
      email: entry.email || row.email,
      language: entry.language ?? row.language,
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).some((member) => next[member] !== row[member]);
    // Only while still unedited: a clerk's save between the read above and this write wins.
    if (changed)
      await tx.portalCustomer.updateMany({
        where: { id: row.id, editedAt: null },
        data: { ...next, customertype: entry.customertype, searchText: customerSearchText({ ...next, custnum: entry.custnum }) },
      });
  }
  return facts.map((entry) => (entry ? (ids.get(handleOf(entry)) ?? null) : null));
}
