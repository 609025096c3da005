/*
 * A connection as a person picks it from a list or reads it in a message: its name, then its
 * environment, since one organization may name a test and a production connection alike.
 * Plain data in, so the forms (client components) take it as the pages do.
 */

type Named = { label: string } & ({ environmentId: string } | { environment: { id: string } });

/** "{label} ({environment})", e.g. "Demo Oy (fin-test)". */
export function connectionName(connection: Named): string {
  const environmentId = "environmentId" in connection ? connection.environmentId : connection.environment.id;
  return `${connection.label} (${environmentId})`;
}
