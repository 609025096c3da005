/*
 * The IBAN of a Swedish account: the bank's IBAN-ID (3 digits) and 17 digits built from the clearing
 * and account number by the bank's layout (Svensk Betalinfrastruktur, "IBAN och svenskt nationellt
 * kontonummer"). The IBAN-IDs and BICs are those of its table "IBAN-ID och BIC-adress för banker"
 * (7 September 2023); the clearing ranges are Bankgirot's ("Bankernas kontonummeruppbyggnad", as
 * kontonummer holds them, which checks the account first).
 *
 * The layouts, each where two published sources agree: the IBAN registry's example, a bank's own
 * example, the big banks' layouts in Swedish Wikipedia's "International Bank Account Number", and
 * GoCardless's table of Swedish clearing ranges in its IBAN library Ibandit
 * (data/raw/swedish_bank_lookup.yml, February 2025), which a payment company sends payments by:
 * - clearing and account: the clearing number (4 digits) and the account (7 digits), zeros before
 *   them. Every account of type 1: the IBAN registry's Swedish example (SEB 5839-8257466 is
 *   SE45 5000 0000 0583 9825 7466), SEB's and Swedbank's 7xxx accounts in the table.
 * - account: the account alone, zeros before it: Handelsbanken's 9 digits (Wikipedia, Ibandit), and
 *   the 10 digits of Nordea's personkonto (3300 and 3782; Wikipedia, Ibandit) and of Sparbanken
 *   Syd (Ibandit, and a second open table of the banks' conversion methods).
 * - Swedbank's five-digit clearing (8xxx-x) and its account in 10 digits: Swedbank's own example,
 *   8327-9 and 00000 12345 as SE28 8000 0832 7900 0001 2345, keeps the zeros inside the account
 *   (Ibandit the same).
 * - Plusgirot's bank account form (clearing 9960, 10 digits: two digits and the plusgiro number),
 *   after its clearing number: SEkk 9500 0099 60nn nnnn nnnn (Wikipedia, Ibandit), as a payee's
 *   published pair shows (9960 3443397348 is SE56 9500 0099 6034 4339 7348). A plusgiro number
 *   alone lacks the two digits, and is refused.
 *
 * A clearing range whose layout or IBAN-ID the sources do not agree on, or that the IBAN-ID table
 * does not list, is refused, never guessed: a guessed IBAN has valid check digits and may be someone
 * else's account. Those are in UNCONFIRMED, each with its reason.
 */

/**
 * How a bank's account goes into its IBAN: the clearing number's digits that go first (4, Swedbank's
 * 5, or none), the width the account is filled to with zeros, and the lengths an account of the bank
 * is written in (Bankgirot's, as kontonummer holds them, unless said otherwise). An account of another
 * length is refused: a check digit alone lets one in ten mistyped accounts through, and with one
 * digit dropped a personkonto is someone else's (3300 812181238 is 081218-1238's as well).
 */
interface Layout {
  clearing: 0 | 4 | 5;
  width: number;
  written: readonly [min: number, max: number];
}

const TYPE_1: Layout = { clearing: 4, width: 7, written: [7, 7] };
const HANDELSBANKEN: Layout = { clearing: 0, width: 9, written: [8, 9] };
/** Nordea's personkonto (the owner's personal identity number) and Sparbanken Syd. */
const TEN_DIGITS_ALONE: Layout = { clearing: 0, width: 10, written: [10, 10] };
/** 10 digits; 9 where the leading zero is left out (Ibandit's 8327-9 33395390-9), 11 where one is written before them. */
const SWEDBANK_8: Layout = { clearing: 5, width: 10, written: [9, 11] };
/** The bank form: two digits and the plusgiro number. */
const PLUSGIROT: Layout = { clearing: 4, width: 10, written: [10, 10] };

interface IbanBank {
  from: number;
  to: number;
  ibanId: string;
  bic: string;
  layout: Layout;
}

const bank = (from: number, to: number, ibanId: string, bic: string, layout: Layout = TYPE_1): IbanBank => ({ from, to, ibanId, bic, layout });

