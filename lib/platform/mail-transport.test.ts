import net from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { resetEnvForTests } from "../env";

import { SMTP_SEND_LIMIT_MS, smtpOptions, smtpTransport } from "./mail-transport";

/* How mail leaves by SMTP: each wait limited, and the whole send too, well within a minute's lease. */

/** A server that takes connections and never says a word; each socket is kept to be closed. */
async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const mail = { from: "service@example.fi", to: "maija@example.fi", subject: "Hello", text: "Hello" };

afterEach(() => {
  delete process.env.SMTP_URL;
  resetEnvForTests();
});

describe("smtpOptions", () => {
  it("limits every wait below the limit of the whole send, itself under a minute, unless the URL names its own", () => {
    const options = smtpOptions("smtp://user:pass@mail.example.fi:587") as Record<string, unknown>;
    expect(options).toMatchObject({ host: "mail.example.fi", port: 587, auth: { user: "user", pass: "pass" } });
    for (const name of ["dnsTimeout", "connectionTimeout", "greetingTimeout", "socketTimeout"]) {
      expect(options[name]).toBeGreaterThan(0);
      expect(options[name]).toBeLessThan(SMTP_SEND_LIMIT_MS);
    }
    expect(SMTP_SEND_LIMIT_MS).toBeLessThan(60_000);
    expect(smtpOptions("smtp://mail.example.fi:587?socketTimeout=5000")).toMatchObject({ socketTimeout: 5000 });
  });
});

describe("smtpTransport", () => {
  it("fails a send the server never answers at its limit, as a timeout, long before the server's own timeouts", async () => {
    const server = await silentServer();
    try {
      process.env.SMTP_URL = server.url;
      resetEnvForTests();
      const started = performance.now();
      const failure = await smtpTransport(false, 300)!
        .sendMail(mail)
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: "ETIMEDOUT", message: "The mail server did not take the message within 0.3 s" });
      // Not the greeting's ten seconds.
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await server.close();
    }
  });

  it("counts a pooled send's wait for a free connection within its limit", async () => {
    const server = await silentServer();
    try {
      process.env.SMTP_URL = `${server.url}?pool=true&maxConnections=1`;
      resetEnvForTests();
      const started = performance.now();
      // The only connection is taken by the first, silent to the end: the second waits for it.
      const sends = [smtpTransport(false, 300)!.sendMail(mail), smtpTransport(false, 300)!.sendMail(mail)];
      const failures = await Promise.all(sends.map((send) => send.catch((error: unknown) => error)));
      expect(failures).toMatchObject([{ code: "ETIMEDOUT" }, { code: "ETIMEDOUT" }]);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await server.close();
    }
  });

  it("keeps to the outbox where the environment's mail goes there", () => {
    process.env.SMTP_URL = "smtp://mail.example.fi:587";
    resetEnvForTests();
    expect(smtpTransport(true)).toBeNull();
    expect(smtpTransport(false)).not.toBeNull();
  });
});
