import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "../../db/client";
import { ActionError } from "../actions/action-error";
import type { PortalUser } from "../auth/session";

import { deleteView, listViews, MAX_SAVED_VIEWS, saveView, saveViewInputSchema, savedSearch } from "./saved-views";

/* Saved views of the case list: canonical, without paging, each user's own, replaced by name, bounded in number. */

const ORG = "org-views";
const anna: PortalUser = { id: "u-anna", organizationId: ORG, email: "anna@example.com", name: "Anna", role: "viewer", locale: "eng" };
const bert: PortalUser = { ...anna, id: "u-bert", email: "bert@example.com", name: "Bert" };

beforeAll(async () => {
  await getDb().portalOrganization.create({ data: { id: ORG, name: ORG } });
});

describe("saved views", () => {
  it("keeps the view's valid filters and order, never a cursor or a value the list refuses", () => {
    expect(savedSearch("code=200&environment=fin-test&sort=due&dir=asc&after=abc&amountMin=12,5&dueFrom=yesterday")).toBe(
      "code=200&environment=fin-test&amountMin=12.50&sort=due&dir=asc&limit=50",
    );
  });

  it("are each user's own, replaced by saving a name again, and deleted only by their owner", async () => {
    const db = getDb();
    const first = await saveView(db, anna, { name: "Overdue in Finland", search: "environment=fin-test&sort=due" });
    expect(first.href).toBe("/cases?environment=fin-test&sort=due&dir=asc&limit=50");
    await saveView(db, anna, { name: "Overdue in Finland", search: "environment=fin-test&code=200" });
    await saveView(db, bert, { name: "Mine", search: "q=korhonen" });
    expect((await listViews(db, anna)).map((view) => [view.name, view.href])).toEqual([
      ["Overdue in Finland", "/cases?code=200&environment=fin-test&sort=updated&dir=desc&limit=50"],
    ]);
    expect((await listViews(db, bert)).map((view) => view.name)).toEqual(["Mine"]);

    expect(await deleteView(db, bert, { viewId: first.id })).toBe(false);
    expect(await listViews(db, anna)).toHaveLength(1);
    expect(await deleteView(db, anna, { viewId: first.id })).toBe(true);
    expect(await listViews(db, anna)).toEqual([]);
  });

  it("refuses more than the bound, and a name that is empty or long", async () => {
    const db = getDb();
    const carl: PortalUser = { ...anna, id: "u-carl" };
    for (let index = 0; index < MAX_SAVED_VIEWS; index++) await saveView(db, carl, { name: `View ${index}`, search: "" });
    await expect(saveView(db, carl, { name: "One more", search: "" })).rejects.toThrow(ActionError);
    await expect(saveView(db, carl, { name: "One more", search: "" })).rejects.toThrow("You have 50 saved views; delete one first.");
    // Saving an existing name again is a replacement, not one more.
    await expect(saveView(db, carl, { name: "View 7", search: "code=101" })).resolves.toMatchObject({ name: "View 7" });
    expect(saveViewInputSchema.safeParse({ name: "  ", search: "" }).error?.issues[0]?.message).toBe("nameRequired");
    expect(saveViewInputSchema.safeParse({ name: "x".repeat(61), search: "" }).error?.issues[0]?.message).toBe("nameTooLong");
  });
});
