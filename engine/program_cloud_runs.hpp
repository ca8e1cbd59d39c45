// The programs cloud clients run besides their own (engine/program_cloud_runs.cpp): the ssh and
// scp of `gcloud compute ssh|scp`, the helpers `aws configure set` names.
#ifndef VIGIE_ENGINE_PROGRAM_CLOUD_RUNS_HPP
#define VIGIE_ENGINE_PROGRAM_CLOUD_RUNS_HPP

#include <cstddef>
#include <vector>

#include "engine/program_handlers.hpp"

namespace vigie::engine {

// `--ssh-flag=FLAG`, `--scp-flag=FLAG` (gcloud passes FLAG to the ssh or scp it runs): asked
// when FLAG can make it run a program (`-o ProxyCommand=…`, `-F CONFIG`, scp's `-S PROGRAM`).
void gcloud_ssh_flags(const std::vector<shell::WordView>& w, ProgramEffects& out);

// `aws configure …`, its operands at `ops` (`configure`, then the operation): `set KEY VALUE`
// writes aws's configuration, not its operands; a key whose value aws runs later is asked.
void aws_configure(const std::vector<shell::WordView>& w, const std::vector<std::size_t>& ops,
                   ProgramEffects& out);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PROGRAM_CLOUD_RUNS_HPP
