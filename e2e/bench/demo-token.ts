/** A bearer token of the demo Finnish profile the app seeds on its embedded default. */
export async function demoToken(url: string): Promise<string> {
  const response = await fetch(`${url}/fin-test/rest/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ cid: "demo-fin", apicode: "demo-fin-apicode" }),
  });
  if (response.status !== 201) throw new Error(`token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
