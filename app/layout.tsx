import type { Metadata } from "next";
import type { ReactNode } from "react";

import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Nordic Receivables", template: "%s · Nordic Receivables" },
  description: "Invoicing, distribution, reminder and collection service for Finland, Sweden and Norway.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
