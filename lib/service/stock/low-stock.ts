import type { Tx } from "../../db/client";
import type { StockItem } from "../../db/generated/sqlite/client";
import type { Country, Environment } from "../../spec/environments";
import { queueMail } from "../mail/queue-mail";

/*
 * The low-stock warning: once each time an item's level falls under its threshold (by letters
 * taking it, or by a count) or is too low for the next letter, to the item's warnemail, in the country's language with English below,
 * as the customer's marketing or office staff who order the inserts read it. GET /stock and the
 * portal show the item as low meanwhile.
 */

export async function warnWhenLow(
  tx: Tx,
  item: StockItem,
  level: number,
  context: { environment: Environment; at: Date },
  { short = false }: { short?: boolean } = {},
): Promise<void> {
  // Without an address there is no one to tell now; one given later is told at the next letter.
  if ((level >= item.threshold && !short) || item.warnedAt || !item.warnEmail) return;
  await tx.stockItem.update({ where: { id: item.id }, data: { warnedAt: context.at } });
  const profile = await tx.profile.findUniqueOrThrow({ where: { id: item.profileId }, select: { cid: true, name: true } });
  await queueMail(tx, {
    environment: context.environment.id,
    to: item.warnEmail,
    ...lowStockMail(context.environment.country, { code: item.code, name: item.name, level, threshold: item.threshold }, profile),
    now: context.at,
  });
}

interface LowItem {
  code: string;
  name: string;
  level: number;
  threshold: number;
}

const LOCAL: Record<Country, (item: LowItem, customer: string) => { subject: string; body: string }> = {
  FIN: (item, customer) => ({
    subject: `Varasto vähissä: ${item.name}`,
    body:
      `Asiakkaan ${customer} tulostuspalvelun varastossa on jäljellä ${item.level} kpl tuotetta ${item.name} (${item.code}); ` +
      `hälytysraja on ${item.threshold}. Kun varasto loppuu, kirjeet lähtevät ilman sitä. Toimitathan lisää tulostuspalveluun.`,
  }),
  SWE: (item, customer) => ({
    subject: `Lagret tar slut: ${item.name}`,
    body:
      `Tryckeriets lager för ${customer} har ${item.level} st kvar av ${item.name} (${item.code}); varningsgränsen är ${item.threshold}. ` +
      `När lagret är slut skickas breven utan den. Leverera mer till tryckeriet.`,
  }),
  NOR: (item, customer) => ({
    subject: `Lageret går tomt: ${item.name}`,
    body:
      `Trykkeriets lager for ${customer} har ${item.level} stk igjen av ${item.name} (${item.code}); varslingsgrensen er ${item.threshold}. ` +
      `Når lageret er tomt, sendes brevene uten den. Lever mer til trykkeriet.`,
  }),
};

function lowStockMail(country: Country, item: LowItem, profile: { cid: string; name: string | null }): { subject: string; text: string } {
  const customer = profile.name ? `${profile.name} (${profile.cid})` : profile.cid;
  const local = LOCAL[country](item, customer);
  const english =
    `The print house holds ${item.level} of ${item.name} (${item.code}) for ${customer}; the warning threshold is ${item.threshold}. ` +
    `When it runs out, letters go without it. Please deliver more to the print house.`;
  return { subject: `${local.subject} / Low stock: ${item.name}`, text: `${local.body}\n\n${english}\n` };
}
