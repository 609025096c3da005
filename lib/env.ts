import path from "node:path";

import addressparser from "nodemailer/lib/addressparser/index.js";
import { z } from "zod";

import { parseAllowList } from "./platform/outbound/address-policy";
import { ENVIRONMENT_IDS } from "./spec/environments";
import { isValidBusinessId } from "./spec/national-ids";

/*
 * The process environment, parsed once. Everything reads configuration from `env`, never from
 * process.env, so a wrong value fails at start with a message naming the variable.
 */

const boolean = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((value) => value === "true" || value === "1" || value === "yes");

const secret = z.string().min(32, { error: "must be at least 32 characters" });

/** A collector's particular printed on its letters: trimmed, not blank, and no longer than its place holds. */
const collectorText = (purpose: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: `must not be empty: ${purpose}` })
    .max(max, { error: `must be at most ${max} characters: ${purpose}` })
    .optional();

/**
 * One mailbox as a From header names it: an address with a local part and a domain of dotted
 * labels (`localhost` too), and its display name if any. Not a group (`Name: a@x.fi;`, whose name
 * nodemailer would drop), and not two addresses without a comma, which the parser reads as one
 * named by the other.
 */
const mailbox = z.string().transform((text, context) => {
  const parsed = addressparser(text);
  const only = parsed.length === 1 && !("group" in parsed[0]!) ? parsed[0] : undefined;
  const address = only && "address" in only ? only.address : "";
  if (!only || !address || !/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*$/.test(address) || only.name.includes("@")) {
    context.addIssue({ code: "custom", message: 'must be one mailbox, "Name <address@example.fi>" or address@example.fi' });
    return z.NEVER;
  }
  return { name: only.name ?? "", address };
});

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** Where the embedded default keeps its SQLite file, generated secrets and outboxes. */
    DATA_DIR: z.string().default("data"),
    /** file:… for SQLite (the embedded default) or postgres://… / postgresql://… for PostgreSQL. */
    DATABASE_URL: z
      .string()
      .refine((url) => /^(file:|postgres(ql)?:\/\/)/.test(url), { error: "must start with file: or postgres://" })
      .optional(),
    /** The environment that answers at /rest (every environment also answers at /{environment}/rest). */
    DEFAULT_ENVIRONMENT: z.enum(ENVIRONMENT_IDS).default("fin-test"),
    /** Signs the REST interface's tokens. Generated and kept in DATA_DIR when absent on SQLite. */
    SERVICE_JWT_SECRET: secret.optional(),
    /**
     * Encrypts credentials at rest (event receivers' secrets) and keys the lookup hashes of
     * personal ids. Generated and kept in DATA_DIR when absent on SQLite. Changing it makes stored
     * credentials unreadable: they must be entered again.
     */
    SERVICE_DATA_KEY: secret.optional(),
    /** The port `npm start` listens on (Next.js reads it too). */
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    /**
     * Public address of the app, used in links that leave it (onboarding e-mails) and by the demo
     * portal's connections to the embedded service; http://localhost:PORT by default.
     */
    PUBLIC_BASE_URL: z.url().optional(),
    /**
     * Seed demo profiles and the portal's demo users (published passwords) on first start. By
     * default only on SQLite served at a loopback address: a deployment with a public address
     * gets them only when it asks.
     */
    DEMO_DATA: boolean.optional(),
    /**
     * Where mail of test environments goes: "outbox" (DATA_DIR/mail-outbox, the default) or "smtp".
     * Test environments take requests from anyone with test credentials, the public demo ones too.
     */
    TEST_ENVIRONMENT_MAIL: z.enum(["outbox", "smtp"]).default("outbox"),
    /** SMTP server for outgoing mail (smtp://user:pass@host:587). Without it mail is written to DATA_DIR/mail-outbox. */
    // nodemailer reads only these schemes; anything else it would take for an empty setting and
    // send to localhost:587, where a local mail server might be listening.
    SMTP_URL: z
      .string()
      .regex(/^(smtps?|direct):/i, "must be an smtp://, smtps:// or direct: URL (smtp://user:pass@host:587)")
      .optional(),
    /**
     * The service's own sender, "Name <address>" or the address alone: the From of its mail (named
     * for the creditor of each document, send-email.ts) and the envelope sender. Parsed here once,
     * so a value that names no mailbox, or two, stops the start instead of every message's sending.
     */
    MAIL_FROM: mailbox.default({ name: "Nordic Receivables", address: "no-reply@localhost" }),
    /** Where the background loops run: on a thread of the app ("in-process", the default) or only in `npm run worker` ("off"). */
    WORKERS: z.enum(["in-process", "off"]).default("in-process"),
    /** The portal's first admin, created on first start when the portal has no user (see README). */
    PORTAL_ADMIN_EMAIL: z.email().default("admin@localhost"),
    /** Its password; generated and printed once at start when absent. */
    PORTAL_ADMIN_PASSWORD: z.string().min(12, { error: "must be at least 12 characters" }).optional(),
    /**
     * The SFTP server for ZIP packages (lib/service/sftp): its port, "off" for none. Started by the
     * app beside its HTTP port.
     */
    SFTP_PORT: z.union([z.literal("off"), z.coerce.number().int().min(1).max(65_535)]).default(2222),
    /** The address it listens on; every interface by default, as the HTTP server. */
    SFTP_HOST: z.string().default("0.0.0.0"),
    /** Its host key (OpenSSH private key file); generated into DATA_DIR/sftp-host-key when absent. */
    SFTP_HOST_KEY_FILE: z.string().optional(),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    /** Threads that render PDFs and e-invoices (lib/service/render); the machine's cores by default. */
    RENDER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
    /** /readyz answers 503 when a background queue's oldest item has waited longer than this; 0: never. */
    READY_MAX_BACKLOG_SECONDS: z.coerce.number().int().min(0).default(3600),
    /** When set, /metrics answers only requests with `Authorization: Bearer <METRICS_TOKEN>`. */
    METRICS_TOKEN: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
    /**
     * Proxies in front of the app that append the client's address to X-Forwarded-For; the sign-in
     * limit per client reads the address that many entries from the end (lib/platform/client-address).
     */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /**
     * The service's provider as the collector (toimeksisaaja) of Finnish cases: a Finnish payment
     * demand is the letter one who collects for another must send (laki saatavien perinnästä
     * 513/1999 5 §), and only it may carry the demand's fees (10 a §, 10 e §), so the letter names
     * who sends it. All or none (superRefine); unset, the embedded local service prints the DEMO
     * collector below, and every other production deployment must set them. Each is as long as
     * the letterhead above the envelope window holds (render-invoice-pdf.ts collectorLines).
     */
    FI_COLLECTOR_NAME: collectorText("the collector's name, which heads a Finnish payment demand", 60),
    /** Its Finnish business id (Y-tunnus), check digit checked. */
    FI_COLLECTOR_BUSINESS_ID: z
      .string()
      .trim()
      .refine(isFinnishBusinessId, { error: "must be a Finnish business id (1234567-8) with a valid check digit" })
      .optional(),
    /** Its postal address on one line, as the letter prints it ("Katu 1, 00100 Helsinki"). */
    FI_COLLECTOR_ADDRESS: collectorText("the collector's postal address on one line, printed under its name", 80),
    /** Its registered office (kotipaikka), which the foot of its letters names as a company's must. */
    FI_COLLECTOR_REGISTERED_OFFICE: collectorText("the collector's registered office (kotipaikka), printed at the foot of its letters", 25),
    /** Where debtors call and write about a payment demand, objections included. */
    FI_COLLECTOR_PHONE: collectorText("the telephone number where debtors object to a payment demand", 20),
    FI_COLLECTOR_EMAIL: z
      .string()
      .trim()
      .min(1, { error: "must not be empty: the e-mail address where debtors object to a payment demand" })
      .max(60, { error: "must be at most 60 characters: the e-mail address where debtors object to a payment demand" })
      .pipe(z.email({ error: "must be an e-mail address: where debtors object to a payment demand" }))
      .optional(),
    /**
     * Its entry in the register of collection businesses (laki perintätoiminnan harjoittajien
     * rekisteröinnistä 411/2018 3 §, 5 §), as the letter cites it after the register's name.
     */
    FI_COLLECTOR_REGISTER_ENTRY: collectorText("the collector's entry in the register of collection businesses (411/2018)", 40),
    /**
     * Addresses and CIDR ranges off the public internet (e.g. `127.0.0.1,10.20.0.0/16`) that test
     * environments' event receivers and the portal's connections to test environments may reach.
     * Production environments never reach them (lib/platform/outbound).
     */
    PRIVATE_NETWORK_ALLOWLIST: z
      .string()
      .default("")
      .refine(
        (text) => {
          try {
            parseAllowList(text);
            return true;
          } catch {
            return false;
          }
        },
        { error: "must be IP addresses or CIDR ranges separated by commas" },
      ),
  })
  .transform((raw) => {
    const dataDir = path.resolve(raw.DATA_DIR);
    const databaseUrl = raw.DATABASE_URL ?? `file:${path.join(dataDir, "app.db")}`;
    const engine = databaseUrl.startsWith("file:") ? ("sqlite" as const) : ("postgres" as const);
    const publicBaseUrl = raw.PUBLIC_BASE_URL ?? `http://localhost:${raw.PORT}`;
    // The embedded local service: SQLite at a loopback (or absent) address. It alone gets the demo
    // profiles by default and, in production, may print the DEMO collector; one value decides both
    // defaults, so they cannot part.
    const embeddedLocal = engine === "sqlite" && isLoopbackUrl(publicBaseUrl);
    return {
      ...raw,
      FI_COLLECTOR: finnishCollectorOf(raw),
      /** Whether FI_COLLECTOR is the DEMO one (no FI_COLLECTOR_* set). */
      FI_COLLECTOR_IS_DEMO: COLLECTOR_KEYS.every((key) => raw[key] === undefined),
      PUBLIC_BASE_URL: publicBaseUrl,
      /** Whether PUBLIC_BASE_URL was left to its default, the local address. */
      PUBLIC_BASE_URL_DEFAULTED: raw.PUBLIC_BASE_URL === undefined,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_ENGINE: engine,
      EMBEDDED_LOCAL: embeddedLocal,
      DEMO_DATA: raw.DEMO_DATA ?? embeddedLocal,
    };
  })
  .superRefine((value, ctx) => {
    // Several processes share one PostgreSQL in production (app instances, `npm run worker`): what
    // one would generate or default for itself, the others would not know.
    if (value.DATABASE_ENGINE === "postgres" && value.NODE_ENV === "production") {
      const required = (name: string, missing: boolean, why = "") => {
        if (missing) ctx.addIssue({ code: "custom", path: [name], message: `is required when DATABASE_URL is PostgreSQL in production${why}` });
      };
      // A secret generated by one instance would not be known to the others.
      required("SERVICE_JWT_SECRET", !value.SERVICE_JWT_SECRET);
      required("SERVICE_DATA_KEY", !value.SERVICE_DATA_KEY);
      // Every process that runs the portal's loops registers its event receivers at this address, and
      // the app prints it in links: a `npm run worker` left at the default registered them at its own
      // http://localhost:3000, where nothing listens, and every event batch to the portal failed.
      required("PUBLIC_BASE_URL", value.PUBLIC_BASE_URL_DEFAULTED, ": the app and every worker must name the app's one public address");
    }
    // A deployment's payment demands go to real debtors: the DEMO collector must not sign them. Only
    // the embedded local service (SQLite at a loopback address, as DEMO_DATA's default) keeps it.
    const set = COLLECTOR_KEYS.filter((key) => value[key] !== undefined);
    if (set.length > 0 && set.length < COLLECTOR_KEYS.length) {
      const missing = COLLECTOR_KEYS.filter((key) => value[key] === undefined);
      ctx.addIssue({
        code: "custom",
        path: ["FI_COLLECTOR_*"],
        message: `set all of the Finnish collector's settings or none; missing: ${missing.join(", ")}`,
      });
    } else if (set.length === 0 && value.NODE_ENV === "production" && !value.EMBEDDED_LOCAL) {
      ctx.addIssue({
        code: "custom",
        path: ["FI_COLLECTOR_*"],
        message: `are required in production unless the service runs on SQLite at a loopback address: ${COLLECTOR_KEYS.join(", ")}`,
      });
    }
  });

