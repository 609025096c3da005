import type { Db } from "../../db/client";
import { today, type Clock } from "../../platform/clock";
import { environment as environmentById, type Environment, type EnvironmentId } from "../../spec/environments";
import { profileClock } from "../lifecycle/profile-clock";

/** A profile as a contract sweep acts for it: its cid and environment, and its own now and today. */
export interface SweptProfile {
  cid: string;
  environment: Environment;
  now: Date;
  day: string;
}

/**
 * The profile read for a sweep, on its own clock (profileClock: a test profile may have moved its
 * time) and its environment's calendar day; null when the profile is gone.
 */
export async function sweptProfile(db: Db, clock: Clock, profileId: string): Promise<SweptProfile | null> {
  const profile = await db.profile.findUnique({ where: { id: profileId }, select: { cid: true, environment: true, clockOffsetSeconds: true } });
  if (!profile) return null;
  const environment = environmentById(profile.environment as EnvironmentId);
  const now = profileClock(clock, profile, environment).now();
  return { cid: profile.cid, environment, now, day: today({ now: () => now }, environment.rules.timeZone) };
}
