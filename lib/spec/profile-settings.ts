import { z } from "zod";

/*
 * GET and PATCH /profile/settings: what a profile decides for itself about how the service reports
 * to it. One member so far; more join it as the interface grows.
 */

export const CREDIT_LOSS_MODELS = ["timebased", "status"] as const;

const creditlossmodel = z.enum(CREDIT_LOSS_MODELS).meta({
  description:
    "How a credit loss reaches the event receiver and GET /events, one way only so that no receiver counts one loss twice. " +
    "timebased (default): creditloss messages (type creditloss when a case is written off, suspected in Sweden, change after a payment to a " +
    "written-off case, with what is still written off) and no lcstatus for the move to 103. status: the legacy lcstatus 103 and no creditloss " +
    "messages; a payment to a written-off case is reported by its payment event alone.",
});

export const profileSettingsSchema = z.object({ creditlossmodel }).meta({ id: "ProfileSettings" });

export const profileSettingsPatchSchema = z
  .strictObject({ creditlossmodel: creditlossmodel.optional() })
  .meta({ id: "ProfileSettingsPatch", description: "The settings to change; members left out keep their value." });

export type ProfileSettings = z.infer<typeof profileSettingsSchema>;
export type ProfileSettingsPatch = z.infer<typeof profileSettingsPatchSchema>;
