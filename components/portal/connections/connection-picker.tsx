import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { EmptyState } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { connectionName } from "@/lib/portal/connections/connection-name";
import type { Connection } from "@/lib/portal/connections/connections";
import { fillText } from "@/lib/portal/i18n/locale";

/*
 * The top of a page that reads one connection's service as it is shown: which connection (a plain
 * GET form, so the choice is in the address), a word when there is none, and the service's failure.
 */

export function ConnectionPicker({
  connections,
  connection,
  failure,
  texts,
}: {
  connections: readonly Connection[];
  connection: Connection | null;
  failure: string | null;
  /** `failed` names the service's failure as "{reason}". */
  texts: { connection: string; show: string; noConnection: string; failed: string };
}) {
  return (
    <>
      {connection ? (
        <form method="get" className="flex flex-wrap items-end gap-3">
          <Field id="connection-picker" label={texts.connection}>
            {(aria) => (
              <Select {...aria} name="connection" defaultValue={connection.id}>
                {connections.map((one) => (
                  <option key={one.id} value={one.id}>
                    {connectionName(one)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" variant="secondary">
            {texts.show}
          </Button>
        </form>
      ) : (
        <EmptyState>{texts.noConnection}</EmptyState>
      )}
      {failure ? <Notice tone="error">{fillText(texts.failed, { reason: failure })}</Notice> : null}
    </>
  );
}
