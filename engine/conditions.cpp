#include "engine/conditions.hpp"

#include "engine/compiled.hpp"

namespace vigie::engine {

ConditionResult check_conditions(const CommandPattern&, const NormalizedCommand&,
                                 const ConditionContext&) {
  return ConditionResult::holds;
}

}  // namespace vigie::engine
