import { describe, expect, it } from "vitest";

import { COUNTRIES } from "../../spec/environments";

import { documentTexts } from "./texts";

/* The letters' wording as a lawyer and a native reader of each language read it. */

const LANGUAGES = ["fin", "swe", "nor", "eng"] as const;

/** Every sentence a reminder, collection letter or cut-off warning of the case may print. */
function sentences(language: (typeof LANGUAGES)[number], country: (typeof COUNTRIES)[number]): string {
  const texts = documentTexts(language, country);
  return [
    texts.interestThrough("5.12.2026", "11,5", { date: "15.9.2026", original: true, first: "16.9.2026" }),
    texts.reminderNotice("lasku@demo.example"),
    texts.collectionNotice("lasku@demo.example", true),
    texts.collectionNotice("lasku@demo.example", false),
    texts.cutoffConsumer[country],
    texts.cutoffObjection("lasku@demo.example"),
  ].join(" ");
}

describe("the letters' wording", () => {
  it("reads as a native reader and a lawyer of each language write it", () => {
    // Wordings the legal review found clumsy or wrong, and what replaced them.
    const avoided: Record<(typeof LANGUAGES)[number], RegExp[]> = {
      fin: [/päivän päässä/],
      swe: [/obefogad[^.]*obefogad/, /helst skriftligt\b/, /med skäl\b/],
      nor: [/, som medfører/, /dager fra dette varselet/],
      eng: [/what you paid too much/, /which adds costs/, /entry in the credit information register/],
    };
    for (const language of LANGUAGES)
      for (const country of COUNTRIES) {
        const text = sentences(language, country);
        for (const pattern of avoided[language]) expect(text, `${language} letter of a ${country} case`).not.toMatch(pattern);
      }
    expect(sentences("swe", "NOR")).toContain("helst skriftligen och med angivande av skäl");
    expect(sentences("swe", "FIN")).toContain("Anser ni att fordran är ogrundad");
    expect(sentences("nor", "NOR")).toContain("rettslige skritt, noe som medfører");
    expect(sentences("eng", "FIN")).toContain("an entry in the Finnish credit information register");
    for (const country of COUNTRIES) expect(sentences("eng", country)).toContain("which will incur further costs");
  });

  it("pays an overpayment back without the debtor asking, in every language for a case of every country", () => {
    // Good collection practice (513/1999 4 §; the Consumer Ombudsman's guideline 10/2023, 6.2): the
    // creditor returns what was overpaid; a letter that says "on request" puts the burden on the debtor.
    const payback: Record<(typeof LANGUAGES)[number], string> = {
      fin: "liikaa maksettu palautetaan teille pyytämättä",
      swe: "betalar vi tillbaka det ni betalat för mycket utan att ni behöver begära det",
      nor: "betaler vi tilbake det du har betalt for mye, uten at du må be om det",
      eng: "we pay back what you overpaid without you having to ask",
    };
    for (const language of LANGUAGES)
      for (const country of COUNTRIES) {
        const text = sentences(language, country);
        expect(text, `${language} letter of a ${country} case`).toContain(payback[language]);
        expect(text, `${language} letter of a ${country} case`).not.toMatch(/pyynnöstä|på begäran|på forespørsel|on request/);
      }
    for (const country of COUNTRIES)
      expect(documentTexts("est", country).interestThrough("5.12.2026", "11,5", null)).toContain("tagastame enammakstud summa, ilma et peaksite seda küsima");
  });
});

