// The JS face of the WASM module: plain objects in, plain objects out. The embind surface
// (bindings.cpp) speaks JSON strings only; this file turns them into objects and owns the
// lifetime of compiled policies. Shared by the Node entry (index.mjs) and the browser entry
// (browser.mjs), which differ only in how they obtain the .wasm bytes.

import createVigieModule from "../dist/vigie_module.mjs";
import { hookApi } from "./hook.mjs";
import {
  F_MESSAGE_AT,
  F_MESSAGE_LENGTH,
  F_RULE_ID,
  F_RULE_FILE,
  F_RULE_LINE,
  F_RULE_EFFECT,
  F_ERROR_AT,
  F_ERROR_LENGTH,
  NONE,
  VOLATILE,
  DECISIONS,
  COMMAND_MAX,
  wellFormed,
  fastBuffers,
} from "./fast.mjs";

// Instantiates the module, from its bytes (`options.wasmBinary`: ArrayBuffer or typed array)
// or through `options.instantiate(imports) -> Promise<{module, instance}>` (browsers: streaming
// compilation, which also lets the browser cache the compiled code). One of the two is required:
// emscripten 3.1.6's own loader would otherwise fetch() a file path under Node.
//
// The module comes in two parts (docs/wasm.md, "Two parts"): dist/vigie.wasm holds the code a
// harness runs (loading, compiling policies, deciding common lines, hooks); each function moved
// to dist/vigie.deferred.wasm left a placeholder in it that calls the loader (the function in
// the table slot its `vigie.split` custom section names) and then the table's function at its
// own slot. The loader instantiates the deferred part, once, whose element segments write the
// real functions into the table. `options.deferredBinary` (bytes), `options.readDeferred` (a
// function that returns them, called once, when first needed) or `options.deferredModule` (a
// promise of a compiled WebAssembly.Module) gives it; with `options.eagerDeferred` it is
// instantiated before load() resolves (browsers, where a large module cannot be instantiated
// synchronously on the main thread).
export async function instantiate(options) {
  const deferred = deferredPart(options);
  let failed;
  const failure = new Promise((_, reject) => (failed = reject));
  const moduleOptions = {
    print: () => {},
    printErr: (s) => (options.onWarning ? options.onWarning(s) : undefined),
    instantiateWasm(imports, receive) {
      const started = options.wasmBinary
        ? WebAssembly.instantiate(options.wasmBinary, imports)
        : options.instantiate(imports);
      started
        .then(async ({ module, instance }) => {
          deferred.attach(module, instance);
          if (options.eagerDeferred) await deferred.instantiateAsync();
          receive(instance);
        })
        .catch(failed);
      return {};
    },
  };
  return makeApi(await Promise.race([createVigieModule(moduleOptions), failure]));
}

// A module that exports its one import, `env` "load" `[] -> []`: the loader as a wasm function,
// which a table can hold.
const LOADER_MODULE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // header
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // type 0: [] -> []
  0x02, 0x0c, 0x01, 0x03, 0x65, 0x6e, 0x76, 0x04, 0x6c, 0x6f, 0x61, 0x64, 0x00, 0x00, // import env.load
  0x07, 0x08, 0x01, 0x04, 0x6c, 0x6f, 0x61, 0x64, 0x00, 0x00, // export "load"
]);

