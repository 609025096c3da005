import { expect, test } from "@playwright/test";

/* The API reference page renders the OpenAPI document the service serves, every operation of it. */

interface Operation {
  summary: string;
  operationId: string;
}

test("the API reference lists every operation of the OpenAPI document", async ({ page, request }) => {
  // Four checks for each of about a hundred operations: 25 s on a loaded machine, and 70.7 s beside
  // the other shard on a 2-core machine, too near the 90 s it had.
  test.setTimeout(150_000);
  const document = (await (await request.get("/rest/openapi.json")).json()) as {
    openapi: string;
    info: { version: string };
    paths: Record<string, Record<string, Operation>>;
    webhooks: Record<string, Record<string, Operation>>;
  };
  expect(document.openapi).toBe("3.1.0");
  expect(document.info.version).toBe("1.0.0");
  const operations = [...Object.entries(document.paths), ...Object.entries(document.webhooks)].flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, ...operation })),
  );
  expect(operations.map((operation) => operation.path)).toEqual(expect.arrayContaining(["/token", "/jobs", "/profile/createprofile"]));

  await page.goto("/api-reference");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invoicing, Distribution, Reminder and Collection Service");
  for (const operation of operations) {
    const section = page.locator(`#operation-${operation.operationId}`);
    await expect(section).toBeVisible();
    await expect(section.getByRole("heading", { level: 3 })).toContainText(operation.summary);
    await expect(section.getByRole("heading", { level: 3 })).toContainText(operation.method.toUpperCase());
  }
  // The contents link to each operation, and following one lands on it.
  const navigation = page.getByRole("navigation", { name: "API reference contents" });
  await navigation.getByRole("link", { name: "Add jobs" }).click();
  await expect(page).toHaveURL(/#operation-postJobs$/);
  // Schemas of the interface are documented member by member.
  await expect(page.locator("#schema-DatasetItem")).toContainText("jobtype");
  await expect(page.locator("#schema-DatasetItem")).toContainText("0 invoice, 1 payment notice (reminder)");
});
