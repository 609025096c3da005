/*
 * The BIC of a Finnish IBAN, from the bank code that starts the domestic account number (the digits
 * after FIkk). Source: Finance Finland, "Suomalaiset rahalaitostunnukset ja BIC-koodit" (Finnish
 * monetary institution codes and BICs). Longest code first: 715 must win over 7.
 */

const BANKS: [prefix: string, bic: string][] = [
  ["405", "HELSFIHH"],
  ["497", "HELSFIHH"],
  ["470", "POPFFI22"],
  ["478", "POPFFI22"],
  ["479", "POPFFI22"],
  ["713", "CITIFIHX"],
  ["715", "ITELFIHH"],
  ["717", "BIGKFIH1"],
  ["799", "HOLVFIHH"],
  ["31", "HANDFIHH"],
  ["33", "ESSEFIHX"],
  ["34", "DABAFIHX"],
  ["36", "SBANFIHH"],
  ["37", "DNBAFIHX"],
  ["38", "SWEDFIHH"],
  ["39", "SBANFIHH"],
  ["1", "NDEAFIHH"],
  ["2", "NDEAFIHH"],
  ["4", "ITELFIHH"],
  ["5", "OKOYFIHH"],
  ["6", "AABAFI22"],
  ["8", "DABAFIHH"],
];

export function bicForFinnishIban(iban: string): string | null {
  const compact = iban.replace(/\s/g, "").toUpperCase();
  return compact.startsWith("FI") ? bicForFinnishBban(compact.slice(4)) : null;
}

/** The BIC of a Finnish account in its domestic machine form (the IBAN's BBAN), by the bank code it starts with. */
export function bicForFinnishBban(bban: string): string | null {
  return BANKS.find(([prefix]) => bban.startsWith(prefix))?.[1] ?? null;
}
