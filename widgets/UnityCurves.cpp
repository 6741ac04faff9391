#include "UnityCurves.h"

#include "config/ParameterPaths.h"
#include "vehicle/UnityTireModel.h"

#include <algorithm>
#include <cmath>

namespace jounce::widgets {
namespace {

namespace tire = config::param::wheels::tire;
using telemetry::WheelChannel;

/// What differs between the two curves.
struct Side {
    const char* id;
    const char* title;
    const char* xName;
    const char* xUnit;  ///< the slip's SI unit: converted to the display unit
    WheelChannel slip;
    WheelChannel force;
    const WheelFrictionCurve& (*curve)(const UnityTireData&);
    config::param::ElementPath extremumSlip, extremumValue, asymptoteSlip, asymptoteValue;
};

const Side kSides[2] = {
    {"unityForward", "Unity forward friction", "|longitudinal slip|", "1", WheelChannel::LongSlip,
     WheelChannel::NormLongForce, [](const UnityTireData& u) -> const WheelFrictionCurve& { return u.forwardFriction; },
     tire::forwardFriction::extremumSlip, tire::forwardFriction::extremumValue, tire::forwardFriction::asymptoteSlip,
     tire::forwardFriction::asymptoteValue},
    {"unitySideways", "Unity sideways friction", "|slip angle|", "rad", WheelChannel::LatSlip,
     WheelChannel::NormLatForce, [](const UnityTireData& u) -> const WheelFrictionCurve& { return u.sidewaysFriction; },
     tire::sidewaysFriction::extremumSlip, tire::sidewaysFriction::extremumValue,
     tire::sidewaysFriction::asymptoteSlip, tire::sidewaysFriction::asymptoteValue},
};

CurveDef curveOf(const Side& side, const WheelFrictionCurve& c, int wheel, const UnitChoices& units)
{
    const Conversion x = units.conversion(side.xUnit);
    const std::size_t w = std::size_t(wheel);
    CurveDef d;
    d.id = side.id;
    d.title = std::string(side.title) + " (x stiffness " + std::to_string(c.stiffness).substr(0, 4) + ")";
    d.perWheel = true;
    d.xLabel = x.titled(QString::fromUtf8(side.xName)).toStdString();
    d.yLabel = "force / tire load, before stiffness";
    d.xScale = x.factor;
    d.series.push_back({"extremum, asymptote",
                        {{0.0, 0.0, "", ""},
                         {c.extremumSlip, c.extremumValue, side.extremumSlip(w), side.extremumValue(w)},
                         {c.asymptoteSlip, c.asymptoteValue, side.asymptoteSlip(w), side.asymptoteValue(w)}}});
    const double end = 1.5 * std::max(c.extremumSlip, c.asymptoteSlip);
    for (int i = 0; i <= 120; ++i) {
        const double s = end * i / 120.0;
        d.line.push_back({s, sim::frictionCurveValue(c, s)});
    }
    const double stiffness = c.stiffness;
    const WheelChannel slip = side.slip, force = side.force;
    d.operating = [wheel, stiffness, slip, force](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
        if (f.wheel(WheelChannel::InAir, wheel) > 0.5 || !(stiffness > 0.0))
            return std::nullopt;
        return std::pair{std::fabs(f.wheel(slip, wheel)), std::fabs(f.wheel(force, wheel)) / stiffness};
    };
    return d;
}

}  // namespace

std::vector<CurveDef> unityCurveDefinitions(const VehicleConfig& c, int wheel)
{
    return unityCurveDefinitions(c, wheel, DisplayUnits::current());
}

std::vector<CurveDef> unityCurveDefinitions(const VehicleConfig& c, int wheel, const UnitChoices& units)
{
    if (wheel < 0 || wheel >= static_cast<int>(c.wheels.size()))
        return {};
    const TireData& t = c.wheels[std::size_t(wheel)].tire;
    if (t.model != TireModelKind::Unity)
        return {};
    const UnityTireData curves = sim::unityCurves(t);
    std::vector<CurveDef> out;
    for (const Side& side : kSides)
        out.push_back(curveOf(side, side.curve(curves), wheel, units));
    return out;
}

}  // namespace jounce::widgets
