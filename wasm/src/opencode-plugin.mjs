// The OpenCode plugin factory (Node): `tool.execute.before` judges every tool call with the
// policy and throws on deny, so the error message is what the model sees. OpenCode has no
// working ask hook: an ask returns normally and OpenCode's own `permission` config applies
// (`nonInteractive: true` makes asks denies). A policy that cannot be read or compiled makes
// every call throw (fail closed).
import { readFile } from "node:fs/promises";
import { isAbsolute, join } from "node:path";

export function makeOpencodePlugin(createHook) {
  return function createOpencodePlugin(settings = {}) {
    const { policy, policyFile, ...options } = settings;
    return async (ctx = {}) => {
      const directory = ctx.directory ?? process.cwd();
      const file = policyFile ?? process.env.VIGIE_POLICY ?? ".vigie/policy.vigie";
      let hook;
      let failure;
      try {
        const source =
          policy ?? (await readFile(isAbsolute(file) ? file : join(directory, file), "utf8"));
        hook = await createHook("opencode", source, {
          project: ctx.worktree ?? directory,
          file: policy === undefined ? file : "policy.vigie",
          ...options,
        });
      } catch (e) {
        failure = e;
      }
      return {
        "tool.execute.before": async (input, output) => {
          if (!hook) {
            throw new Error(
              `vigie could not judge this tool call: the policy cannot be read (${failure?.message})`,
            );
          }
          const r = await hook({ input, output: { args: output?.args ?? {} }, cwd: directory });
          if (r.exitCode !== 0 || !r.output || r.output.decision === "deny") {
            throw new Error(
              r.output?.message || r.stderr.trim() || "vigie could not judge this tool call",
            );
          }
        },
      };
    };
  };
}
