import { BulkUpload } from "@/components/portal/uploads/bulk-upload";
import { EmptyState, PageHeader } from "@/components/ui/page-header";
import { getDb } from "@/lib/db/client";
import { requireUser } from "@/lib/portal/auth/session";
import { listFormConnections } from "@/lib/portal/connections/form-connections";
import { pageMetadata } from "@/lib/portal/shell/page-titles";
import { UPLOAD_TEXTS } from "@/lib/portal/uploads/texts";

export const generateMetadata = () => pageMetadata("upload");

/* The upload itself goes to /api/portal/uploads, which checks the session and the role again. */
export default async function BulkUploadPage() {
  const user = await requireUser("clerk");
  const texts = UPLOAD_TEXTS[user.locale];
  const connections = await listFormConnections(getDb(), user.organizationId);
  return (
    <div className="max-w-6xl space-y-6">
      <PageHeader title={texts.title} intro={texts.intro} />
      {connections.length > 0 ? <BulkUpload connections={connections} texts={texts} locale={user.locale} /> : <EmptyState>{texts.noConnections}</EmptyState>}
    </div>
  );
}
