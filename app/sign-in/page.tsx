import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { SignInForm } from "@/components/portal/auth/sign-in-form";
import { safeCallbackPath } from "@/lib/portal/auth/safe-callback";
import { getPortalUser } from "@/lib/portal/auth/session";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  if (await getPortalUser()) redirect("/cases");
  const { callbackUrl } = await searchParams;
  const next = safeCallbackPath(callbackUrl);
  return (
    <main className="mx-auto max-w-sm px-4 py-16">
      <h1 className="mb-6 text-2xl font-semibold">Sign in to Nordic Receivables</h1>
      <SignInForm callbackUrl={next} />
    </main>
  );
}
