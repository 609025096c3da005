/* Applies the committed migrations to DATABASE_URL (the app does this itself when it starts). */
import { migrate } from "../db/migrate";
import { getEnv } from "../env";

const env = getEnv();
const applied = await migrate(env.DATABASE_URL);
console.log(applied.length > 0 ? `Applied ${applied.join(", ")} to the ${env.DATABASE_ENGINE} database.` : "The database is up to date.");
