"use client";

import { signOut } from "next-auth/react";

import { Button } from "@/components/ui/button";

export function SignOutButton({ label }: { label: string }) {
  return (
    <Button variant="quiet" size="sm" onClick={() => void signOut({ callbackUrl: "/sign-in" })}>
      {label}
    </Button>
  );
}
