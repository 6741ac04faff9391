#pragma once
// The channels a run is exported with to MoTeC's tools (docs/motec.md "Channels"): each Jounce
// telemetry channel under the name and unit i2 uses for it where i2 has one ("Ground Speed" in
// km/h, "G Force Lat" in G, "Susp Pos FL" in mm), else a descriptive name in the same style, with
// the factor from Jounce's SI unit and the decimal places the value is quantised to. The .ld and
// the CSV writers share the table, so both files carry the same names, units and values.

#include "telemetry/Channels.h"

#include <string>
#include <vector>

namespace jounce::exchange {

/// Where a MoTeC channel's values come from.
enum class MotecSource {
    Column,    ///< a telemetry channel (MotecChannel::column)
    Distance,  ///< the distance travelled on the ground plan (TelemetryTrack::distance)
};

struct MotecChannel {
    MotecSource source = MotecSource::Column;
    telemetry::Column column;  ///< when source is Column
    std::string name;          ///< at most 31 characters ("Susp Pos FL")
    std::string shortName;     ///< at most 7 characters ("SPosFL")
    std::string unit;          ///< MoTeC's spelling, ASCII ("km/h", "deg", "G", "" for none)
    double factor = 1.0;       ///< MoTeC value = SI value x factor
    int decimals = 3;          ///< quantisation: the value is rounded to 10^-decimals in its unit
    /// Held between frames when resampled (gears, flags, surface indices, angles that wrap),
    /// not interpolated.
    bool held = false;
};

/// The exported channels of a vehicle with `wheelCount` wheels (clamped to [0, kMaxWheels]): the
/// vehicle channels in VehicleChannel order, "Trip Distance" when `withDistance`, then each wheel
/// channel for every wheel (grouped by channel, as the CSV writer groups them).
std::vector<MotecChannel> motecChannels(int wheelCount, bool withDistance);

}  // namespace jounce::exchange
