// The OpenCode plugin module: in `.opencode/plugins/vigie.js` write
//   export { VigiePlugin } from "vigie/opencode";
// It judges every tool call with `.vigie/policy.vigie` (or $VIGIE_POLICY), relative to the
// project. Only plugins are exported here: OpenCode calls every export of a plugin module. For
// other settings, build one with `createOpencodePlugin({ policyFile, mode, ... })` from "vigie".
import { createOpencodePlugin } from "./index.mjs";

export const VigiePlugin = createOpencodePlugin();
