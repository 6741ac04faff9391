// Static checks of Unity tires (docs/unity.md "Friction curves", "Doctor checks"): the mistakes
// people make with WheelFrictionCurves -- a curve whose asymptote slip is not beyond its extremum,
// a curve that rises after its extremum, stiffness or extremum value 0, a curve so steep the tire
// force reverses within a step -- and curves a PhysX tire ignores or an axle that mixes models.

#include "StaticCheckParts.h"

#include "DoctorText.h"

#include <cmath>

namespace jounce::doctor::checks {
namespace {

using text::num;
using text::roundSig;
namespace ff = param::wheels::tire::forwardFriction;
namespace sf = param::wheels::tire::sidewaysFriction;

const char* const kSection = "Unity WheelFrictionCurve (docs/unity.md)";

/// One of a tire's two curves with its registry paths and Unity 5's default for the asymptote.
struct Curve {
    const char* name;  ///< "forward", "sideways"
    const char* slipUnit;
    const WheelFrictionCurve& (*get)(const UnityTireData&);
    param::ElementPath extremumSlip, extremumValue, asymptoteSlip, asymptoteValue, stiffness;
};

const Curve kCurves[2] = {
    {"forward", "", [](const UnityTireData& u) -> const WheelFrictionCurve& { return u.forwardFriction; },
     ff::extremumSlip, ff::extremumValue, ff::asymptoteSlip, ff::asymptoteValue, ff::stiffness},
    {"sideways", " rad", [](const UnityTireData& u) -> const WheelFrictionCurve& { return u.sidewaysFriction; },
     sf::extremumSlip, sf::extremumValue, sf::asymptoteSlip, sf::asymptoteValue, sf::stiffness},
};

/// Force / load per unit slip at zero slip (2·y_e/x_e × stiffness) above which a slow tire's force
/// reverses within one step: the PhysX default tire has about 2.7 forward and 18 sideways.
constexpr double kSteepSlope = 100.0;

bool usesUnity(const WheelConfig& w)
{
    return w.tire.model == TireModelKind::Unity && w.tire.unity.has_value();
}

void checkSlipOrder(std::size_t i, const Curve& k, const WheelFrictionCurve& c, std::vector<WheelResult>& out)
{
    if (c.asymptoteSlip > c.extremumSlip)
        return;
    out.push_back({i, Severity::Error,
                   std::string(k.name) + " asymptoteSlip " + num(c.asymptoteSlip) + k.slipUnit + " is not beyond extremumSlip " +
                       num(c.extremumSlip) + k.slipUnit +
                       ": the curve has no second piece and drops straight from its peak to the asymptote value, a "
                       "step the tire jumps across as it breaks away",
                   {k.asymptoteSlip(i), k.extremumSlip(i)}, "set asymptoteSlip to twice extremumSlip",
                   {{k.asymptoteSlip(i), roundSig(2.0 * c.extremumSlip, 4)}}});
}

void checkRising(std::size_t i, const Curve& k, const WheelFrictionCurve& c, std::vector<WheelResult>& out)
{
    if (!(c.asymptoteValue > c.extremumValue) || !(c.extremumValue > 0))
        return;
    const double ratio = &k == &kCurves[0] ? 0.5 : 0.75;  // Unity 5's asymptote / extremum
    out.push_back({i, Severity::Warning,
                   std::string(k.name) + " asymptoteValue " + num(c.asymptoteValue) + " is above extremumValue " +
                       num(c.extremumValue) +
                       ": the grip keeps growing past the 'peak', so the tire never breaks away and slides harder the "
                       "more it slips (Unity 5's curves fall to " + num(ratio) + " of the peak)",
                   {k.asymptoteValue(i), k.extremumValue(i)},
                   "set asymptoteValue to " + num(ratio) + " x extremumValue, as Unity's default curve",
                   {{k.asymptoteValue(i), roundSig(ratio * c.extremumValue, 4)}}});
}

void checkNoFriction(std::size_t i, const Curve& k, const WheelFrictionCurve& c, std::vector<WheelResult>& out)
{
    const std::string what = std::string(k.name) == "forward" ? "cannot drive or brake" : "cannot corner";
    if (c.stiffness == 0.0)
        out.push_back({i, Severity::Error,
                       std::string(k.name) + " stiffness 0: Unity's stiffness multiplies both values, so the wheel has no " +
                           k.name + " friction and " + what,
                       {k.stiffness(i)}, "set stiffness to 1", {{k.stiffness(i), 1.0}}});
    else if (c.extremumValue == 0.0)
        out.push_back({i, Severity::Error,
                       std::string(k.name) + " extremumValue 0: no grip up to the extremum, so the wheel " + what,
                       {k.extremumValue(i)}, "set extremumValue to 1", {{k.extremumValue(i), 1.0}}});
}

void checkSteep(std::size_t i, const Curve& k, const WheelFrictionCurve& c, std::vector<WheelResult>& out)
{
    const double slope = 2.0 * c.extremumValue * c.stiffness / c.extremumSlip;
    if (!(slope > kSteepSlope))
        return;
    const double slip = roundSig(2.0 * c.extremumValue * c.stiffness / kSteepSlope, 3);
    WheelResult r{i, Severity::Warning,
                  std::string(k.name) + " extremumSlip " + num(c.extremumSlip) + k.slipUnit + " makes the curve rise at " +
                      num(slope) + " x load per unit slip: a slow tire's force reverses within one step and the wheel "
                      "jitters (the PhysX default tire: about 3 forward, 18 sideways)",
                  {k.extremumSlip(i)}, "set extremumSlip to " + num(slip), {{k.extremumSlip(i), slip}}};
    if (c.asymptoteSlip <= slip)
        r.edits.push_back({k.asymptoteSlip(i), roundSig(2.0 * slip, 4)});
    out.push_back(std::move(r));
}

}  // namespace

void checkUnityCurves(const VehicleConfig& c, std::vector<Finding>& out)
{
    std::vector<WheelResult> order, rising, none, steep;
    for (std::size_t i = 0; i < c.wheels.size(); ++i) {
        if (!usesUnity(c.wheels[i]))
            continue;
        for (const Curve& k : kCurves) {
            const WheelFrictionCurve& curve = k.get(*c.wheels[i].tire.unity);
            checkSlipOrder(i, k, curve, order);
            checkRising(i, k, curve, rising);
            checkNoFriction(i, k, curve, none);
            if (curve.extremumSlip > 0 && curve.stiffness > 0)
                checkSteep(i, k, curve, steep);
        }
    }
    mergeWheelResults("unity.slipOrder", kSection, order, out);
    mergeWheelResults("unity.noFriction", kSection, none, out);
    mergeWheelResults("unity.asymptoteAboveExtremum", kSection, rising, out);
    mergeWheelResults("unity.steepCurve", kSection, steep, out);
}

void checkTireModels(const VehicleConfig& c, std::vector<Finding>& out)
{
    std::vector<WheelResult> unused;
    std::vector<std::string> models;
    std::size_t unity = 0;
    for (std::size_t i = 0; i < c.wheels.size(); ++i) {
        const TireData& t = c.wheels[i].tire;
        unity += t.model == TireModelKind::Unity ? 1 : 0;
        models.push_back(param::wheels::tire::model(i));
        if (t.model != TireModelKind::Unity && t.unity)
            unused.push_back({i, Severity::Advice,
                              "the tire has Unity friction curves, but its model is physx: the curves are not used",
                              {param::wheels::tire::model(i)}, "use the Unity tire model",
                              {{param::wheels::tire::model(i), "unity"}}});
    }
    mergeWheelResults("unity.unusedCurves", kSection, unused, out);
    if (unity > 0 && unity < c.wheels.size())
        out.push_back(finding("unity.mixedModels", Severity::Advice, models,
                              std::to_string(unity) + " of " + std::to_string(c.wheels.size()) +
                                  " wheels use the Unity tire model and the others PhysX's: the two grip curves differ "
                                  "in shape and peak, so the car's balance comes from the mix, not the tuning",
                              kSection));
}

}  // namespace jounce::doctor::checks
