/*
 * The entry of a render pool thread (render-pool.ts). Plain JavaScript, loaded by path, so the same
 * file serves the built app, `npm run worker` and the tests; the tasks themselves are TypeScript,
 * compiled on load by tsx (cached on disk after the first start).
 */
import { tsImport } from "tsx/esm/api";

const { runRenderCall } = await tsImport("./render-tasks.ts", import.meta.url);

export default runRenderCall;