describe("the reviewed wordings", () => {
  it("let the printed due date speak for itself, urge a Swedish debtor to object soon, and word the Finnish and Swedish fixed lines as a native reader does", () => {
    // An inkassovarsel that says its own due date is at least 14 days after sending vouches for
    // itself; the date is printed (inkassoloven § 9 asks the term, not the sentence).
    for (const language of LANGUAGES) expect(documentTexts(language, "NOR").reminderNotice("x"), language).not.toMatch(/14 (dager|dagar|days|päivää)/);
    // Inkassolagen 5 §: the debtor is urged to object, and loses no right by objecting after the due date.
    expect(documentTexts("swe", "SWE").collectionNotice("x", false)).toContain(
      "Har ni invändningar mot kravet bör ni meddela oss dem snarast, helst före förfallodagen: x;",
    );
    expect(documentTexts("fin", "SWE").collectionNotice("x", false)).toContain("ilmoittakaa siitä meille mahdollisimman pian, mieluiten ennen eräpäivää: x;");
    expect(documentTexts("nor", "SWE").collectionNotice("x", false)).toContain("bør du gi oss beskjed snarest, helst før forfallsdatoen: x;");
    expect(documentTexts("eng", "SWE").collectionNotice("x", false)).toContain("tell us as soon as possible, preferably before the due date: x;");
    for (const language of LANGUAGES)
      expect(documentTexts(language, "SWE").collectionNotice("x", false), language).not.toMatch(/ska ni meddela|må du gi beskjed/);
    expect(documentTexts("fin", "FIN").collectionFee).toBe("Maksuvaatimuskulu");
    for (const country of COUNTRIES) {
      expect(documentTexts("fin", country).collectionIntro(true), country).toContain("jotta välttyisitte lisäkuluilta.");
      expect(documentTexts("swe", country).reminderIntro, country).toMatch(/^Enligt vår bokföring /);
    }
  });
});

describe("a Finnish case's payment demand", () => {
  it("cites 513/1999 5 §, the payment demand of a consumer claim, only to a consumer, and words 4 c § as a right to ask", () => {
    for (const language of [...LANGUAGES, "est"] as const) {
      const texts = documentTexts(language, "FIN");
      const business = texts.collectionNotice("x", false);
      const consumer = texts.collectionNotice("x", true);
      expect(business, language).toContain("513/1999");
      expect(business, language).not.toMatch(/\b5 ja 5 a\b|\b5 och 5 a\b|§§ 5 og 5 a|sections 5 and 5 a|§ 5 ja § 5 a|4 c/);
      expect(consumer, language).toMatch(/\b5 ja 5 a\b|\b5 och 5 a\b|§§ 5 og 5 a|sections 5 and 5 a|§ 5 ja § 5 a/);
      expect(consumer, language).toMatch(/513\/1999 4 c §|513\/1999 § 4 c|section 4 c of 513\/1999/);
    }
    expect(documentTexts("fin", "FIN").collectionNotice("x", false)).toContain("Tämä on saatavien perinnästä annetun lain (513/1999) mukainen maksuvaatimus.");
    expect(documentTexts("fin", "FIN").collectionNotice("x", true)).toContain("Voitte myös pyytää, että vapaaehtoinen perintä keskeytetään");
  });

  /*
   * 513/1999 5 § makes the payment demand the letter of one who collects for another as a business
   * (the toimeksisaaja), and the demand's fees of 10 a § and 10 e § are that collector's: the letter
   * names its collector and the creditor apart, and objections go to the collector who sent it.
   */
  it("names the collector and the creditor it collects for apart, in every language, with the collector's register", () => {
    const labels = {
      fin: ["Perijä (toimeksisaaja)", "Velkoja (toimeksiantaja)", "Toimeksiantajamme saatava"],
      swe: ["Indrivare (uppdragstagare)", "Borgenär (uppdragsgivare)", "Vår uppdragsgivares fordran"],
      nor: ["Innkrever (oppdragstaker)", "Kreditor (oppdragsgiver)", "Vår oppdragsgivers krav"],
      eng: ["Collector (acting for the creditor)", "Creditor (our client)", "Our client's claim"],
      est: ["Sissenõudja (inkassoettevõte)", "Võlausaldaja (meie klient)", "Meie kliendi nõue"],
    } as const;
    for (const language of [...LANGUAGES, "est"] as const) {
      const texts = documentTexts(language, "FIN");
      const [collector, principal, intro] = labels[language];
      expect(texts.collectionParties, language).toMatchObject({ collector, principal });
      expect(texts.collectionIntro(true), language).toContain(intro);
      // The register named by its law (411/2018), not by its keeper: the regional state administrative
      // agencies that kept it ended on 31.12.2025 and Lupa- ja valvontavirasto took their tasks.
      expect(texts.collectionParties.register, language).toMatch(/\(\w+ 411\/2018\)$/);
      expect(texts.collectionParties.register, language).not.toMatch(/aluehallinto|Regionförvaltning|regional|Lõuna-Soome/i);
    }
    expect(documentTexts("fin", "FIN").collectionParties.register).toBe("Merkitty perintätoiminnan harjoittajien rekisteriin (laki 411/2018)");
    expect(documentTexts("swe", "FIN").collectionParties.register).toBe("Införd i registret över aktörer som bedriver indrivningsverksamhet (lag 411/2018)");
    expect(documentTexts("fin", "FIN").collectionNotice("x", false)).toContain("ilmoittakaa siitä meille ennen eräpäivää: x;");
  });

  // The demand asks the debtor to pay, into the creditor's account by the form below, and warns of the
  // further costs of not paying by the due date, in every language (513/1999 5 a §: what follows).
  it("asks in every language for payment into the creditor's account and warns of further costs", () => {
    const asks = {
      fin: "Pyydämme maksamaan saatavan viimeistään eräpäivänä toimeksiantajamme tilille alla olevalla tilisiirrolla, jotta välttyisitte lisäkuluilta.",
      swe: "Vänligen betala senast på förfallodagen till uppdragsgivarens konto med gireringsblanketten nedan, så undviker ni ytterligare kostnader.",
      nor: "Vennligst betal innen forfallsdatoen til vår oppdragsgivers konto med giroen nedenfor, for å unngå ytterligere kostnader.",
      eng: "Please pay by the due date into our client's account using the bank transfer form below, to avoid further costs.",
      est: "Palun tasuge see hiljemalt maksetähtajaks meie kliendi kontole alloleva pangaülekande andmetega, et vältida lisakulusid.",
    } as const;
    for (const language of [...LANGUAGES, "est"] as const) expect(documentTexts(language, "FIN").collectionIntro(true), language).toContain(asks[language]);
  });

  it("leaves a Swedish inkassokrav and a Norwegian betalingsoppfordring the creditor's own letters", () => {
    expect(documentTexts("swe", "SWE").collectionIntro(true)).toBe(
      "Vår fordran är trots påminnelse fortfarande obetald. Vänligen betala senast på förfallodagen för att undvika ytterligare kostnader.",
    );
    expect(documentTexts("nor", "NOR").collectionIntro(true)).toBe(
      "Kravet vårt er fortsatt ikke betalt etter inkassovarselet. Vennligst betal innen forfallsdatoen for å unngå ytterligere kostnader.",
    );
  });
});