// The deferred part of the module, instantiated once. A module built without the split has no
// `vigie.split` section; then none of this runs.
function deferredPart(options) {
  const part = { primary: null, instance: null };
  const missing = () =>
    new Error(
      "vigie: this module's deferred part (dist/vigie.deferred.wasm) was not given: " +
        "pass deferredBinary with wasmBinary, both from the same build",
    );
  const imports = () => ({ primary: part.primary.exports });
  const load = () => {
    if (part.instance) return;
    const bytes = options.deferredBinary ?? (options.readDeferred ? options.readDeferred() : null);
    if (!bytes) throw missing();
    const module = new WebAssembly.Module(bytes);
    part.instance = new WebAssembly.Instance(module, imports());
  };
  // Puts the loader in its slot. A split module given without its deferred part fails load(),
  // not a later call.
  part.attach = (module, instance) => {
    part.primary = instance;
    const [section] = WebAssembly.Module.customSections(module, "vigie.split");
    if (!section) return;
    if (!options.deferredBinary && !options.deferredModule && !options.readDeferred) throw missing();
    const slot = Number(new TextDecoder().decode(section));
    const table = Object.values(instance.exports).find((v) => v instanceof WebAssembly.Table);
    const loader = new WebAssembly.Instance(new WebAssembly.Module(LOADER_MODULE), { env: { load } });
    table.set(slot, loader.exports.load);
  };
  part.instantiateAsync = async () => {
    if (part.instance) return;
    const module = options.deferredModule
      ? await options.deferredModule
      : options.deferredBinary
        ? await WebAssembly.compile(options.deferredBinary)
        : null;
    if (!module) return; // loaded on first use, and failing then if it is still missing
    part.instance = await WebAssembly.instantiate(module, imports());
  };
  return part;
}

// A decision that the wrapper makes itself when it cannot ask the engine (a freed policy, a
// request that is not JSON-serialisable): fail closed, never open.
function errorDecision(error) {
  return { decision: "ask", message: "", rule: null, matched: [], trace: [], error };
}

function requestJson(request) {
  return typeof request === "string" ? request : JSON.stringify(request);
}

function fsJson(fs) {
  if (fs === undefined || fs === null) return "";
  return typeof fs === "string" ? fs : JSON.stringify(fs);
}

function compileOptionsJson(options) {
  if (options === undefined || options === null) return "{}";
  return typeof options === "string" ? options : JSON.stringify(options);
}


