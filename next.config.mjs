/** Environments that answer at their own base URL, /{environment}/rest. Kept in step with lib/spec/environments.ts by a test. */
const ENVIRONMENTS = ["fin-test", "fin-prod", "swe-test", "swe-prod", "nor-test", "nor-prod"];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and file-reading packages are loaded by Node at run time, not bundled.
  serverExternalPackages: ["better-sqlite3", "@node-rs/argon2", "pg", "yauzl", "nodemailer"],
  poweredByHeader: false,
  typedRoutes: false,
  async rewrites() {
    // A rewrite, not a proxy: it does not buffer request bodies, so large uploads stream through.
    // The handlers still see the requested path and read the environment from it (lib/service/http/rest-handler.ts).
    return [{ source: `/:environment(${ENVIRONMENTS.join("|")})/rest/:path*`, destination: "/rest/:path*" }];
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;