describe("a Finnish or Swedish case's interest sentence", () => {
  // 513/1999 5 a § and inkassolagen 5 § (IMY's allmänna råd): the rate and the period; where the due
  // date was not agreed, interest starts later than the original due date the letter prints.
  it("gives the period interest is counted for, from its first day", () => {
    const from = { date: "15.9.2026", original: true, first: "16.9.2026" };
    const said = (language: (typeof LANGUAGES)[number], country: "FIN" | "SWE") => documentTexts(language, country).interestThrough("4.12.2026", "11,5", from);
    expect(said("fin", "FIN")).toContain("Viivästyskorko (korkolaki 633/1982) on laskettu ajalta 16.9.–4.12.2026.");
    expect(said("fin", "SWE")).toContain("on laskettu ajalta 16.9.–4.12.2026.");
    expect(said("swe", "FIN")).toContain("är beräknad från och med 16.9.2026 till och med 4.12.2026.");
    expect(said("swe", "SWE")).toContain("är beräknad från och med 16.9.2026 till och med 4.12.2026.");
    expect(said("nor", "FIN")).toContain("er beregnet fra og med 16.9.2026 til og med 4.12.2026.");
    expect(said("eng", "SWE")).toContain("is calculated from 16.9.2026 up to 4.12.2026.");
    // A span across the new year writes both years; without a known start, the day it is counted to.
    expect(documentTexts("fin", "FIN").interestThrough("4.1.2027", "11,5", from)).toContain("ajalta 16.9.2026–4.1.2027.");
    expect(documentTexts("fin", "FIN").interestThrough("4.12.2026", "11,5", null)).toContain("on laskettu 4.12.2026 asti.");
  });
});

