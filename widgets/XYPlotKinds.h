#pragma once
// What each X–Y plot kind shows (issue #14 item 6): which values of a telemetry frame are the x and
// y of its series, the axis titles and units, and the overlays the vehicle gives (the gear lines of
// revs vs speed, each wheel's friction limit). Plain data and formulas; XYPlotCanvas paints them.

#include "config/VehicleConfig.h"
#include "run/TelemetryTrack.h"
#include "telemetry/Frame.h"

#include <QPointF>
#include <QString>

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace jounce::widgets {

enum class XYKind {
    GG,               ///< longitudinal vs lateral acceleration, in g
    Handling,         ///< front steer angle vs lateral acceleration
    FrictionCircles,  ///< per wheel: normalised longitudinal vs lateral tire force
    RevsVsSpeed,      ///< engine revs vs forward speed, with a line per gear
    Channels          ///< any two channels
};

/// Every kind, in menu order.
std::span<const XYKind> xyKinds();
QString xyKindName(XYKind kind);

/// A unit as displayed: shown = SI value * factor + offset.
struct XYUnit {
    double factor = 1.0;
    double offset = 0.0;
    QString label;  ///< "°", "rpm"; "" for a dimensionless value
};
/// The display unit of a telemetry channel ("yawRate", "jounce[FL]") recorded in an SI unit of
/// conventions.md ("rad", "rad/s", "m/s", "1"). DisplayUnits' conversionForChannel fits it.
using XYUnitMapper = std::function<XYUnit(std::string_view channel, std::string_view siUnit)>;
/// Degrees (°/s for the yaw rate), rpm and km/h, the status line's units; others as they are.
XYUnit defaultXYUnit(std::string_view channel, std::string_view siUnit);
/// Accelerations in units of g (kGravity, the model's gravity): the g–g and handling diagrams.
XYUnit gUnit();

/// What a plot shows: the kind, and for XYKind::Channels the two columns.
struct XYSelection {
    XYKind kind = XYKind::GG;
    telemetry::Column x = telemetry::Column::of(telemetry::VehicleChannel::ForwardSpeed);
    telemetry::Column y = telemetry::Column::of(telemetry::VehicleChannel::EngineOmega);
    friend bool operator==(const XYSelection&, const XYSelection&) = default;
};

struct XYAxisDef {
    QString title;        ///< "Lateral acceleration"
    QString note;         ///< a sign hint after the unit: "+ left"
    std::string channel;  ///< the channel the values come from ("latAccel", "jounce[FL]")
    std::string siUnit;   ///< the unit of the values the series hold
    bool inG = false;     ///< shown in g whatever the unit mapper says
    QString description;  ///< for the tooltip
    QString shortTitle;   ///< where the title does not fit: "long. accel" ("" : the title only)
};

struct XYKindDef {
    XYAxisDef x;
    XYAxisDef y;
    bool equalAspect = false;  ///< one unit as long on both axes (a square plot)
    int series = 1;            ///< one per wheel for the friction circles
};

/// The axes and series of a selection for a vehicle with `wheelCount` wheels.
XYKindDef xyKindDef(const XYSelection& selection, int wheelCount);

/// The (x, y) values, SI, of series `series` in a frame. Handling: the mean steer angle of wheels
/// 0 and 1 (the front axle) against the lateral acceleration.
QPointF xyValue(const XYSelection& selection, const telemetry::Frame& frame, int series);
/// The same of frame `frame` of a recorded track (a reference run), read without widening it.
QPointF xyValue(const XYSelection& selection, const sim::TelemetryTrack& track, std::size_t frame, int series);

/// One line of the revs-vs-speed plot: engine speed = slope * forward speed.
struct XYGearLine {
    QString label;       ///< "R", "1", "2", ...
    double slope = 0.0;  ///< rad/s of engine speed per m/s of forward speed
};

/// Engine speed per forward speed in gear index `gearIndex` (vehicle-model §1.9 numbering) with the
/// clutch locked and the driven wheels rolling without slip. The clutch of §2.19 is locked when
/// ω_e = G·Σ α_j·ω_j; rolling wheels turn at ω_j = v / r_j, so ω_e = v · G · Σ α_j / r_j with
/// G = ratio × final (§2.0 U5) and α the differential's averaging weights (§2.20 - §2.22, handbrake
/// off, tank thrusts equal). 0 in neutral and for a vehicle without an engine.
double revsPerSpeed(const VehicleConfig& config, int gearIndex);

/// The friction limit of a tire in the friction-circle plane (x lateral, y longitudinal, both as
/// force / (friction × filtered load), the normLatForce and normLongForce channels), as a closed
/// polygon: the tire model's friction envelope (vehicle/tire/Tire.h).
std::vector<QPointF> frictionLimit(const TireData& tire);

/// What the plots need of a vehicle, computed once per configuration.
struct XYVehicleInfo {
    int wheelCount = 4;
    bool hasEngine = true;
    double maxOmega = 600.0;               ///< rad/s
    std::vector<XYGearLine> gears;         ///< reverse, then first, second, ...
    std::vector<std::vector<QPointF>> frictionLimits;  ///< one polygon per wheel
};
XYVehicleInfo xyVehicleInfo(const VehicleConfig& config);

}  // namespace jounce::widgets
