#pragma once
// The curves a tuner edits by dragging points (issue: curve editors): each curve's points are
// registry parameters, so an edit is an ordinary parameter edit. No Qt Charts, so the definitions
// can be tested without a display. Axes are labelled and scaled in the display units (DisplayUnits.h).

#include "DisplayUnits.h"
#include "config/EditSession.h"
#include "config/ParameterRegistry.h"
#include "config/VehicleConfig.h"
#include "telemetry/Frame.h"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace jounce::widgets {

struct CurvePoint {
    double x = 0.0;
    double y = 0.0;
    std::string xPath;  ///< registry path of x; empty when x is fixed
    std::string yPath;  ///< registry path of y; empty when y is fixed
};

struct CurveSeries {
    std::string name;
    std::vector<CurvePoint> points;
};

struct CurveDef {
    std::string id;      ///< stable key, e.g. "torqueCurve"
    std::string title;
    std::string xLabel;   ///< with the display unit: "jounce (mm)"
    std::string yLabel;
    bool perWheel = false;
    double xScale = 1.0;  ///< display = stored x × xScale (rad -> ° is 57.3); display units are pure factors
    double yScale = 1.0;
    bool stepwise = false;  ///< points are discrete (gears): no line between them is implied
    std::vector<CurveSeries> series;
    /// A line drawn through the curve as the model evaluates it (stored units); empty: the points
    /// joined, held flat beyond the ends as the lookups do.
    std::vector<std::pair<double, double>> line;
    /// Further lines drawn beside `line` for comparison (the force at other loads), each named in
    /// the legend; stored units.
    struct NamedLine {
        std::string name;
        std::vector<std::pair<double, double>> points;
    };
    std::vector<NamedLine> family;
    /// The live operating point from telemetry, in stored units.
    std::function<std::optional<std::pair<double, double>>(const telemetry::Frame&)> operating;
};

/// Every curve of `config` (per-wheel curves for `wheel`). One curve per graph of the registry
/// (ParameterRegistry::graphs(): torque curve, friction vs slip, compliance graphs, steer vs speed),
/// titled, labelled and constrained by its GraphInfo and its point leaves, as the parameter editor
/// is built from the leaves; plus the curves made of scalar parameters: lateral stiffness vs load,
/// camber vs jounce, tire load filter, and the per-gear lists (gear ratios, autobox up/down ratios),
/// which are lists of scalars, not graphs; and the curves of the wheel's tire model, as the model
/// gives them (vehicle/tire/Tire.h).
/// Curves whose parts the vehicle lacks are left out. Axes are in `units`; without them, in the
/// application's display units.
std::vector<CurveDef> curveDefinitions(const VehicleConfig& config, int wheel, const UnitChoices& units);
std::vector<CurveDef> curveDefinitions(const VehicleConfig& config, int wheel);

/// An axis range in display units, with round ticks every `tickInterval` counted from zero.
struct AxisRange {
    double min = 0.0;
    double max = 1.0;
    double tickInterval = 0.2;
    friend bool operator==(const AxisRange&, const AxisRange&) = default;
};

/// The axis range that shows values from `lo` to `hi`: at least half their magnitude wide (1 when
/// they are all 0), so a flat curve is drawn flat and not blown up to fill the chart; from zero when
/// they share a sign and lie within two spans of it; widened to round ticks (1, 2, 2.5 or 5 times a
/// power of ten, the smallest giving at most `intervals` between the data's ends: 3 to 7 for the
/// default 5) and by a 4 % margin, so points at the ends stay grabbable.
AxisRange niceAxisRange(double lo, double hi, int intervals = 5);

/// `current` while the values from `lo` to `hi` fit inside it and their own niceAxisRange is at
/// least half as wide (an edit does not make the axes jump); niceAxisRange(lo, hi, intervals)
/// otherwise.
AxisRange settleAxisRange(const AxisRange& current, double lo, double hi, int intervals = 5);

/// The tick intervals of `range`: between the multiples of its tickInterval within it.
int tickIntervals(const AxisRange& range);

/// The parameter edits that move point `index` of `series` to (x, y) (stored units); fixed
/// coordinates are ignored; empty when nothing moves.
config::EditList movePoint(const CurveDef& curve, int series, int index, double x, double y);

}  // namespace jounce::widgets