describe("a Norwegian case's interest sentence", () => {
  // Inkassoloven § 10 second paragraph (d): the letter says from which day interest is counted.
  it("names the day interest is counted from, as the original due date only when it is that", () => {
    const said = (language: (typeof LANGUAGES)[number], original: boolean) =>
      documentTexts(language, "NOR").interestThrough("5.12.2026", "12", { date: "15.9.2026", original, first: "16.9.2026" });
    expect(said("nor", true)).toContain("beregnet fra opprinnelig forfallsdato 15.9.2026 frem til 5.12.2026");
    expect(said("nor", false)).toContain("beregnet fra 15.9.2026 frem til 5.12.2026");
    expect(said("eng", true)).toContain("from the original due date, 15.9.2026, up to 5.12.2026");
    expect(said("eng", false)).toContain("is calculated from 15.9.2026 up to 5.12.2026");
    expect(said("swe", false)).toContain("är beräknad från 15.9.2026 till och med 5.12.2026");
    expect(said("fin", false)).toContain("on laskettu 15.9.2026 lähtien 5.12.2026 asti");
    for (const language of LANGUAGES) expect(said(language, false)).not.toMatch(/opprinnelig|original|ursprungliga|alkuperäisestä/);
  });
});

describe("an Estonian letter", () => {
  // The title must name the letter its text names, or a Norwegian inkassovarsel would be titled a reminder.
  it("names the letter its sentences name, with the country's own name beside it", () => {
    const est = (country: (typeof COUNTRIES)[number]) => documentTexts("est", country);
    expect(est("NOR").reminderNotice("x")).toContain("See on Norra inkassoseaduse (inkassoloven) § 9 kohane inkassohoiatus (inkassovarsel).");
    expect(est("NOR").title).toMatchObject({ reminder: "INKASSOHOIATUS", collection: "MAKSENÕUE" });
    expect(est("NOR").collectionNotice("x", false)).toContain("See on Norra inkassoseaduse (inkassoloven) § 10 kohane maksenõue (betalingsoppfordring).");
    expect(est("FIN").collectionNotice("x", false)).toContain(
      "See on Soome inkassoseaduse (laki saatavien perinnästä 513/1999) kohane maksenõue (maksuvaatimus).",
    );
    expect(est("FIN").collectionNotice("x", true)).toContain("(laki saatavien perinnästä 513/1999) § 5 ja § 5 a kohane maksenõue");
    expect(est("FIN").title).toMatchObject({ reminder: "MAKSEMEELDETULETUS", collection: "MAKSENÕUE" });
    expect(est("SWE").collectionNotice("x", false)).toContain("See on Rootsi inkassoseaduse (inkassolagen 1974:182) kohane inkassonõue (inkassokrav).");
    expect(est("SWE").title).toMatchObject({ reminder: "MAKSEMEELDETULETUS", collection: "INKASSONÕUE" });
  });

  it("counts interest from the day the case's law says, in Estonian", () => {
    const from = { date: "15.09.2026", original: true, first: "16.09.2026" };
    expect(documentTexts("est", "FIN").interestThrough("04.12.2026", "11,5", from)).toContain(
      "Viivis on arvestatud Soome intressiseaduse (korkolaki 633/1982) alusel alates 16.09.2026 kuni 04.12.2026.",
    );
    expect(documentTexts("est", "SWE").interestThrough("04.12.2026", "11,5", null)).toContain("(räntelagen 1975:635) alusel kuni 04.12.2026.");
    expect(documentTexts("est", "NOR").interestThrough("05.12.2026", "12", from)).toContain(
      "(forsinkelsesrenteloven) alusel alates algsest maksetähtajast 15.09.2026 kuni 05.12.2026.",
    );
    const later = documentTexts("est", "NOR").interestThrough("05.12.2026", "12", { ...from, original: false });
    expect(later).toContain("alusel alates 15.09.2026 kuni 05.12.2026.");
    expect(later).not.toContain("algse");
  });

  /*
   * Every text an Estonian document may print, beside the English one of the same case: a text
   * added in English and left untranslated in Estonian reads the same in both. The only texts the
   * two languages share are listed here, each with why.
   */
  it("prints no English text: every text differs from the English one but for the names both languages share", () => {
    const shared = new Set([
      // A Norwegian or Swedish organisation number is called by its own name in every language but Finnish and Swedish.
      "businessId(SE)",
      "businessId(NO)",
    ]);
    const printed = (language: "est" | "eng", country: (typeof COUNTRIES)[number]) => {
      const texts = documentTexts(language, country);
      const entries: [string, string | null][] = [];
      const from = [null, { date: "15.9.2026", original: true, first: "16.9.2026" }, { date: "15.10.2026", original: false, first: "16.10.2026" }];
      for (const [key, value] of Object.entries(texts) as [keyof typeof texts, unknown][]) {
        if (key === "locale") continue;
        if (typeof value === "string" || value === null) entries.push([key, value]);
        else if (typeof value === "object")
          for (const [name, text] of Object.entries(value as Record<string, string | ((creditor: string) => string)>))
            entries.push([`${key}.${name}`, typeof text === "function" ? text("Demo Oy") : text]);
      }
      entries.push(["interestDetail", texts.interestDetail("11,5", 80)]);
      from.forEach((start, index) => entries.push([`interestThrough(${index})`, texts.interestThrough("5.12.2026", "11,5", start)]));
      entries.push(["reminderNotice", texts.reminderNotice("x")]);
      for (const reminded of [true, false]) entries.push([`collectionIntro(${reminded})`, texts.collectionIntro(reminded)]);
      for (const consumer of [true, false]) entries.push([`collectionNotice(${consumer})`, texts.collectionNotice("x", consumer)]);
      for (const withOthers of [true, false]) entries.push([`cutoffIntro(${withOthers})`, texts.cutoffIntro("UP-9", "14.12.2026", withOthers)]);
      entries.push(["cutoffObjection", texts.cutoffObjection("x")]);
      for (const seller of ["FI", "SE", "NO"]) {
        entries.push([`businessId(${seller})`, texts.businessId(seller)]);
        entries.push([`registeredOffice(${seller})`, texts.registeredOffice(seller)]);
      }
      entries.push(["page", texts.page(1, 2)]);
      return entries;
    };
    for (const country of COUNTRIES) {
      const english = new Map(printed("eng", country));
      const estonian = printed("est", country);
      // Every text, function or not, is read: a new one of DocumentTexts that this list misses fails here.
      const read = new Set(estonian.map(([key]) => key.replace(/[.(].*$/, "")));
      expect([...read].sort(), country).toEqual(
        Object.keys(documentTexts("est", country))
          .filter((key) => key !== "locale")
          .sort(),
      );
      for (const [key, text] of estonian) {
        if (text === null) {
          expect(english.get(key), `${country} ${key}`).toBeNull();
          continue;
        }
        if (shared.has(key)) expect(text, `${country} ${key}`).toBe(english.get(key));
        else expect(text, `${country} ${key}`).not.toBe(english.get(key));
      }
      // Nor is an English sentence left inside an Estonian one: no four English words in a row
      // (words of plain letters only, so the laws' own names, quoted in both, do not count).
      const englishRuns = new Set<string>();
      for (const text of english.values()) {
        const words = (text ?? "").split(/\s+/).map((word) => word.replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, ""));
        for (let index = 0; index + 4 <= words.length; index++) {
          const run = words.slice(index, index + 4);
          if (run.every((word) => /^[A-Za-z]+$/.test(word))) englishRuns.add(run.join(" ").toLowerCase());
        }
      }
      expect(englishRuns.size, country).toBeGreaterThan(50);
      for (const [key, text] of estonian) {
        if (text === null || shared.has(key)) continue;
        const words = text.split(/\s+/).map((word) => word.replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, "").toLowerCase());
        const left = words
          .flatMap((_, index) => (index + 4 <= words.length ? [words.slice(index, index + 4).join(" ")] : []))
          .filter((run) => englishRuns.has(run));
        expect(left, `${country} ${key}`).toEqual([]);
      }
    }
  });
});

