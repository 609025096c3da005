import type { OnboardingTexts } from "@/lib/portal/onboarding/texts";
import type { ProfileStatus } from "@/lib/spec/create-profile";

const TONES: Record<ProfileStatus | "unknown", string> = {
  created: "border-emerald-300 bg-emerald-50 text-emerald-900",
  onboarding: "border-blue-300 bg-blue-50 text-blue-900",
  incomplete: "border-amber-300 bg-amber-50 text-amber-900",
  unknown: "border-slate-300 bg-slate-50 text-slate-800",
};

/** A profile's onboarding state as a word, not only a colour. */
export function StatusBadge({ status, texts }: { status: ProfileStatus | null; texts: OnboardingTexts }) {
  const key = status ?? "unknown";
  return (
    <span data-status={key} className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONES[key]}`}>
      {texts.statuses[key]}
    </span>
  );
}
