// Types for `import { load } from "vigie"` as the page uses it (see api.ts).
import type { Vigie } from "./api";
export declare function load(): Promise<Vigie>;