describe("the invoice's word on late-payment interest", () => {
  it("is on a Swedish case's invoice in every language, as räntelagen 4 § asks, and on no other country's", () => {
    expect(documentTexts("swe", "SWE").interestNotice).toBe(
      "Betalas fakturan inte i tid är ni skyldig att betala dröjsmålsränta enligt räntelagen (1975:635).",
    );
    for (const language of [...LANGUAGES, "est"] as const) {
      // That not paying makes interest payable, and under which act.
      expect(documentTexts(language, "SWE").interestNotice, language).toMatch(/räntelagen 1975:635|räntelagen \(1975:635\)/);
      expect(documentTexts(language, "FIN").interestNotice, language).toBeNull();
      expect(documentTexts(language, "NOR").interestNotice, language).toBeNull();
    }
    expect(documentTexts("eng", "SWE").interestNotice).toContain("liable to pay interest on arrears");
    expect(documentTexts("fin", "SWE").interestNotice).toContain("velvollinen maksamaan viivästyskorkoa");
    expect(documentTexts("nor", "SWE").interestNotice).toContain("plikter dere å betale forsinkelsesrente");
  });
});

describe("a business debtor's collection fee", () => {
  it("is named the förseningsersättning in a Swedish case (lag 1981:739 4 a §), and the consumer's inkassokrav fee keeps its name", () => {
    expect(documentTexts("swe", "SWE").businessCollectionFee).toBe("Förseningsersättning");
    expect(documentTexts("eng", "SWE").businessCollectionFee).toBe("Late payment compensation (förseningsersättning)");
    expect(documentTexts("fin", "SWE").businessCollectionFee).toBe("Viivästyskorvaus (förseningsersättning)");
    expect(documentTexts("nor", "SWE").businessCollectionFee).toBe("Forsinkelseserstatning (förseningsersättning)");
    expect(documentTexts("est", "SWE").businessCollectionFee).toBe("Hilinemishüvitis (förseningsersättning)");
    expect(documentTexts("swe", "SWE").collectionFee).toBe("Inkassoavgift");
    // Finland and Norway charge a business debtor a collection fee of the same name.
    for (const language of [...LANGUAGES, "est"] as const)
      for (const country of ["FIN", "NOR"] as const)
        expect(documentTexts(language, country).businessCollectionFee, `${language} ${country}`).toBe(documentTexts(language, country).collectionFee);
  });
});

