// The tire's parameters in the vehicle file: its type, the model (tire.model) and the parameters of
// the model chosen, one registry block per tire model. The model's parameters exist in a file, the
// editor and `jounce-cli params` only while the tire uses that model (config/TireModels.h).

#include "ParameterDeclarations.h"

#include <string>

namespace jounce::config::declare {
namespace {

using build::ObjectBuilder;

std::string num(double v) { return Json(v).dump(); }

const Section kTire{"PxVehicleTireData", "§1.5"};
const Section kUnityTire{"Unity WheelFrictionCurve", "docs/unity.md \"Friction curves\""};

/// PhysX's default tire (vehicle-model §1.5, §2.10), written flat into "tire" as PhysX names it.
void physxTireParameters(ObjectBuilder<PhysxTireParams> tire)
{
    tire.scalar("latStiffX", &PhysxTireParams::latStiffX,
                kTire("1", gt(0), plaus(0.01, 50), 2, 3, "normalised load above which lateral stiffness saturates"));
    tire.scalar("latStiffY", &PhysxTireParams::latStiffY,
                kTire("1/rad", gt(0), plaus(0.1, 200), 15, 20, "saturated lateral stiffness per unit rest load (guide: about 18)"));
    ParamInfo longStiffness = kTire("kg", gt(0), plaus(0.1, 1e6), 500, 2000, "longitudinal stiffness per unit slip, divided by g");
    longStiffness.unitSlips.clear();  // kg here is N per unit slip over g, not a mass typed in grams
    tire.scalar("longitudinalStiffnessPerUnitGravity", &PhysxTireParams::longitudinalStiffnessPerUnitGravity, longStiffness);
    tire.scalar("camberStiffnessPerUnitGravity", &PhysxTireParams::camberStiffnessPerUnitGravity,
                kTire("kg/rad", ge(0), plaus(0, 1e5), 0, 10, "camber stiffness divided by g"));
    tire.graph("frictionVsSlipGraph", &PhysxTireParams::frictionVsSlipGraph, 3, 3,
               "friction multiplier against |longitudinal slip|: 3 points (0, y0), (x1, y1), (x2, y2)",
               kTire("1", ge(0), plaus(0, 20), 0, 1, "longitudinal slip of the point"),
               kTire("1", ge(0), plaus(0, 5), 0.3, 1.5, "friction multiplier at the point"),
               {"frictionVsSlip", "Friction vs longitudinal slip", "|longitudinal slip|", "friction multiplier",
                /*fixedFirstX=*/true});
    Node& rest = tire.scalar("restLoad", &PhysxTireParams::restLoad,
                             kTire("N", ge(0), plaus(0, 1e6), kNaN, kNaN, "load that normalises the tire load (PhysX 5's "
                                   "TireForceParams.RestLoad); 0: g x (sprung mass + wheel mass)"));
    rest.omittedValue = Json(0.0);  // files without it keep PhysX 4.1's derived rest load
}

/// One Unity WheelFrictionCurve (docs/unity.md "Friction curves"). Slips are PhysX's (§2.8):
/// dimensionless forward, an angle in rad sideways; values are force / tire load.
void frictionCurveParameters(ObjectBuilder<WheelFrictionCurve> c, bool forward)
{
    const char* slip = forward ? "1" : "rad";
    const double slipMax = forward ? 1.0 : 0.5;
    c.scalar("extremumSlip", &WheelFrictionCurve::extremumSlip,
             kUnityTire(slip, gt(0), plaus(1e-4, 20), 0.05, slipMax, "slip of the curve's peak (Unity 5: 0.4 forward, 0.2 sideways)"));
    c.scalar("extremumValue", &WheelFrictionCurve::extremumValue,
             kUnityTire("1", ge(0), plaus(0, 10), 0.5, 2, "force / tire load at the extremum slip, before stiffness (Unity 5: 1)"));
    c.scalar("asymptoteSlip", &WheelFrictionCurve::asymptoteSlip,
             kUnityTire(slip, gt(0), plaus(1e-4, 20), 0.1, 2 * slipMax, "slip beyond which the curve is flat (Unity 5: 0.8 forward, 0.5 sideways)"));
    c.scalar("asymptoteValue", &WheelFrictionCurve::asymptoteValue,
             kUnityTire("1", ge(0), plaus(0, 10), 0.3, 1.5, "force / tire load at and beyond the asymptote slip, before stiffness (Unity 5: 0.5 forward, 0.75 sideways)"));
    c.scalar("stiffness", &WheelFrictionCurve::stiffness,
             kUnityTire("1", ge(0), plaus(0, 10), 0.5, 2, "multiplier of both values: the grip of this surface (Unity: 1; 0 means no friction)"));
}

/// Unity's WheelCollider tire (docs/unity.md): its two curves under "unity".
void unityTireParameters(ObjectBuilder<UnityTireParams> unity)
{
    frictionCurveParameters(unity.object("forwardFriction", &UnityTireParams::forwardFriction, kUnityTire.guide,
                                         "curve of the rolling direction against longitudinal slip"), true);
    frictionCurveParameters(unity.object("sidewaysFriction", &UnityTireParams::sidewaysFriction, kUnityTire.guide,
                                         "curve of the sideways direction against the slip angle"), false);
}

/// Relations of the PhysX tire's parameters.
void checkPhysxTire(const PhysxTireParams& tire, const std::string& pointer, Problems& problems)
{
    // §1.5 setter: x0 = 0, y0 > 0, x1 > 0, y1 >= y0, x2 > x1, y2 <= y1.
    const auto& g = tire.frictionVsSlipGraph;
    const std::string gp = pointer + "/frictionVsSlipGraph";
    if (g.size() == 3) {
        if (g[0].x != 0.0)
            problems.error(gp + "/0/0", "the first point's slip must be 0, got " + num(g[0].x));
        if (!(g[0].y > 0))
            problems.error(gp + "/0/1", "the friction at zero slip must be > 0, got " + num(g[0].y));
        if (!(g[1].x > 0))
            problems.error(gp + "/1/0", "the second point's slip must be > 0, got " + num(g[1].x));
        if (!(g[1].y >= g[0].y))
            problems.error(gp + "/1/1", "the peak friction must be >= the friction at zero slip (" + num(g[0].y) +
                                            "), got " + num(g[1].y));
        if (!(g[2].x > g[1].x))
            problems.error(gp + "/2/0", "the third point's slip must be > the second's (" + num(g[1].x) + "), got " +
                                            num(g[2].x));
        if (!(g[2].y <= g[1].y))
            problems.error(gp + "/2/1", "the sliding friction must be <= the peak friction (" + num(g[1].y) +
                                            "), got " + num(g[2].y));
    }
}

}  // namespace

void tireParameters(ObjectBuilder<TireData> tire)
{
    // The model first: reading a file chooses it before the parameters that belong to it. Choosing
    // another model gives the tire that model's defaults; a file that leaves "model" out is PhysX's.
    Node& model = tire.variantSelector("model", &TireData::params,
                                       kTire("", any(), same(), kNaN, kNaN, "tire force model: physx (PhysX's default, §2.10), unity (Unity's WheelFrictionCurves) or magicFormula (Pacejka MF 5.2/6.1, docs/tires.md)"),
                                       {std::begin(kTireModelNames), std::end(kTireModelNames)});
    model.omittedValue = Json("physx");
    unityTireParameters(tire.alternativeObject<UnityTireParams>("unity", &TireData::params, model, "unity", kUnityTire.guide,
                                                               "Unity WheelCollider friction curves (Unity 5's defaults until edited)"));
    magicFormulaTireParameters(tire.alternativeObject<MagicFormulaTireParams>(
        "magicFormula", &TireData::params, model, "magicFormula", "Magic Formula tire",
        "Pacejka Magic Formula coefficients (MF 5.2 / 6.1), grouped as the sections of a .tir file"));
    tire.scalar("type", &TireData::type,
                kTire("1", closed(0, 255), same(), kNaN, kNaN, "tire type: column of the surface friction table"));
    physxTireParameters(tire.alternative<PhysxTireParams>(&TireData::params, model, "physx"));
}

void checkTireRelations(const TireData& tire, const std::string& pointer, Problems& problems)
{
    if (const PhysxTireParams* physx = tire.physx())
        checkPhysxTire(*physx, pointer, problems);
}

}  // namespace jounce::config::declare
