import { getEnv } from "./env";

/*
 * Structured log lines on stdout/stderr, one JSON object each. Callers pass facts, never secrets:
 * no apicodes, tokens, passwords or request bodies.
 */

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (LEVELS[level] < LEVELS[getEnv().LOG_LEVEL]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === "error" || level === "warn") process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};

/** An error as loggable fields: its name, message and stack, nothing attached to it. */
export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.name, detail: error.message, stack: error.stack };
  return { error: String(error) };
}