type Env = z.output<typeof schema>;

/** The collector of Finnish cases as the letters print it (documents/invoice-document.ts collectorOf). */
export interface FinnishCollector {
  name: string;
  businessId: string;
  address: string;
  phone: string;
  email: string;
  registeredOffice: string;
  registerEntry: string;
}

const COLLECTOR_KEYS = [
  "FI_COLLECTOR_NAME",
  "FI_COLLECTOR_BUSINESS_ID",
  "FI_COLLECTOR_ADDRESS",
  "FI_COLLECTOR_REGISTERED_OFFICE",
  "FI_COLLECTOR_PHONE",
  "FI_COLLECTOR_EMAIL",
  "FI_COLLECTOR_REGISTER_ENTRY",
] as const;

/**
 * DEMO: the embedded service's collector, so that its Finnish payment demands show where the
 * collector's name and register entry stand. Nothing here is a real company or register entry:
 * 0000000-0 is no business id anyone holds.
 */
const DEMO_COLLECTOR: FinnishCollector = {
  name: "Nordic Receivables Demo Oy (DEMO)",
  businessId: "0000000-0",
  address: "Demokatu 1, 00100 Helsinki",
  phone: "+358 9 000 0000",
  email: "perinta@demo.example",
  registeredOffice: "Helsinki",
  registerEntry: "DEMO – ei rekisterissä",
};

