#pragma once
// Handling figures read off a run's telemetry: a function of the frames, the maneuver, the vehicle
// and the start pose, so the CLI and the GUI compute them the same way.
//
// Each figure belongs to a phase measure (Maneuver.h's Measure: a phase says what it is measured
// for) and names the library maneuver that produces it. A figure is n/a (no value, with a note
// saying why) when the run had no phase with its measure or that phase did not produce it (a
// vehicle that never reached 100 km/h has no 0-100 km/h time).

#include "analysis/FigureSample.h"
#include "config/VehicleConfig.h"
#include "scenario/Geometry2D.h"
#include "scenario/Maneuver.h"
#include "telemetry/Frame.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace jounce::sim {

/// Which way a figure is better, for marking the best of several vehicles.
enum class Preference {
    None,            ///< a design choice, not better either way (understeer gradient)
    Lower,           ///< times, distances, errors, overshoot, cones
    Higher,          ///< grip, top speed, lateral displacement (FMVSS 126 asks for at least 1.83 m)
    LowerMagnitude,  ///< closer to zero is better (yaw after split-friction braking)
};

struct Figure {
    std::string id;      ///< stable identifier: "accel0to100", "understeerGradient", ...
    std::string label;   ///< "0-100 km/h time"
    std::string unit;    ///< "s", "m", "deg/g", "%", "" for counts and yes/no
    Measure measure = Measure::Acceleration;  ///< the phase measure it reads
    std::string source;  ///< the library maneuver and procedure that produce it
    bool flag = false;   ///< a yes/no figure: value 1 (yes) or 0 (no)
    Preference preference = Preference::Lower;
    std::optional<double> value;  ///< nullopt: n/a
    std::string note;    ///< why it is n/a, or how it was obtained ("from 100.4 km/h")
};

struct FigureInput {
    /// One sample per step, from the maneuver's first step on (of what Simulation::frame() gives
    /// after each step; figureSamples() makes them from frames).
    std::span<const FigureSample> frames;
    const Maneuver* maneuver = nullptr;
    const VehicleConfig* vehicle = nullptr;
    /// Where the run started (Simulation::runStartPose()): the origin of "start"-frame paths.
    PlanarPose start;
    /// The phase each frame was stepped in (Simulation::lastStepPhase()); empty: replayed from the
    /// frames (replayPhases).
    std::vector<int> framePhase;
};

/// Reconstructs which phase each frame was stepped in by playing the maneuver against the
/// frames' states (the player's end conditions read nothing else), -1 after the last phase.
std::vector<int> replayPhases(const Maneuver& maneuver, const VehicleConfig& vehicle, const PlanarPose& start,
                              std::span<const FigureSample> frames);

/// Every figure Jounce knows, in a fixed order, computed where the run produced it.
std::vector<Figure> computeFigures(const FigureInput& input);

/// The figures of the measures the maneuver's phases name (what `jounce-cli run` prints).
std::vector<Figure> maneuverFigures(const FigureInput& input);

/// A value for people: "8.52 m/s^2", "yes", "n/a (reached only 71 km/h)".
std::string formatFigure(const Figure& figure);

// Building blocks, exposed for tests.

/// Least-squares slope of y over x; nullopt with fewer than two distinct x.
std::optional<double> leastSquaresSlope(std::span<const double> x, std::span<const double> y) noexcept;
/// Centred moving average over `halfWidth` samples each side, the window shrinking symmetrically
/// at the ends (a linear signal comes out unchanged).
std::vector<double> centredAverage(std::span<const double> x, std::size_t halfWidth);

}  // namespace jounce::sim
