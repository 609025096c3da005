import type { MetricObjectWithValues, MetricValue } from "prom-client";

/* What the app's request thread and its background thread say to each other (background-thread.ts). */

export type ToBackground = { type: "metrics"; id: number } | { type: "stop" };

export type FromBackground =
  { type: "ready"; loops: string[] } | { type: "metrics"; id: number; metrics: MetricObjectWithValues<MetricValue<string>>[] } | { type: "stopped" };
