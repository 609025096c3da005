/** @type {import('next').NextConfig} */
const nextConfig = {
  // A second build folder lets several servers of one checkout run at once (e2e work in parallel).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Native and file-reading packages are loaded by Node at run time, not bundled.
  // pdf.js loads its worker from its own folder, which it cannot find inside a server bundle;
  // piscina, its thread entry.
  serverExternalPackages: [
    "better-sqlite3",
    "@node-rs/argon2",
    "pg",
    "yauzl",
    "nodemailer",
    "pdfjs-dist",
    "piscina",
    "prom-client",
    "undici",
    "esbuild",
    "ssh2",
  ],
  poweredByHeader: false,
  // forbidden() answers a signed-in user whose role is not enough with the 403 page.
  // serverActions: a letter's PDF (at most 10 MiB, the service's limit) travels base64-encoded.
  experimental: { authInterrupts: true, serverActions: { bodySizeLimit: "14mb" } },
  typedRoutes: false,
  // npm test type-checks the whole project (tsc) before it builds, and fails on any error there; its
  // build need not check the same files again (a minute of CPU on a 2-core machine). Every other
  // build checks.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPECHECKED === "1" },
  async rewrites() {
    // /{environment}/rest/… reaches the same handlers as /rest/…. A rewrite, not a proxy: it does not
    // buffer request bodies, so large uploads stream through. The handlers still see the requested
    // path, read the environment from it, and answer an environment that does not exist with a 404
    // problem (lib/service/http/rest-handler.ts), so the pattern only has to look like one.
    return [{ source: "/:environment([a-z]{3}-[a-z]{4})/rest/:path*", destination: "/rest/:path*" }];
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
