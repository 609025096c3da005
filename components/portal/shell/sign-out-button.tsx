"use client";

import { signOut } from "next-auth/react";

export function SignOutButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      onClick={() => void signOut({ callbackUrl: "/sign-in" })}
      className="rounded px-2 py-1 text-sm text-slate-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      {label}
    </button>
  );
}
