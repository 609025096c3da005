import { ServiceError } from "@/lib/service/errors";
import { restHandler } from "@/lib/service/http/rest-handler";

/** Any other path under /rest: a 404 with problem details, in the interface's own voice. */
const notFound = restHandler(async ({ request }) => {
  throw new ServiceError("not_found", `There is no endpoint ${new URL(request.url).pathname}; see /rest/openapi.json.`);
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
