import Link from "next/link";

import { StatusBadge } from "@/components/portal/onboarding/status-badge";
import { buttonClass } from "@/components/ui/button";
import { EmptyState, PageHeader } from "@/components/ui/page-header";
import { DataCell, DataRow, DataTable } from "@/components/ui/table";
import { textLinkClass } from "@/components/ui/text-link";
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
      <PageHeader title={texts.listTitle} intro={texts.listIntro} actions={profiles.length > 0 ? newLink : null} />
      {profiles.length === 0 ? (
        <EmptyState>
          <p>{texts.listEmpty}</p>
          {newLink}
        </EmptyState>
      ) : (
        <DataTable
          caption={texts.listTitle}
          columns={[
            texts.columns.business,
            texts.columns.name,
            texts.columns.contact,
            texts.columns.environment,
            texts.columns.customerId,
            texts.columns.state,
            texts.columns.sent,
          ].map((header) => ({ header }))}
        >
          {profiles.map((profile) => (
            <DataRow key={profile.id} testId="onboarding-row">
              <DataCell rowHeader mono strong>
                {profile.businessId}
              </DataCell>
              <DataCell>{profile.name ?? "—"}</DataCell>
              <DataCell layout="break-all">{profile.contactEmail}</DataCell>
              <DataCell>
                {profile.connection.label}
                <span className="block font-mono text-xs text-slate-600">{profile.connection.environment}</span>
              </DataCell>
              <DataCell mono>{profile.customerId ?? "—"}</DataCell>
              <DataCell>
                <StatusBadge status={profile.status} texts={texts} />
                {profile.connected ? (
                  <span className="mt-1 block max-w-xs text-xs text-slate-700">
                    {texts.connected}
                    <Link href="/settings/connections" className={textLinkClass}>
                      {profile.connected.label}
                    </Link>
                  </span>
                ) : profile.status ? (
                  <span className="mt-1 block max-w-xs text-xs text-slate-600">
                    {profile.status === "created" ? texts.awaitingApicode : texts.statusHelp[profile.status]}
                  </span>
                ) : null}
              </DataCell>
              <DataCell nowrap>
                <time dateTime={profile.createdAt.toISOString()}>{formatTime(profile.createdAt, user.locale)}</time>
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
    </div>
  );
}
