import path from "node:path";

import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

/*
 * Every letter type per country (invoice, credit note, the reminder and the collection letter of a
 * job posted as jobtype 1 and 2), through local print on the running server, drawn with pdf.js in
 * Chromium and compared page by page with its golden image. Nearly exactly: two runs on one
 * machine draw the same pixels, and 40 pixels of slack lets a slightly different anti-aliasing pass
 * while a changed word does not (the Norwegian giro's captions put into Norwegian changed 455). A
 * ratio of the page's pixels was tried first: at 0.5 %, and even at 0.05 %, the changed captions
 * passed, as a missing detail row would have.
 */

const PDFJS = path.join(process.cwd(), "node_modules", "pdfjs-dist", "legacy", "build");

const COUNTRIES = {
  fin: { person: "Maija Meikäläinen", address: "Esimerkkikatu 1", postcode: "00100", city: "Helsinki", billcode: "12345672", language: "fin" },
  swe: { person: "Åsa Öberg", address: "Storgatan 5", postcode: "111 22", city: "Stockholm", billcode: "1234567897", language: "swe" },
  nor: { person: "Øyvind Ødegård", address: "Storgata 5", postcode: "0155", city: "Oslo", billcode: "00100008", language: "nor" },
} as const;

async function token(request: APIRequestContext, country: string) {
  const response = await request.post(`/${country}-test/rest/token`, { data: { cid: `demo-${country}`, apicode: `demo-${country}-apicode` } });
  return ((await response.json()) as { token: string }).token;
}

/** What of a letter differs per run, to be masked: the dates and amounts the server counts from its own today. */
interface Varying {
  /** The dates the job was posted with (ISO): any other date on a notice is counted from today. */
  dates: string[];
  /** The amounts the job was posted with, in cents: interest and the total are counted from today. */
  amounts: number[];
  /** The page holds a Finnish bank form, whose QR code and barcode carry them. */
  codes: boolean;
}

async function drawPdf(page: Page, pdf: Buffer, varying: Varying | null = null): Promise<number> {
  await page.route("**/pdfjs/*", (route) =>
    route.fulfill({ path: path.join(PDFJS, path.basename(new URL(route.request().url()).pathname)), contentType: "text/javascript" }),
  );
  await page.setViewportSize({ width: 900, height: 1300 });
  // A document of the app's origin, which pdf.js is loaded from: the OpenAPI JSON, which no script
  // renders, so that no hydration (late under a busy dev server) puts a page back over the canvas.
  await page.goto("/rest/openapi.json");
  return page.evaluate(
    async ({ base64, varying }) => {
      const pdfjs = await import(`${location.origin}/pdfjs/pdf.mjs`);
      pdfjs.GlobalWorkerOptions.workerSrc = `${location.origin}/pdfjs/pdf.worker.mjs`;
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const document = await pdfjs.getDocument({ data }).promise;
      window.document.body.replaceChildren();
      Object.assign(window.document.body.style, { margin: "0", background: "white" });
      const scale = (millimetres: number) => ((millimetres * 72) / 25.4) * 1.4;
      const mask = (id: string, className: string, left: number, top: number, width: number, height: number) =>
        window.document.body.append(
          Object.assign(window.document.createElement("div"), {
            id,
            className,
            style: `position:absolute;left:${left}px;top:${top}px;width:${width}px;height:${height}px`,
          }),
        );
      const isoOf = (text: string) => {
        const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(text);
        if (iso) return [`${iso[1]}-${iso[2]}-${iso[3]}`];
        return [...text.matchAll(/(\d{1,2})\.(\d{1,2})\.(\d{4})/g)].map((m) => `${m[3]}-${m[2]!.padStart(2, "0")}-${m[1]!.padStart(2, "0")}`);
      };
      const centsOf = (text: string) =>
        [
          ...text
            .replace(/\d{1,2}\.\d{1,2}\.\d{4}/g, "")
            .replace(/(\d)[\s\u00a0\u202f](?=\d{3}\b)/g, "$1")
            .matchAll(/-?\d+[.,]\d{2}(?!\d)/g),
        ].map((m) => Math.round(Number(m[0].replace(",", ".")) * 100));
      for (let number = 1; number <= document.numPages; number++) {
        const pdfPage = await document.getPage(number);
        const viewport = pdfPage.getViewport({ scale: 1.4 });
        const canvas = Object.assign(window.document.createElement("canvas"), { width: viewport.width, height: viewport.height, id: `page-${number}` });
        canvas.style.display = "block";
        window.document.body.append(canvas);
        await pdfPage.render({ canvasContext: canvas.getContext("2d")!, viewport }).promise;
        const box = canvas.getBoundingClientRect();
        const top = box.top + window.scrollY;
        if (number === 1) {
          // The debtor link's box (119–190 mm across, 23.5–42.5 mm down): its address and QR code hold
          // the job id and an HMAC under the run's own data key, different on every run; the unit tests
          // read them (render-invoice-pdf.test.ts), the image compares everything around them.
          mask("online-link", "varying", box.left + scale(119), top + scale(23.5), scale(71), scale(19));
        }
        if (!varying) continue;
        // A notice's date, due date, interest and total are counted from the server's today (no test
        // clock goes back): each text holding a date or an amount the job was not posted with is
        // masked, and so is a code that carries them (a barcode's digits, a QR code: below).
        const content = await pdfPage.getTextContent();
        let index = 0;
        // The Swedish inbetalningskort's kronor and öre, and the OCR line's amount and its check
        // digit (between its second "#" and ">"), are whole numbers no amount pattern catches.
        let label = "";
        let hashes = 0;
        let paragraph: { x: number; y: number } | null = null;
        for (const item of content.items as { str: string; transform: number[]; width: number; height: number }[]) {
          const text = item.str;
          if (!text.trim()) continue;
          const inOcrAmount = hashes >= 2 && text !== ">" && text !== "#";
          if (text === "#") hashes++;
          if (text === ">") hashes = 0;
          const afterLabel = label;
          label = text;
          const [, , c, d, x, y] = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
          const height = Math.hypot(c!, d!);
          const width = item.width * 1.4;
          // A paragraph that names a counted date goes on with words the date's own width moved
          // (another line break): its further lines, at the same left edge and the next line down, too.
          const continued: boolean = paragraph !== null && Math.abs(x! - paragraph.x) < 1 && y! - paragraph.y > 0 && y! - paragraph.y < height * 1.6;
          const counted =
            continued ||
            ((afterLabel === "Kronor" || afterLabel === "Öre" || inOcrAmount) && /^\d+$/.test(text)) ||
            isoOf(text).some((date) => !varying.dates.includes(date)) ||
            centsOf(text).some((cents) => !varying.amounts.includes(Math.abs(cents))) ||
            // The days of interest, counted to the due date.
            /\d+ (pv|dagar|dager)\)/.test(text) ||
            // A virtual barcode's or OCR line's digits (an IBAN, which starts with letters, is not counted).
            /^[^A-Z]*\d{20,}/.test(text.replace(/\s/g, ""));
          if (!counted) continue;
          paragraph = continued || width > scale(80) ? { x: x!, y: y! } : paragraph;
          mask(`varying-${number}-${index++}`, "varying", box.left + x! - 2, top + y! - height - 2, width + 4, height + 6);
        }
        if (varying.codes) {
          // The Finnish bank form's QR code and barcode carry the amount and the due date.
          mask(`qr-${number}`, "varying", box.left + scale(177), top + scale(197), scale(30), scale(30));
          mask(`barcode-${number}`, "varying", box.left + scale(13), top + scale(280), scale(109), scale(15));
        }
      }
      return document.numPages as number;
    },
    { base64: pdf.toString("base64"), varying },
  );
}

