import NextAuth from "next-auth";

import { uncached } from "@/lib/platform/cache-control";
import { authOptions } from "@/lib/portal/auth/auth-options";

const handler = uncached((request: Request, context: { params: Promise<{ nextauth: string[] }> }) => NextAuth(authOptions())(request, context));

export { handler as GET, handler as POST };