/** The configured collector, or the DEMO one where none is (superRefine allows all or none). */
function finnishCollectorOf(raw: Partial<Record<(typeof COLLECTOR_KEYS)[number], string>>): FinnishCollector {
  return {
    name: raw.FI_COLLECTOR_NAME ?? DEMO_COLLECTOR.name,
    businessId: raw.FI_COLLECTOR_BUSINESS_ID ?? DEMO_COLLECTOR.businessId,
    address: raw.FI_COLLECTOR_ADDRESS ?? DEMO_COLLECTOR.address,
    phone: raw.FI_COLLECTOR_PHONE ?? DEMO_COLLECTOR.phone,
    email: raw.FI_COLLECTOR_EMAIL ?? DEMO_COLLECTOR.email,
    registeredOffice: raw.FI_COLLECTOR_REGISTERED_OFFICE ?? DEMO_COLLECTOR.registeredOffice,
    registerEntry: raw.FI_COLLECTOR_REGISTER_ENTRY ?? DEMO_COLLECTOR.registerEntry,
  };
}

/** A Y-tunnus as the letters print it, NNNNNNN-N, its check digit checked as everywhere else (national-ids.ts). */
function isFinnishBusinessId(value: string): boolean {
  return /^\d{7}-\d$/.test(value) && isValidBusinessId("FIN", value);
}

/**
 * The warning to log at start when a production service prints the DEMO collector on its payment
 * demands: allowed only for the embedded local service (superRefine), where a `next start` on this
 * machine may still reach real debtors by e-mail; null otherwise.
 */
export function demoCollectorWarning(env: Pick<Env, "NODE_ENV" | "FI_COLLECTOR_IS_DEMO">): string | null {
  return env.NODE_ENV === "production" && env.FI_COLLECTOR_IS_DEMO
    ? "Finnish payment demands name the DEMO collector: set FI_COLLECTOR_* before they go to real debtors"
    : null;
}

/** Whether an address names this machine (localhost, 127.x.x.x, [::1]). */
export function isLoopbackUrl(url: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(new URL(url).hostname);
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The parsed environment; parsed on first use so tests can set variables before it. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that switch databases between files. */
export function resetEnvForTests() {
  cached = undefined;
}