describe("a business debtor's reminder fee", () => {
  it("is named part of the förseningsersättning in a Swedish case (lag 1981:739 4 a §, 6 §) in every language, and keeps its name elsewhere", () => {
    expect(documentTexts("swe", "SWE").businessReminderFee).toBe("Förseningsersättning, del vid påminnelse");
    expect(documentTexts("eng", "SWE").businessReminderFee).toBe("Late payment compensation (förseningsersättning), part charged with the reminder");
    expect(documentTexts("fin", "SWE").businessReminderFee).toBe("Viivästyskorvaus (förseningsersättning), muistutuksen osuus");
    expect(documentTexts("nor", "SWE").businessReminderFee).toBe("Forsinkelseserstatning (förseningsersättning), del ved purring");
    expect(documentTexts("est", "SWE").businessReminderFee).toBe("Hilinemishüvitis (förseningsersättning), meeldetuletuse osa");
    // Each begins with the name the collection letter's rest of it carries, so the two lines read as one compensation.
    for (const language of [...LANGUAGES, "est"] as const)
      expect(documentTexts(language, "SWE").businessReminderFee?.startsWith(documentTexts(language, "SWE").businessCollectionFee), language).toBe(true);
    expect(documentTexts("swe", "SWE").reminderFee).toBe("Påminnelseavgift");
    for (const language of [...LANGUAGES, "est"] as const)
      for (const country of ["FIN", "NOR"] as const) expect(documentTexts(language, country).businessReminderFee, `${language} ${country}`).toBeNull();
  });
});
