import type { Db, Tx } from "../../db/client";
import type { FormConnection } from "../forms/form-connections";

import { listConnections } from "./connections";

/** An organization's connections as its forms may know them: nothing secret. */
export async function listFormConnections(db: Db | Tx, organizationId: string): Promise<FormConnection[]> {
  return (await listConnections(db, organizationId)).map((connection) => ({
    id: connection.id,
    label: connection.label,
    environmentId: connection.environment.id,
    country: connection.environment.country,
  }));
}