const TAX = { fin: ["25.5", "10"], swe: ["25", "6"], nor: ["25", "15"] } as const;

async function localPrint(request: APIRequestContext, country: string, job: Record<string, unknown>) {
  const response = await request.post(`/${country}-test/rest/jobs/localprint`, {
    headers: { authorization: `Bearer ${await token(request, country)}` },
    data: { customertype: "2", ...COUNTRIES[country as keyof typeof COUNTRIES], ourcode: "Golden", ...job },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.body();
}

async function compareEachPage(page: Page, pages: number, name: string) {
  for (let number = 1; number <= pages; number++) {
    const suffix = pages === 1 ? "" : `-page-${number}`;
    await expect(page.locator(`#page-${number}`)).toHaveScreenshot(`${name}${suffix}.png`, { maxDiffPixels: 40, mask: [page.locator(".varying")] });
  }
}

for (const country of Object.keys(COUNTRIES)) {
  const [standard, reduced] = TAX[country as keyof typeof TAX];

  test(`the ${country.toUpperCase()} invoice looks as it should`, async ({ page, request }) => {
    const pdf = await localPrint(request, country, {
      jobtype: "0",
      billnum: `GOLDEN-${country.toUpperCase()}`,
      billdate: "2026-11-22",
      paydate: "2026-12-06",
      payrow: [
        { desc: "Consulting", count: "2", amount: "100.00", taxpr: standard },
        { desc: "Book", count: "1", amount: "20.00", taxpr: reduced },
      ],
    });
    const pages = await drawPdf(page, pdf);
    await compareEachPage(page, pages, `${country}-invoice`);
  });

  test(`the ${country.toUpperCase()} credit note looks as it should`, async ({ page, request }) => {
    const pdf = await localPrint(request, country, {
      jobtype: "0",
      billnum: `GOLDEN-CREDIT-${country.toUpperCase()}`,
      // The invoice it credits, which a credit note must name (VAT Directive art. 219: FI AVL 209 h §,
      // SE ML 17 kap. 26 §, NO bokføringsforskriften § 5-2-5).
      refundtobillnum: `GOLDEN-${country.toUpperCase()}`,
      billdate: "2026-11-22",
      paydate: "2026-12-06",
      payrow: [{ desc: "Consulting, credited", count: "-1", amount: "100.00", taxpr: standard }],
    });
    const pages = await drawPdf(page, pdf);
    await compareEachPage(page, pages, `${country}-credit-note`);
  });

  // Jobs posted as a reminder (jobtype 1) and to collection (jobtype 2) by the customer, for a bill
  // of its own due two months before: what the service prints for them, in each country's language.
  const posted = { billdate: "2026-09-01", paydate: "2026-09-15", amount: "150.50" };
  for (const [jobtype, name, extra] of [
    ["1", "reminder", {}],
    ["2", "collection", { noticedate: "2026-09-30" }],
  ] as const) {
    test(`the ${country.toUpperCase()} ${name} letter looks as it should`, async ({ page, request }) => {
      const pdf = await localPrint(request, country, {
        jobtype,
        billnum: `GOLDEN-${name.toUpperCase()}-${country.toUpperCase()}`,
        ...posted,
        ...extra,
      });
      const dates = [posted.billdate, posted.paydate, ...Object.values(extra)];
      const pages = await drawPdf(page, pdf, { dates, amounts: [15050, 0], codes: country === "fin" });
      await compareEachPage(page, pages, `${country}-${name}`);
    });
  }
}
