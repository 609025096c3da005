import { ProductList } from "@/components/portal/products/product-list";
import { PageHeader } from "@/components/ui/page-header";
import { getDb } from "@/lib/db/client";
import { mayAct } from "@/lib/portal/auth/roles";
import { requireUser } from "@/lib/portal/auth/session";
import { listProducts } from "@/lib/portal/products/products";
import { PRODUCT_TEXTS } from "@/lib/portal/products/texts";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

import { saveProductAction, setProductActiveAction } from "./actions";

export const generateMetadata = () => pageMetadata("products");

/** The product and price list: every role reads it, clerks and admins add, change and deactivate. */
export default async function ProductsPage() {
  const user = await requireUser("viewer");
  const t = PRODUCT_TEXTS[user.locale];
  const products = await listProducts(getDb(), user.organizationId);
  const editable = mayAct(user.role, "clerk");
  return (
    <div className="space-y-6">
      <PageHeader title={t.title} intro={t.intro} />
      <ProductList
        products={products}
        actions={editable ? { save: saveProductAction, setActive: setProductActiveAction } : null}
        texts={t}
        locale={user.locale}
      />
      {editable ? null : <p className="text-sm text-slate-600">{t.viewerOnly}</p>}
    </div>
  );
}
