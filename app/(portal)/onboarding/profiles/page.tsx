import Link from "next/link";

import { StatusBadge } from "@/components/portal/onboarding/status-badge";
import { buttonClass } from "@/components/ui/button";
import { getDb } from "@/lib/db/client";
import { requireUser } from "@/lib/portal/auth/session";
import { formatTime } from "@/lib/portal/i18n/format-time";
import { listOnboardings } from "@/lib/portal/onboarding/list-onboardings";
import { ONBOARDING_TEXTS } from "@/lib/portal/onboarding/texts";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

export const generateMetadata = () => pageMetadata("onboardedProfiles");

export default async function OnboardedProfilesPage() {
  const user = await requireUser("admin");
  const texts = ONBOARDING_TEXTS[user.locale];
  const profiles = await listOnboardings(getDb(), { organizationId: user.organizationId });
  const newLink = (
    <Link href="/onboarding/profiles/new" className={buttonClass({ variant: "primary" })}>
      {texts.newProfile}
    </Link>
  );
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold">{texts.listTitle}</h1>
          <p className="max-w-3xl text-slate-700">{texts.listIntro}</p>
        </div>
        {profiles.length > 0 ? newLink : null}
      </header>
      {profiles.length === 0 ? (
        <div className="space-y-4 rounded-md border border-dashed border-slate-300 bg-white p-6 text-slate-700">
          <p>{texts.listEmpty}</p>
          {newLink}
        </div>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full border-collapse bg-white text-sm">
            <caption className="sr-only">{texts.listTitle}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-left">
                <th scope="col" className="px-3 py-2">
                  {texts.columns.business}
                </th>
                <th scope="col" className="px-3 py-2">
                  {texts.columns.name}
                </th>
                <th scope="col" className="px-3 py-2">
                  {texts.columns.contact}
                </th>
                <th scope="col" className="px-3 py-2">
                  {texts.columns.environment}
                </th>
                <th scope="col" className="px-3 py-2">
                  {texts.columns.customerId}
                </th>
                <th scope="col" className="px-3 py-2">
                  {texts.columns.state}
                </th>
                <th scope="col" className="px-3 py-2">
                  {texts.columns.sent}
                </th>
              </tr>
            </thead>
            <tbody>
              {profiles.map((profile) => (
                <tr key={profile.id} className="border-b border-slate-200 align-top" data-testid="onboarding-row">
                  <th scope="row" className="px-3 py-2 text-left font-mono font-medium">
                    {profile.businessId}
                  </th>
                  <td className="px-3 py-2">{profile.name ?? "—"}</td>
                  <td className="px-3 py-2 break-all">{profile.contactEmail}</td>
                  <td className="px-3 py-2">
                    {profile.connection.label}
                    <span className="block font-mono text-xs text-slate-600">{profile.connection.environment}</span>
                  </td>
                  <td className="px-3 py-2 font-mono">{profile.customerId ?? "—"}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={profile.status} texts={texts} />
                    {profile.connected ? (
                      <span className="mt-1 block max-w-xs text-xs text-slate-700">
                        {texts.connected}
                        <Link href="/settings/connections" className="underline">
                          {profile.connected.label}
                        </Link>
                      </span>
                    ) : profile.status ? (
                      <span className="mt-1 block max-w-xs text-xs text-slate-600">
                        {profile.status === "created" ? texts.awaitingApicode : texts.statusHelp[profile.status]}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={profile.createdAt.toISOString()}>{formatTime(profile.createdAt, user.locale)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
