import { randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import type { Db, Tx } from "../../db/client";
import type { StockItem } from "../../db/generated/sqlite/client";
import type { Environment } from "../../spec/environments";
import {
  MAX_STOCK_ITEMS,
  MAX_STOCK_QUANTITY,
  STOCK_DOCUMENTS,
  type StockDetail,
  type StockDocument,
  type StockItemInput,
  type StockItemView,
  type StockList,
  type StockMovementInput,
} from "../../spec/stock";
import { ServiceError } from "../errors";

import { warnWhenLow } from "./low-stock";

/*
 * The profile's stock at the print house: items defined by the customer (PUT /stock/{code}), stock
 * received and counted (POST /stock/{code}/movements), and what print batches took
 * (take-supplies.ts). A level changes only under the item's lock, in the transaction that records
 * why, so the movements always add up to it.
 */

interface StockContext {
  environment: Environment;
  profile: { id: string };
  /** The profile's clock now. */
  at: Date;
}

/** How far back GET /stock/{code} lists what print batches took. */
const BATCH_DAYS = 90;
const MOVEMENTS_LISTED = 100;

function stockItemView(row: StockItem): StockItemView {
  return {
    code: row.code,
    name: row.name,
    kind: row.kind as StockItemView["kind"],
    per: row.per as StockItemView["per"],
    documents: documentsOf(row.documents),
    activefrom: row.activeFrom,
    activeuntil: row.activeUntil,
    level: row.level,
    threshold: row.threshold,
    low: row.level < row.threshold,
    warnemail: row.warnEmail,
    updated: row.updatedAt.toISOString(),
  };
}

function documentsOf(stored: string): StockDocument[] {
  const listed = new Set(stored.split(","));
  return STOCK_DOCUMENTS.filter((document) => listed.has(document));
}

export async function listStock(db: Db, context: StockContext): Promise<StockList> {
  const rows = await db.stockItem.findMany({
    where: { profileId: context.profile.id, environment: context.environment.id },
    orderBy: { code: "asc" },
    take: MAX_STOCK_ITEMS,
  });
  return { items: rows.map(stockItemView) };
}

function notFound(code: string): ServiceError {
  return new ServiceError("not_found", `This profile has no stock item ${code}.`);
}

export async function stockDetail(db: Db, context: StockContext, code: string): Promise<StockDetail> {
  const row = await db.stockItem.findUnique({ where: { profileId_code: { profileId: context.profile.id, code } } });
  if (!row || row.environment !== context.environment.id) throw notFound(code);
  const since = new Date(context.at.getTime() - BATCH_DAYS * 86_400_000).toISOString().slice(0, 10);
  const [batches, movements] = await Promise.all([
    db.stockMovement.groupBy({
      by: ["batchDate"],
      where: { itemId: row.id, kind: "consumed", batchDate: { gte: since } },
      _count: { _all: true },
      _sum: { quantity: true },
      orderBy: { batchDate: "desc" },
    }),
    db.stockMovement.findMany({
      where: { itemId: row.id, kind: { in: ["received", "counted"] } },
      orderBy: { createdAt: "desc" },
      take: MOVEMENTS_LISTED,
    }),
  ]);
  return {
    item: stockItemView(row),
    batches: batches.map((batch) => ({ date: batch.batchDate!, letters: batch._count._all, quantity: -(batch._sum.quantity ?? 0) })),
    movements: movements.map((movement) => ({
      type: movement.kind as "received" | "counted",
      quantity: movement.quantity,
      level: movement.levelAfter,
      note: movement.note,
      time: movement.createdAt.toISOString(),
    })),
  };
}

/** PUT /stock/{code}: defines the item or changes what it is; its level changes only by movements. */
export async function putStockItem(db: Db, context: StockContext, code: string, input: StockItemInput): Promise<{ item: StockItemView; created: boolean }> {
  const definition = {
    name: input.name.trim(),
    kind: input.kind,
    per: input.per,
    documents: input.documents.join(","),
    activeFrom: input.activefrom,
    activeUntil: input.activeuntil,
    threshold: input.threshold,
    warnEmail: input.warnemail,
    updatedAt: context.at,
  };
  return db.$transaction(async (tx) => {
    await lockFor(tx, `stock:${context.profile.id}`);
    const existing = await tx.stockItem.findUnique({ where: { profileId_code: { profileId: context.profile.id, code } } });
    if (existing && existing.environment !== context.environment.id) throw notFound(code);
    if (existing) {
      // The level is read under the item's lock, as letters change it. A threshold changed to at or
      // under the level ends a warning; one over it warns at the next letter or count.
      const item = await lockedItem(tx, existing.id);
      const warnedAt = item.threshold !== input.threshold && item.level >= input.threshold ? null : item.warnedAt;
      const row = await tx.stockItem.update({ where: { id: item.id }, data: { ...definition, warnedAt } });
      return { item: stockItemView(row), created: false };
    }
    const count = await tx.stockItem.count({ where: { profileId: context.profile.id } });
    if (count >= MAX_STOCK_ITEMS) throw new ServiceError("conflict", `A profile keeps at most ${MAX_STOCK_ITEMS} stock items.`);
    const row = await tx.stockItem.create({
      data: { id: randomUUID(), profileId: context.profile.id, environment: context.environment.id, code, level: 0, createdAt: context.at, ...definition },
    });
    return { item: stockItemView(row), created: true };
  });
}

/** The item under its lock, for a change of its level. */
export async function lockedItem(tx: Tx, itemId: string): Promise<StockItem> {
  await lockFor(tx, `stock-item:${itemId}`);
  return tx.stockItem.findUniqueOrThrow({ where: { id: itemId } });
}

/** POST /stock/{code}/movements: stock received at the print house, or the shelf counted. */
export async function recordStockMovement(db: Db, context: StockContext, code: string, input: StockMovementInput): Promise<StockItemView> {
  return db.$transaction(async (tx) => {
    const found = await tx.stockItem.findUnique({
      where: { profileId_code: { profileId: context.profile.id, code } },
      select: { id: true, environment: true },
    });
    if (!found || found.environment !== context.environment.id) throw notFound(code);
    const item = await lockedItem(tx, found.id);
    const level = input.type === "received" ? item.level + input.quantity : input.level;
    if (level > MAX_STOCK_QUANTITY) {
      throw new ServiceError("invalid_request", `A stock level is at most ${MAX_STOCK_QUANTITY}.`, {
        problems: [{ field: "quantity", code: "too_large", message: `would make the level ${level}, over ${MAX_STOCK_QUANTITY}` }],
      });
    }
    await tx.stockMovement.create({
      data: {
        id: randomUUID(),
        itemId: item.id,
        profileId: context.profile.id,
        kind: input.type,
        quantity: level - item.level,
        levelAfter: level,
        note: input.note?.trim() || null,
        createdAt: context.at,
      },
    });
    // Stock back over the threshold: the next fall under it warns again. A count under it warns now.
    const row = await tx.stockItem.update({
      where: { id: item.id },
      data: { level, updatedAt: context.at, ...(level >= item.threshold ? { warnedAt: null } : {}) },
    });
    await warnWhenLow(tx, item, level, context);
    return stockItemView(row);
  });
}