export function makeApi(module) {
  const fast = fastBuffers(module);
  // The plain exports (read at each call: emscripten's first wrapper replaces itself with the
  // wasm function when first called).
  const decideFast = (policy, length, session, command) =>
    module._vigie_decide_fast(policy, length, session, command);
  const parseArgv = (length) => module._vigie_parse_argv(length);
  const parseView = (length) => module._vigie_parse_view(length);
  // Handles left unfreed are freed when their Policy is collected. `free()` unregisters, so a
  // handle is never deleted twice.
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

  class Policy {
    #handle;
    constructor(handle) {
      this.#handle = handle;
      this.#address = handle.address();
      this.ok = handle.ok();
      this.name = handle.name();
      this.diagnostics = JSON.parse(handle.diagnosticsJson());
      if (registry) registry.register(this, handle, this);
    }

    // `session` (from vigie.session()) carries "always" answers, loop detection and budgets
    // across the decisions of one agent session; without it, each decision stands alone.
    // `options.trace === false`: the engine builds neither the trace nor the matched rules and
    // the decision crosses from WASM as a plain object, not JSON (`matched` and `trace` are
    // then empty); decision, message, rule and error are the same.
    decide(request, fs, session, options) {
      try {
        return this.#decide(request, fs, session, options);
      } catch (e) {
        // Only the module can throw here: its deferred part failing to load (a damaged package).
        return errorDecision(`the engine failed: ${e && e.message}`);
      }
    }

    #decide(request, fs, session, options) {
      if (!this.#handle) return errorDecision("the policy was freed");
      if (options && options.trace === false) {
        let vfs;
        try {
          vfs = fsJson(fs);
        } catch (e) {
          return errorDecision(`invalid request: ${e && e.message}`);
        }
        return this.#brief(request, vfs, session);
      }
      let req, vfs;
      try {
        req = requestJson(request);
        vfs = fsJson(fs);
      } catch (e) {
        return errorDecision(`invalid request: ${e && e.message}`);
      }
      return JSON.parse(this.#call(req, vfs, session));
    }

    // The fast path (bindings.cpp, vigie_decide_fast, a plain wasm export: no embind
    // conversion): the request's UTF-8 is written straight into the module's request buffer,
    // the decision comes back as numbers: the message read from wasm memory, the rule's strings
    // as indexes into this policy's interned strings (each crosses the boundary once). A
    // request whose input is only `{command: "..."}` sends only that input's JSON (written by
    // JSON.stringify, as in the whole request's); its other members (the context: tool, cwd,
    // project_root, home...) are sent when they differ from the last request's (#commandPath).
    // The filesystem text is sent when it changes. A request too big for the buffer takes the
    // string path (decideBrief), which reports the size limit.
    #brief(request, vfs, session) {
      let s = 0;
      if (session !== undefined && session !== null) {
        s = sessionAddresses.get(session);
        if (!s) return errorDecision("not a live session (from vigie.session())");
      }
      const h = this.#handle;
      if (vfs !== this.#fsText) {
        h.useFilesystem(vfs);
        this.#fsText = vfs;
      }
      let decision;
      let command;
      try {
        command = this.#commandPath(request);
      } catch (e) {
        return errorDecision(`invalid request: ${e && e.message}`);
      }
      if (command !== null) {
        const length = fast.write(`{"command":${JSON.stringify(command)}}`);
        if (length < 0) return this.#briefSlow(JSON.stringify(request), vfs, session);
        decision = decideFast(this.#address, length, s, 1);
      } else {
        let req;
        try {
          req = requestJson(request);
        } catch (e) {
          return errorDecision(`invalid request: ${e && e.message}`);
        }
        const length = fast.write(req);
        if (length < 0) return this.#briefSlow(req, vfs, session);
        decision = decideFast(this.#address, length, s, 0);
      }
      const r = fast.result();
      const str = (field) => {
        const k = r[field];
        if (k === NONE) return "";
        if (k === VOLATILE) return h.lastString(field);
        return (this.#strings[k] ??= h.interned(k));
      };
      const ruleId = str(F_RULE_ID);
      const d = {
        decision: DECISIONS[decision],
        message: fast.text(r[F_MESSAGE_AT], r[F_MESSAGE_LENGTH]),
        rule: ruleId
          ? { id: ruleId, file: str(F_RULE_FILE), line: r[F_RULE_LINE], effect: str(F_RULE_EFFECT) }
          : null,
        matched: [],
        trace: [],
      };
      if (r[F_ERROR_LENGTH] !== NONE) d.error = fast.text(r[F_ERROR_AT], r[F_ERROR_LENGTH]);
      return d;
    }

    // The command line when `request` can take the command path (its context then sent to the
    // module), else null. It can when it is a plain object whose `input` is a plain object with
    // one member, `command`, a well-formed string of at most COMMAND_MAX units, and whose other
    // members are strings or booleans (what JSON.stringify would write as they are) that read
    // as a request (setContext). The module then decides exactly the request JSON.stringify
    // would give it. Throws only where JSON.stringify would (a throwing getter).
    #commandPath(request) {
      if (typeof request !== "object" || request === null) return null;
      const input = request.input;
      if (typeof input !== "object" || input === null) return null;
      const command = input.command;
      if (typeof command !== "string" || command.length > COMMAND_MAX || !wellFormed(command))
        return null;
      for (const k in input) if (k !== "command") return null;
      if (Object.getPrototypeOf(input) !== Object.prototype) return null;
      if (Object.getPrototypeOf(request) !== Object.prototype) return null;
      // The same context as the last request's: the same members, in the same order.
      const keys = this.#contextKeys;
      let n = 0;
      let same = keys !== null;
      for (const k in request) {
        if (k === "input") continue;
        const v = request[k];
        if (same && (keys[n] !== k || this.#contextValues[n] !== v)) same = false;
        ++n;
      }
      if (same && n === keys.length) return this.#contextOk ? command : null;
      const newKeys = [];
      const values = [];
      const context = {};
      for (const k in request) {
        if (k === "input") continue;
        const v = request[k];
        if (typeof v !== "string" && typeof v !== "boolean") return null;
        newKeys.push(k);
        values.push(v);
        context[k] = v;
      }
      this.#contextKeys = newKeys;
      this.#contextValues = values;
      this.#contextOk = this.#handle.setContext(JSON.stringify(context)) === "";
      return this.#contextOk ? command : null;
    }

    #address;
    #fsText;
    #contextKeys = null;
    #contextValues = null;
    #contextOk = false;
    #strings = [];

    #briefSlow(req, vfs, session) {
      const s = session === undefined || session === null ? null : sessionHandles.get(session);
      const b = s ? this.#handle.decideBriefIn(req, vfs, s) : this.#handle.decideBrief(req, vfs);
      const d = {
        decision: b.decision,
        message: b.message,
        rule: b.ruleId
          ? { id: b.ruleId, file: b.ruleFile, line: b.ruleLine, effect: b.ruleEffect }
          : null,
        matched: [],
        trace: [],
      };
      if (b.hasError) d.error = b.error;
      return d;
    }

    // The same, with JSON strings in and out (no object conversion): for hot loops.
    decideJson(requestJsonText, fsJsonText = "", session) {
      if (!this.#handle) return JSON.stringify(errorDecision("the policy was freed"));
      try {
        return this.#call(String(requestJsonText), String(fsJsonText ?? ""), session);
      } catch (e) {
        return JSON.stringify(errorDecision(`the engine failed: ${e && e.message}`));
      }
    }

    #call(req, vfs, session) {
      if (session === undefined || session === null) return this.#handle.decide(req, vfs);
      const s = sessionHandles.get(session);
      if (!s) return JSON.stringify(errorDecision("not a live session (from vigie.session())"));
      return this.#handle.decideIn(req, vfs, s);
    }

    // The outcome of every `test` block case, as `vigie test --format json` prints them.
    runTests() {
      if (!this.#handle) return [];
      return JSON.parse(this.#handle.testsJson());
    }

    dump() {
      return this.#handle ? this.#handle.dump() : "";
    }

    get freed() {
      return !this.#handle;
    }

    free() {
      if (!this.#handle) return;
      if (registry) registry.unregister(this);
      this.#handle.delete();
      this.#handle = undefined;
    }
  }

  // Session objects -> their handles and the handles' addresses (for the fast path's plain
  // export); a freed session is removed from both.
  const sessionHandles = new WeakMap();
  const sessionAddresses = new WeakMap();

  class Session {
    constructor() {
      const handle = new module.SessionHandle();
      sessionHandles.set(this, handle);
      sessionAddresses.set(this, handle.address());
      if (registry) registry.register(this, handle, this);
    }
    // The human answered "always" for this tool: later asks for it become allow, except where
    // the policy says never (protected paths, always-ask, files run by third parties).
    rememberAlways(tool) {
      sessionHandles.get(this)?.rememberAlways(String(tool));
    }
    get actions() {
      return sessionHandles.get(this)?.actions() ?? 0;
    }
    get denials() {
      return sessionHandles.get(this)?.denials() ?? 0;
    }
    // Seconds since an epoch of the embedder's choice, for the minutes budget.
    setClock(seconds) {
      sessionHandles.get(this)?.setClock(Number(seconds));
    }
    free() {
      const handle = sessionHandles.get(this);
      if (!handle) return;
      sessionHandles.delete(this);
      sessionAddresses.delete(this);
      if (registry) registry.unregister(this);
      handle.delete();
    }
  }

  // A decision journal (docs/journal.md), parsed once, replayed under any policy text.
  class Journal {
    #handle;
    constructor(handle) {
      this.#handle = handle;
      this.count = handle.count();
      this.errors = JSON.parse(handle.errorsJson());
      if (registry) registry.register(this, handle, this);
    }
    // What changes when every recorded request is decided again under `source`: the JSON of
    // `vigie replay --json` ({total, changed, transitions, by_rule, by_command, changes}).
    replay(source, options, examples = 3) {
      if (!this.#handle) return { error: "the journal was freed" };
      return JSON.parse(this.#handle.replayJson(String(source ?? ""), compileOptionsJson(options), examples | 0));
    }
    // `vigie suggest --json` under `source`, plus `policy_text`: the policy with every suggestion.
    suggest(source, options) {
      if (!this.#handle) return { error: "the journal was freed" };
      return JSON.parse(this.#handle.suggestJson(String(source ?? ""), compileOptionsJson(options)));
    }
    // The recorded request at `index`, in the shape `policy.decide` takes.
    request(index) {
      if (!this.#handle) return { error: "the journal was freed" };
      return JSON.parse(this.#handle.requestJson(index | 0));
    }
    free() {
      if (!this.#handle) return;
      if (registry) registry.unregister(this);
      this.#handle.delete();
      this.#handle = undefined;
    }
  }

  let vocabulary;
  // The rarely used bindings (journal, hooks, vocabulary, format, lint, parseShell's JSON,
  // memory) are registered by the module on first use, not at instantiation (rare_bindings.hpp).
  let registered = false;
  const rare = () => {
    if (!registered) {
      module._vigie_register_rare();
      registered = true;
    }
    return module;
  };
  return {
    ...hookApi(rare),
    version: module.version(),
    journal(text) {
      return new Journal(new (rare().JournalHandle)(String(text ?? "")));
    },
    // One journal line (docs/journal.md, no newline) for a decision this package made:
    // options {source?, id?, answer?, policy?: {name, hash}, redact?: [regex],
    // default_redactions?}. Append it to a file to replay it later. {error} when it cannot.
    journalLine(request, decision, options) {
      let req, dec, opts;
      try {
        req = requestJson(request);
        dec = typeof decision === "string" ? decision : JSON.stringify(decision);
        opts = JSON.stringify(options ?? {});
      } catch (e) {
        return { error: `not JSON-serialisable: ${e && e.message}` };
      }
      const line = rare().journalLine(req, dec, opts);
      return line.startsWith('{"error"') ? JSON.parse(line) : line;
    },
    // The content hash journal lines record for a policy (its source and `files`).
    policyHash(source, options) {
      return rare().policyHash(String(source ?? ""), compileOptionsJson(options));
    },
    // Adds rules (their source texts) to a policy's first `commands` block, canonically
    // formatted: {text} or {error}.
    addRules(source, rules, options) {
      const file = (options && options.file) || "policy.vigie";
      return JSON.parse(rare().addRules(String(file), String(source ?? ""), JSON.stringify(rules ?? [])));
    },
    session() {
      return new Session();
    },
    compile(source, options) {
      let opts;
      try {
        opts = compileOptionsJson(options);
      } catch (e) {
        opts = "{}";
      }
      return new Policy(new module.PolicyHandle(String(source ?? ""), opts));
    },
    // The commands view, built from the module's numbers and strings (vigie_parse_view) when
    // the line parses and its view is ASCII; otherwise (and for the errors) from its JSON form.
    parseShell(src) {
      const line = String(src ?? "");
      const length = fast.write(line);
      if (length >= 0) {
        const n = parseView(length);
        if (n >= 0) return { ok: true, commands: fast.view(n), errors: [] };
      }
      return JSON.parse(rare().parseShell(line));
    },
    // The same as JSON text (`vigie parse --commands --json`).
    parseShellJson(src) {
      return rare().parseShell(String(src ?? ""));
    },
    // The words of every command (parseShell's `argv`, each word `literal ?? text`) without
    // JSON: string[][], or null when the line does not parse (parseShell says why).
    parseShellArgv(src) {
      const length = fast.write(String(src ?? ""));
      if (length < 0) return null;
      const n = parseArgv(length);
      return n < 0 ? null : fast.argv(n);
    },
    parseShellAst(src) {
      return JSON.parse(rare().parseShellAst(String(src ?? "")));
    },
    format(source, options) {
      return JSON.parse(rare().format(String(source ?? ""), compileOptionsJson(options)));
    },
    lint(source, options) {
      return JSON.parse(rare().lint(String(source ?? ""), compileOptionsJson(options)));
    },
    // The policy language's vocabulary, from the checker's own tables (docs/wasm.md): block
    // names, setting keys per block, effects, modes, test kinds... Read once; the same object
    // on every call.
    vocabulary() {
      if (!vocabulary) vocabulary = Object.freeze(JSON.parse(rare().vocabularyJson()));
      return vocabulary;
    },
    // Bytes of the wasm heap and of live allocations: for leak tests and the benchmark.
    memory() {
      return JSON.parse(rare().memoryJson());
    },
  };
}
