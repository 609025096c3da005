import type { Tx } from "../../db/client";
import type { DatasetItem } from "../../spec/dataset-item";
import type { Country } from "../../spec/environments";

import { sendtypeForDocument } from "./channels";
import { secondaryChannels, type SecondaryChannel } from "./recipients";

/*
 * A document's dispatches form chains: the first channel (secondary false), then the job's
 * secondarysendtype items one after another while each fails. A later notice of the same job
 * starts a chain of its own. Each secondary dispatch is created a moment after the one that
 * failed (createdAt strictly increasing), so its place in the chain is its order by createdAt, and
 * its place tells which secondarysendtype item (with its own e-invoice address) it carries out.
 */

interface ChainDispatch {
  id: string;
  jobId: number;
  profileId: string;
  document: string;
  secondary: boolean;
  createdAt: Date;
}

/** The secondary dispatches of the chain the dispatch belongs to, in order. */
async function secondariesOfChain(tx: Tx, dispatch: ChainDispatch): Promise<{ id: string; createdAt: Date }[]> {
  const scope = { jobId: dispatch.jobId, profileId: dispatch.profileId, document: dispatch.document };
  const start = dispatch.secondary
    ? await tx.dispatch.findFirst({
        where: { ...scope, secondary: false, createdAt: { lte: dispatch.createdAt } },
        orderBy: { createdAt: "desc" },
        select: { createdAt: true },
      })
    : dispatch;
  const from = start?.createdAt ?? new Date(0);
  const nextStart = await tx.dispatch.findFirst({
    where: { ...scope, secondary: false, createdAt: { gt: from } },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true },
  });
  return tx.dispatch.findMany({
    where: { ...scope, secondary: true, createdAt: nextStart ? { gt: from, lt: nextStart.createdAt } : { gt: from } },
    orderBy: { createdAt: "asc" },
    select: { id: true, createdAt: true },
  });
}

export interface ChainContext {
  item: DatasetItem;
  jobtype: number;
  country: Country;
  hasEmail: boolean;
}

function candidates(context: ChainContext, document: string): SecondaryChannel[] {
  return secondaryChannels(context.item).map((channel) => ({
    ...channel,
    sendtype: sendtypeForDocument(channel.sendtype, document, context.jobtype, context.country, context.hasEmail),
  }));
}

/** The secondarysendtype item a secondary dispatch carries out; null for a first channel. */
export async function secondaryChannelOf(tx: Tx, dispatch: ChainDispatch, context: ChainContext): Promise<SecondaryChannel | null> {
  if (!dispatch.secondary) return null;
  const position = (await secondariesOfChain(tx, dispatch)).findIndex((entry) => entry.id === dispatch.id);
  return candidates(context, dispatch.document)[position] ?? null;
}

/** The channel to try after this dispatch failed, with the instant to create it at; null when none is left. */
export async function nextSecondary(
  tx: Tx,
  dispatch: ChainDispatch,
  context: ChainContext,
  now: Date,
): Promise<{ channel: SecondaryChannel; createdAt: Date } | null> {
  const done = await secondariesOfChain(tx, dispatch);
  const channel = candidates(context, dispatch.document)[done.length];
  if (!channel) return null;
  const latest = Math.max(dispatch.createdAt.getTime(), ...done.map((entry) => entry.createdAt.getTime()));
  return { channel, createdAt: new Date(Math.max(now.getTime(), latest + 1)) };
}
