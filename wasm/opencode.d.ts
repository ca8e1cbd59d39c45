// Types of "vigie/opencode": an OpenCode plugin judging every tool call with
// `.vigie/policy.vigie` (or $VIGIE_POLICY). See `createOpencodePlugin` in "vigie".
import type { OpencodePlugin } from "./index.js";

export declare const VigiePlugin: OpencodePlugin;
