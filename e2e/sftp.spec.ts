import { expect, test } from "@playwright/test";
import ssh2, { type SFTPWrapper } from "ssh2";

import { buildZip } from "../lib/testing/zip";

import { addDays, demoFin } from "./portal/fixtures";

/*
 * The SFTP server the app starts beside its HTTP port: the demo profile signs in with its apicode,
 * puts a ZIP package, and reads the answer the service wrote beside it; the jobs are there over REST.
 */

const SFTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 1000;

function connect(): Promise<{ sftp: SFTPWrapper; end: () => void }> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    client
      .on("ready", () => client.sftp((error, sftp) => (error ? reject(error) : resolve({ sftp, end: () => client.end() }))))
      .on("error", reject)
      .connect({ host: "127.0.0.1", port: SFTP_PORT, username: "fin-test.demo-fin", password: "demo-fin-apicode", readyTimeout: 20_000 });
  });
}

test("an ERP puts a ZIP package on the app's SFTP server and reads its result records beside it", async ({ request }) => {
  const name = `e2e-${Date.now()}.zip`;
  const { headers, today } = await demoFin(request);
  const zip = await buildZip([
    {
      name: "index.json",
      content: JSON.stringify({
        datastream: {
          dataset: [
            {
              jobtype: "0",
              customertype: "2",
              person: "Maija Sftp",
              address: "Esimerkkikatu 1",
              postcode: "00100",
              city: "Helsinki",
              sendtype: "email",
              email: "maija@example.com",
              ownref: name,
              billdate: today,
              paydate: addDays(today, 14),
              payrow: [{ desc: "Delivered by SFTP", count: "1", amount: "12.00", taxpr: "25.5" }],
            },
          ],
        },
      }),
    },
  ]);
  const { sftp, end } = await connect();
  try {
    await new Promise<void>((resolve, reject) => sftp.writeFile(name, zip, (error) => (error ? reject(error) : resolve())));
    let text = "";
    await expect(async () => {
      text = await new Promise<string>((resolve, reject) =>
        sftp.readFile(`${name}.result.json`, (error, data) => (error ? reject(error) : resolve(data.toString("utf8")))),
      );
    }).toPass({ timeout: 20_000 });
    const answer = JSON.parse(text) as { accepted: number; result: { jobid: number; ownref: string }[] };
    expect(answer.accepted, text).toBe(1);
    expect(answer.result[0]!.ownref).toBe(name);

    const job = await request.get(`/fin-test/rest/jobs/${answer.result[0]!.jobid}`, { headers });
    expect(job.status()).toBe(200);
  } finally {
    end();
  }
});
