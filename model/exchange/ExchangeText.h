#pragma once
// Small helpers the converters share for their notes and comparisons.

#include "config/VehicleConfig.h"
#include "exchange/ConversionReport.h"

#include <string>
#include <vector>

namespace jounce::exchange {

/// A number for a note, to 6 significant digits ("0.122625", "1.3e+06").
std::string num(double v);

/// Equal to within 1e-9 of the larger magnitude (or 1e-12 absolute): tells values a conversion
/// round trip reproduces from values that really differ.
bool closeTo(double a, double b);

/// One note per wheel with a reason, subject "wheels[i].<field>" -- or a single "wheels[*].<field>"
/// note when every wheel has the same reason. An empty reason means no note for that wheel.
void notePerWheel(ConversionReport& report, NoteKind kind, const std::string& field,
                  const std::vector<std::string>& reasons);

/// One note per anti-roll bar in mode wheelForces, subject "antiRollBars[i].mode": PhysX's bar is a
/// roll torque alone (docs/vehicle-model.md §2.13.1), so no foreign format holds a bar that moves
/// load between its wheels. `outcome` says what the conversion did with the bar instead.
void noteLoadTransferringBars(const VehicleConfig& vehicle, ConversionReport& report, NoteKind kind,
                              const std::string& outcome);

}  // namespace jounce::exchange
