#pragma once
// One line for what an edit changed, for the edit markers on the charts and the runs' edit lists
// (docs/architecture.md "Runs and replay"): "wheels[0..1].suspension.springStrength 35000 → 70000".
// Equal changes of several wheels are one item with the wheels as a range or a list.

#include "config/VehicleConfig.h"

#include <string>

namespace jounce::compare {

/// The changes from `before` to `after`, at most `maxItems` of them then "and N more"; "" when
/// nothing differs.
std::string describeEdit(const VehicleConfig& before, const VehicleConfig& after, std::size_t maxItems = 3);

}  // namespace jounce::compare