const BANKS: IbanBank[] = [
  bank(1100, 1199, "300", "NDEASESS"),
  bank(1200, 1399, "120", "DABASESX"),
  bank(1400, 2099, "300", "NDEASESS"),
  bank(2300, 2399, "230", "AABASESS"),
  bank(2400, 2499, "120", "DABASESX"),
  bank(3000, 3299, "300", "NDEASESS"),
  bank(3300, 3300, "300", "NDEASESS", TEN_DIGITS_ALONE),
  bank(3301, 3399, "300", "NDEASESS"),
  // Bankgirot's ranges as kontonummer holds them give Länsförsäkringar 3400–3499; both IBAN sources
  // give it 3400–3409 and Nordea the rest (the check digit rule is the same for both).
  bank(3400, 3409, "902", "ELLFSESS"),
  bank(3410, 3781, "300", "NDEASESS"),
  bank(3782, 3782, "300", "NDEASESS", TEN_DIGITS_ALONE),
  bank(3783, 4999, "300", "NDEASESS"),
  bank(5000, 5999, "500", "ESSESESS"),
  bank(6000, 6999, "600", "HANDSESS", HANDELSBANKEN),
  bank(7000, 7999, "800", "SWEDSESS"),
  bank(8000, 8999, "800", "SWEDSESS", SWEDBANK_8),
  bank(9020, 9029, "902", "ELLFSESS"),
  bank(9040, 9049, "904", "CITISESX"),
  bank(9060, 9069, "902", "ELLFSESS"),
  bank(9070, 9079, "907", "FEMAMTMT"),
  bank(9100, 9109, "910", "NNSESES1"),
  bank(9120, 9124, "500", "ESSESESS"),
  bank(9130, 9149, "500", "ESSESESS"),
  bank(9150, 9169, "915", "SKIASESS"),
  bank(9170, 9179, "917", "IKANSE21"),
  bank(9190, 9199, "919", "DNBASESX"),
  bank(9230, 9239, "923", "MARGSESS"),
  bank(9250, 9259, "925", "SBAVSESS"),
  // DNB's second range: its only IBAN-ID in the table, type 1 as all others.
  bank(9260, 9269, "919", "DNBASESX"),
  bank(9270, 9279, "927", "IBCASES1"),
  bank(9280, 9289, "928", "RESUSE21"),
  bank(9390, 9399, "939", "LAHYSESS"),
  bank(9460, 9469, "946", "BSNOSESS"),
  bank(9470, 9479, "947", "FTSBSESS"),
  bank(9550, 9569, "955", "AVANSES1"),
  bank(9570, 9579, "957", "SPSDSE23", TEN_DIGITS_ALONE),
  bank(9580, 9589, "958", "BMPBSESS"),
  bank(9590, 9599, "959", "ERPFSES2"),
  bank(9630, 9639, "963", "LOSADKKK"),
  bank(9640, 9649, "964", "NOFBSESS"),
  bank(9660, 9669, "966", "SVEASES1"),
  bank(9670, 9679, "967", "JAKMSE22"),
  bank(9680, 9689, "968", "BSTPSESS"),
  bank(9700, 9709, "970", "EKMLSE21"),
  bank(9750, 9759, "975", "NOHLSESS"),
  bank(9780, 9789, "978", "KLRNSESS"),
  bank(9960, 9969, "950", "NDEASESS", PLUSGIROT),
];

const UNCONFIRMED: Array<{ from: number; to: number; why: string }> = [
  { from: 9180, to: 9189, why: "Danske Bank's accounts of type 2: only one source gives their IBAN layout" },
  { from: 9300, to: 9349, why: "Swedbank's accounts of type 2 in 9300–9349 (formerly Sparbanken Öresund): the sources disagree on their IBAN-ID and layout" },
  { from: 9500, to: 9549, why: "Nordea Plusgirot's accounts in 9500–9549: only one source gives their IBAN layout" },
  { from: 9710, to: 9719, why: "the IBAN-ID table lists no IBAN-ID for these clearing numbers (Lunar Bank)" },
  { from: 9880, to: 9899, why: "the IBAN-ID table lists no IBAN-ID for these clearing numbers (Riksgälden)" },
];

/** Refused: `invalid`, not an account of its bank as written; `not_derivable`, an account whose IBAN is not derived here. */
type SwedishBban = { ok: true; bban: string; bic: string } | { ok: false; reason: "invalid" | "not_derivable"; message: string };

/**
 * The BBAN (IBAN-ID and 17 digits) and BIC of a Swedish account already checked by its clearing
 * number's rules: `clearing` as written (4 digits, or Swedbank's 5), `account` without separators.
 */
export function swedishBban(clearing: string, account: string): SwedishBban {
  const clearing4 = Number(clearing.slice(0, 4));
  const refused = UNCONFIRMED.find(({ from, to }) => clearing4 >= from && clearing4 <= to);
  if (refused)
    return {
      ok: false,
      reason: "not_derivable",
      message: `is a valid Swedish account, but its IBAN is not derived here: ${refused.why}; take the IBAN from the account holder`,
    };
  const found = BANKS.find(({ from, to }) => clearing4 >= from && clearing4 <= to);
  if (!found)
    return {
      ok: false,
      reason: "not_derivable",
      message: `is a valid Swedish account, but clearing number ${clearing} has no IBAN-ID in the banks' table; take the IBAN from the account holder`,
    };
  const { layout } = found;
  const [shortest, longest] = layout.written;
  if (account.length < shortest || account.length > longest || clearing.length < layout.clearing) {
    if (layout === PLUSGIROT) {
      return {
        ok: false,
        reason: "not_derivable",
        message: `is a valid Plusgirot number, but its IBAN needs the account's 10-digit bank form (clearing 9960 and two more digits before the plusgiro number); take the IBAN from the account holder`,
      };
    }
    const digits = shortest === longest ? `${shortest}` : `${shortest} to ${longest}`;
    return { ok: false, reason: "invalid", message: `is not an account of its bank: an account after clearing number ${clearing} has ${digits} digits` };
  }
  // Written longer than the width only with zeros before it (8201-6 0914357963-0 is 914357963-0).
  const excess = account.slice(0, Math.max(0, account.length - layout.width));
  if (/[^0]/.test(excess))
    return { ok: false, reason: "invalid", message: `is not an account of its bank: an account after clearing number ${clearing} has ${layout.width} digits` };
  const digits = clearing.slice(0, layout.clearing) + account.slice(excess.length).padStart(layout.width, "0");
  return { ok: true, bban: found.ibanId + digits.padStart(17, "0"), bic: found.bic };
}
