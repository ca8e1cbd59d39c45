// Harness hooks in-process: `createHook(harness, policySource, options)` answers a harness's hook
// input exactly as `vigie hook HARNESS` would (the same C++ wire, engine/hook_wire.cpp, through
// wasm/hook_bindings.cpp), with the policy compiled once and no process per call. Shared by the
// Node and browser entries (the api object of src/api.mjs carries it).

// What a hook answers: the object to print (null where the harness's answer is nothing), the
// exact stdout text, the exit code and stderr (where the harness reads them).
function result(r) {
  const text = r.stdout.trim();
  let output = null;
  if (text) {
    try {
      output = JSON.parse(text);
    } catch {
      output = null;
    }
  }
  return { output, stdout: r.stdout, exitCode: r.exitCode, stderr: r.stderr };
}

// `rare()` returns the module with its rarely used bindings registered (api.mjs).
export function hookApi(rare) {
  const registry =
    typeof FinalizationRegistry === "function"
      ? new FinalizationRegistry((handle) => {
          try {
            handle.delete();
          } catch {
            // already deleted
          }
        })
      : null;

  function optionsJson(options) {
    try {
      return JSON.stringify(options ?? {}) ?? "{}";
    } catch (e) {
      return null; // not serialisable: the hook blocks every call (fail closed)
    }
  }

  function createHook(harness, policySource, options = {}) {
    const name = String(harness ?? "");
    const opts = optionsJson(options);
    let handle = new (rare().HookHandle)(name, String(policySource ?? ""), opts ?? "[]");
    const token = {};
    if (registry) registry.register(token, handle, token);
    const ok = handle.ok();
    const diagnostics = JSON.parse(handle.diagnosticsJson());

    const hook = async (input) => {
      let text;
      try {
        text = typeof input === "string" ? input : JSON.stringify(input);
      } catch {
        text = undefined;
      }
      // A freed hook still answers: the blocking form, from a handle with no policy.
      if (!handle) handle = new (rare().HookHandle)(name, "", "[]");
      return result(JSON.parse(handle.run(text ?? "")));
    };
    hook.harness = name;
    hook.ok = ok;
    hook.diagnostics = diagnostics;
    hook.token = token;
    hook.free = () => {
      if (!handle) return;
      if (registry) registry.unregister(token);
      handle.delete();
      handle = undefined;
    };
    return hook;
  }

  return {
    createHook,
    hookHarnesses() {
      return JSON.parse(rare().hookHarnesses());
    },
  };
}
