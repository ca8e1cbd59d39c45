// The embind registrations made on first use instead of at instantiation: the bindings of the
// journal, hooks, vocabulary, the shell's JSON forms, format, lint and memory. Each file defines
// its function; bindings.cpp exports `vigie_register_rare()`, which runs them all once, and
// wasm/src/api.mjs calls it before the first use of any of those names (docs/wasm.md).
#pragma once

namespace vigie::wasm {

void register_journal_bindings();     // replay_bindings.cpp
void register_hook_bindings();        // hook_bindings.cpp
void register_vocabulary_bindings();  // vocabulary_bindings.cpp
void register_shell_json_bindings();  // shell_bindings.cpp

}  // namespace vigie::wasm
