/**
 * The environments to choose from in a select, each shown by its id ("fin-test"), as the service's
 * addresses and every connection's name show it: the dashboard's scope and the connection form
 * offer them alike.
 */
export function EnvironmentOptions({ ids }: { ids: readonly string[] }) {
  return ids.map((id) => (
    <option key={id} value={id}>
      {id}
    </option>
  ));
}
