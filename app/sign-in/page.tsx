import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { SignInForm } from "@/components/portal/auth/sign-in-form";
import { getPortalUser } from "@/lib/portal/auth/session";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  if (await getPortalUser()) redirect("/cases");
  const { callbackUrl } = await searchParams;
  // Only paths of this app: an absolute callback URL would make sign-in an open redirect.
  const next = callbackUrl && callbackUrl.startsWith("/") && !callbackUrl.startsWith("//") ? callbackUrl : "/cases";
  return (
    <main className="mx-auto max-w-sm px-4 py-16">
      <h1 className="mb-6 text-2xl font-semibold">Sign in to Nordic Receivables</h1>
      <SignInForm callbackUrl={next} />
    </main>
  );
}
