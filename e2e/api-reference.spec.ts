import { expect, test } from "@playwright/test";

/* The API reference page renders the OpenAPI document the service serves, every operation of it. */

interface Operation {
  summary: string;
  operationId: string;
}

test("the API reference lists every operation of the OpenAPI document", async ({ page, request }) => {
  const openapi = (await (await request.get("/rest/openapi.json")).json()) as {
    openapi: string;
    info: { version: string };
    paths: Record<string, Record<string, Operation>>;
    webhooks: Record<string, Record<string, Operation>>;
  };
  expect(openapi.openapi).toBe("3.1.0");
  expect(openapi.info.version).toBe("1.0.0");
  const operations = [...Object.entries(openapi.paths), ...Object.entries(openapi.webhooks)].flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, ...operation })),
  );
  expect(operations.map((operation) => operation.path)).toEqual(expect.arrayContaining(["/token", "/jobs", "/profile/createprofile"]));

  await page.goto("/api-reference");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invoicing, Distribution, Reminder and Collection Service");
  // Every operation's section, read from the page in one pass: three checks of a hundred sections,
  // each its own round trip to the browser, took 70.7 s on a loaded 2-core machine.
  const sections = await page.evaluate(
    (ids) =>
      ids.map((id) => {
        const section = document.getElementById(`operation-${id}`);
        const headings = section ? [...section.querySelectorAll("h3, [role=heading][aria-level='3']")].map((heading) => heading.textContent ?? "") : [];
        return { id, visible: section?.checkVisibility() ?? false, headings };
      }),
    operations.map((operation) => operation.operationId),
  );
  for (const [index, operation] of operations.entries()) {
    const section = sections[index]!;
    expect(section.visible, `#operation-${operation.operationId} is shown`).toBe(true);
    expect(section.headings, `#operation-${operation.operationId} has one heading of level 3`).toHaveLength(1);
    expect(section.headings[0]).toContain(operation.summary);
    expect(section.headings[0]).toContain(operation.method.toUpperCase());
  }
  // The contents link to each operation, and following one lands on it.
  const navigation = page.getByRole("navigation", { name: "API reference contents" });
  await navigation.getByRole("link", { name: "Add jobs" }).click();
  await expect(page).toHaveURL(/#operation-postJobs$/);
  // Schemas of the interface are documented member by member.
  await expect(page.locator("#schema-DatasetItem")).toContainText("jobtype");
  await expect(page.locator("#schema-DatasetItem")).toContainText("0 invoice, 1 payment notice (reminder)");
});
