// The Magic Formula tire's registry block (tire.magicFormula): one object per `.tir` section, each
// coefficient under its `.tir` key with its unit, limits, typical range and meaning
// (docs/tires.md). Tables keep the ~170 coefficients readable as the lists they are in the files.

#include "ParameterDeclarations.h"

#include <initializer_list>

namespace jounce::config::declare {
namespace {

using build::ObjectBuilder;

const Section kMf{"Magic Formula tire", "docs/tires.md"};

/// One coefficient: its key, member, unit and meaning; its typical range (NaN: none given).
template <class S>
struct Coefficient {
    const char* key;
    double S::*member;
    const char* unit;
    const char* meaning;
    double typicalMin = kNaN;
    double typicalMax = kNaN;
};

/// Coefficients of the fit: any finite value, plausible within ±1e6 (a 10 MB file of huge numbers
/// is refused at the boundary, not simulated).
template <class S>
void coefficients(ObjectBuilder<S> b, std::initializer_list<Coefficient<S>> list)
{
    for (const Coefficient<S>& c : list)
        b.scalar(c.key, c.member, kMf(c.unit, closed(-1e6, 1e6), plaus(-1e4, 1e4), c.typicalMin, c.typicalMax, c.meaning));
}

void modelSection(ObjectBuilder<MfModel> b)
{
    b.scalar("FITTYP", &MfModel::fitType, kMf("", any(), same(), kNaN, kNaN,
             "equations the coefficients were fitted for: mf52 (PAC2002: camber by shifts PHY3, PVY3-4) or mf61 "
             "(camber stiffness PKY6-7, inflation pressure)"), {"mf52", "mf61"});
    b.scalar("TYRESIDE", &MfModel::tyreSide, kMf("", any(), same(), kNaN, kNaN,
             "side the tire was measured on; a wheel on the other side gets its mirror image"), {"left", "right"});
    b.scalar("LONGVL", &MfModel::LONGVL, kMf("m/s", gt(0), plaus(0.1, 100), 10, 30, "reference speed of the measurement"));
    b.scalar("VXLOW", &MfModel::VXLOW, kMf("m/s", gt(0), plaus(0.01, 10), 0.5, 2, "speed below which the slips are regularised"));
}

void dimensionSection(ObjectBuilder<MfDimension> b)
{
    b.scalar("UNLOADED_RADIUS", &MfDimension::UNLOADED_RADIUS,
             kMf("m", gt(0), plaus(0.02, 2), 0.25, 0.6, "free tire radius R0: the lever of the aligning moment"));
    b.scalar("WIDTH", &MfDimension::WIDTH, kMf("m", gt(0), plaus(0.005, 2), 0.15, 0.35, "nominal section width"));
    b.scalar("ASPECT_RATIO", &MfDimension::ASPECT_RATIO, kMf("1", gt(0), plaus(0.05, 2), 0.3, 0.8, "nominal aspect ratio"));
    b.scalar("RIM_RADIUS", &MfDimension::RIM_RADIUS, kMf("m", ge(0), plaus(0, 2), 0.15, 0.3, "nominal rim radius"));
    b.scalar("RIM_WIDTH", &MfDimension::RIM_WIDTH, kMf("m", ge(0), plaus(0, 2), 0.1, 0.3, "rim width"));
}

void operatingSection(ObjectBuilder<MfOperating> b)
{
    b.scalar("FNOMIN", &MfOperating::FNOMIN, kMf("N", gt(0), plaus(1, 1e6), 2000, 10000, "nominal wheel load Fz0: the load the coefficients are normalised by"));
    b.scalar("INFLPRES", &MfOperating::INFLPRES, kMf("Pa", gt(0), plaus(1e4, 2e6), 1.5e5, 3e5, "inflation pressure (MF 6.1)"));
    b.scalar("NOMPRES", &MfOperating::NOMPRES, kMf("Pa", gt(0), plaus(1e4, 2e6), 1.5e5, 3e5, "nominal inflation pressure of the fit (MF 6.1)"));
}

/// A parameter whose 0 means "not given" (the relaxation coefficients stand in).
ParamInfo unsetByZero(ParamInfo info)
{
    info.zeroMeansUnset = true;
    return info;
}

void structuralSection(ObjectBuilder<MfStructural> b)
{
    b.scalar("LONGITUDINAL_STIFFNESS", &MfStructural::LONGITUDINAL_STIFFNESS,
             unsetByZero(kMf("N/m", ge(0), plaus(0, 1e8), 1e5, 1e6, "carcass longitudinal stiffness: relaxation length = slip stiffness / this (MF 6.1); 0: PTX1-3")));
    b.scalar("LATERAL_STIFFNESS", &MfStructural::LATERAL_STIFFNESS,
             unsetByZero(kMf("N/m", ge(0), plaus(0, 1e8), 5e4, 5e5, "carcass lateral stiffness: relaxation length = cornering stiffness / this (MF 6.1); 0: PTY1-2")));
}

void scalingSection(ObjectBuilder<MfScaling> b)
{
    using S = MfScaling;
    const auto factor = [&](const char* key, double S::*m, const char* meaning) {
        b.scalar(key, m, kMf("1", closed(-1e3, 1e3), plaus(0, 100), 0.5, 2, meaning));
    };
    factor("LFZO", &S::LFZO, "scale of the nominal load");
    factor("LCX", &S::LCX, "scale of the Fx shape factor");
    factor("LMUX", &S::LMUX, "scale of the Fx peak friction");
    factor("LEX", &S::LEX, "scale of the Fx curvature");
    factor("LKX", &S::LKX, "scale of the Fx slip stiffness");
    factor("LHX", &S::LHX, "scale of the Fx horizontal shift");
    factor("LVX", &S::LVX, "scale of the Fx vertical shift");
    factor("LGAX", &S::LGAX, "scale of camber for Fx (MF 5.2)");
    factor("LCY", &S::LCY, "scale of the Fy shape factor");
    factor("LMUY", &S::LMUY, "scale of the Fy peak friction");
    factor("LEY", &S::LEY, "scale of the Fy curvature");
    factor("LKY", &S::LKY, "scale of the cornering stiffness");
    factor("LKYC", &S::LKYC, "scale of the camber stiffness (MF 6.1)");
    factor("LKZC", &S::LKZC, "scale of the camber moment stiffness (MF 6.1)");
    factor("LHY", &S::LHY, "scale of the Fy horizontal shift");
    factor("LVY", &S::LVY, "scale of the Fy vertical shift");
    factor("LGAY", &S::LGAY, "scale of camber for Fy (MF 5.2)");
    factor("LTR", &S::LTR, "scale of the peak pneumatic trail");
    factor("LRES", &S::LRES, "scale of the residual torque's offset");
    factor("LGAZ", &S::LGAZ, "scale of camber for Mz (MF 5.2)");
    factor("LXAL", &S::LXAL, "scale of the slip angle's influence on Fx");
    factor("LYKA", &S::LYKA, "scale of the slip ratio's influence on Fy");
    factor("LVYKA", &S::LVYKA, "scale of the slip-ratio-induced Fy");
    factor("LS", &S::LS, "scale of the lever of Fx in Mz");
    factor("LSGKP", &S::LSGKP, "scale of the longitudinal relaxation length");
    factor("LSGAL", &S::LSGAL, "scale of the lateral relaxation length");
}

void longitudinalSection(ObjectBuilder<MfLongitudinal> b)
{
    using S = MfLongitudinal;
    coefficients<S>(b, {
        {"PCX1", &S::PCX1, "1", "shape factor Cfx", 1.2, 2}, {"PDX1", &S::PDX1, "1", "friction Mux at Fz0", 0.8, 1.6},
        {"PDX2", &S::PDX2, "1", "variation of Mux with load"}, {"PDX3", &S::PDX3, "1/rad^2", "variation of Mux with camber squared"},
        {"PEX1", &S::PEX1, "1", "curvature Efx at Fz0"}, {"PEX2", &S::PEX2, "1", "variation of Efx with load"},
        {"PEX3", &S::PEX3, "1", "variation of Efx with load squared"}, {"PEX4", &S::PEX4, "1", "factor in Efx while driving"},
        {"PKX1", &S::PKX1, "1", "slip stiffness Kfx/Fz at Fz0", 10, 40}, {"PKX2", &S::PKX2, "1", "variation of Kfx/Fz with load"},
        {"PKX3", &S::PKX3, "1", "exponent in Kfx/Fz with load"}, {"PHX1", &S::PHX1, "1", "horizontal shift Shx at Fz0"},
        {"PHX2", &S::PHX2, "1", "variation of Shx with load"}, {"PVX1", &S::PVX1, "1", "vertical shift Svx/Fz at Fz0"},
        {"PVX2", &S::PVX2, "1", "variation of Svx/Fz with load"}, {"PPX1", &S::PPX1, "1", "pressure effect on slip stiffness"},
        {"PPX2", &S::PPX2, "1", "pressure squared effect on slip stiffness"}, {"PPX3", &S::PPX3, "1", "pressure effect on Mux"},
        {"PPX4", &S::PPX4, "1", "pressure squared effect on Mux"}, {"RBX1", &S::RBX1, "1", "slope factor of combined slip Fx reduction"},
        {"RBX2", &S::RBX2, "1", "variation of the slope with kappa"}, {"RBX3", &S::RBX3, "1/rad^2", "influence of camber on the slope"},
        {"RCX1", &S::RCX1, "1", "shape factor of combined slip Fx reduction"}, {"REX1", &S::REX1, "1", "curvature of combined Fx"},
        {"REX2", &S::REX2, "1", "variation of the combined Fx curvature with load"}, {"RHX1", &S::RHX1, "1", "shift of combined Fx reduction"},
        {"PTX1", &S::PTX1, "1", "relaxation length SigKap0/Fz at Fz0 (MF 5.2)"}, {"PTX2", &S::PTX2, "1", "variation of SigKap0/Fz with load"},
        {"PTX3", &S::PTX3, "1", "variation of SigKap0/Fz with the exponent of load"},
    });
}

void lateralSection(ObjectBuilder<MfLateral> b)
{
    using S = MfLateral;
    coefficients<S>(b, {
        {"PCY1", &S::PCY1, "1", "shape factor Cfy", 1.1, 1.8}, {"PDY1", &S::PDY1, "1", "friction Muy at Fz0", 0.8, 1.6},
        {"PDY2", &S::PDY2, "1", "variation of Muy with load"}, {"PDY3", &S::PDY3, "1/rad^2", "variation of Muy with camber squared"},
        {"PEY1", &S::PEY1, "1", "curvature Efy at Fz0"}, {"PEY2", &S::PEY2, "1", "variation of Efy with load"},
        {"PEY3", &S::PEY3, "1", "zero order camber dependency of Efy"}, {"PEY4", &S::PEY4, "1/rad", "variation of Efy with camber"},
        {"PEY5", &S::PEY5, "1/rad^2", "variation of Efy with camber squared (MF 6.1)"},
        {"PKY1", &S::PKY1, "1", "maximum cornering stiffness Kfy/Fz0 (negative: ISO-W)", -30, -8},
        {"PKY2", &S::PKY2, "1", "load at which Kfy is largest, over Fz0"}, {"PKY3", &S::PKY3, "1/rad", "variation of Kfy/Fz0 with camber"},
        {"PKY4", &S::PKY4, "1", "curvature of the stiffness against load (MF 6.1)"},
        {"PKY5", &S::PKY5, "1/rad^2", "peak stiffness variation with camber squared (MF 6.1)"},
        {"PKY6", &S::PKY6, "1/rad", "camber stiffness Kfygamma/Fz at Fz0 (MF 6.1)"},
        {"PKY7", &S::PKY7, "1/rad", "variation of the camber stiffness with load (MF 6.1)"},
        {"PHY1", &S::PHY1, "1", "horizontal shift Shy at Fz0"}, {"PHY2", &S::PHY2, "1", "variation of Shy with load"},
        {"PHY3", &S::PHY3, "1", "variation of Shy with camber (MF 5.2)"}, {"PVY1", &S::PVY1, "1", "vertical shift Svy/Fz at Fz0"},
        {"PVY2", &S::PVY2, "1", "variation of Svy/Fz with load"}, {"PVY3", &S::PVY3, "1/rad", "variation of Svy/Fz with camber"},
        {"PVY4", &S::PVY4, "1/rad", "variation of Svy/Fz with camber and load"}, {"PPY1", &S::PPY1, "1", "pressure effect on cornering stiffness"},
        {"PPY2", &S::PPY2, "1", "pressure effect on the load of the stiffness peak"}, {"PPY3", &S::PPY3, "1", "pressure effect on Muy"},
        {"PPY4", &S::PPY4, "1", "pressure squared effect on Muy"}, {"PPY5", &S::PPY5, "1", "pressure effect on camber stiffness"},
        {"RBY1", &S::RBY1, "1", "slope factor of combined Fy reduction"}, {"RBY2", &S::RBY2, "1", "variation of the slope with alpha"},
        {"RBY3", &S::RBY3, "rad", "shift term for alpha in the slope"}, {"RBY4", &S::RBY4, "1/rad^2", "influence of camber on the slope"},
        {"RCY1", &S::RCY1, "1", "shape factor of combined Fy reduction"}, {"REY1", &S::REY1, "1", "curvature of combined Fy"},
        {"REY2", &S::REY2, "1", "variation of the combined Fy curvature with load"}, {"RHY1", &S::RHY1, "1", "shift of combined Fy reduction"},
        {"RHY2", &S::RHY2, "1", "variation of the shift with load"}, {"RVY1", &S::RVY1, "1", "kappa-induced side force Svyk/Muy*Fz at Fz0"},
        {"RVY2", &S::RVY2, "1", "variation of Svyk with load"}, {"RVY3", &S::RVY3, "1/rad", "variation of Svyk with camber"},
        {"RVY4", &S::RVY4, "1", "variation of Svyk with alpha"}, {"RVY5", &S::RVY5, "1", "variation of Svyk with kappa"},
        {"RVY6", &S::RVY6, "1", "variation of Svyk with atan(kappa)"},
        {"PTY1", &S::PTY1, "1", "peak relaxation length SigAlp0/R0 (MF 5.2)"}, {"PTY2", &S::PTY2, "1", "Fz/Fz0 where SigAlp0 is largest"},
    });
}

void aligningSection(ObjectBuilder<MfAligning> b)
{
    using S = MfAligning;
    coefficients<S>(b, {
        {"QBZ1", &S::QBZ1, "1", "trail slope factor Bpt at Fz0"}, {"QBZ2", &S::QBZ2, "1", "variation of Bpt with load"},
        {"QBZ3", &S::QBZ3, "1", "variation of Bpt with load squared"}, {"QBZ4", &S::QBZ4, "1/rad", "variation of Bpt with camber (MF 5.2)"},
        {"QBZ5", &S::QBZ5, "1/rad", "variation of Bpt with |camber|"}, {"QBZ6", &S::QBZ6, "1/rad^2", "variation of Bpt with camber squared (MF 6.1)"},
        {"QBZ9", &S::QBZ9, "1", "slope factor Br of the residual moment"}, {"QBZ10", &S::QBZ10, "1", "slope factor Br of the residual moment"},
        {"QCZ1", &S::QCZ1, "1", "shape factor Cpt of the trail"}, {"QDZ1", &S::QDZ1, "1", "peak trail Dpt/R0 at Fz0"},
        {"QDZ2", &S::QDZ2, "1", "variation of the peak trail with load"}, {"QDZ3", &S::QDZ3, "1/rad", "variation of the peak trail with camber"},
        {"QDZ4", &S::QDZ4, "1/rad^2", "variation of the peak trail with camber squared"},
        {"QDZ6", &S::QDZ6, "1", "peak residual moment Dmr/(Fz R0)"}, {"QDZ7", &S::QDZ7, "1", "variation of Dmr with load"},
        {"QDZ8", &S::QDZ8, "1/rad", "variation of Dmr with camber"}, {"QDZ9", &S::QDZ9, "1/rad", "variation of Dmr with camber and load"},
        {"QDZ10", &S::QDZ10, "1/rad^2", "variation of Dmr with camber squared (MF 6.1)"},
        {"QDZ11", &S::QDZ11, "1/rad^2", "variation of Dmr with camber squared and load (MF 6.1)"},
        {"QEZ1", &S::QEZ1, "1", "trail curvature Ept at Fz0"}, {"QEZ2", &S::QEZ2, "1", "variation of Ept with load"},
        {"QEZ3", &S::QEZ3, "1", "variation of Ept with load squared"}, {"QEZ4", &S::QEZ4, "1", "variation of Ept with the sign of alpha-t"},
        {"QEZ5", &S::QEZ5, "1/rad", "variation of Ept with camber and the sign of alpha-t"},
        {"QHZ1", &S::QHZ1, "rad", "trail horizontal shift Sht at Fz0"}, {"QHZ2", &S::QHZ2, "rad", "variation of Sht with load"},
        {"QHZ3", &S::QHZ3, "1", "variation of Sht with camber"}, {"QHZ4", &S::QHZ4, "1", "variation of Sht with camber and load"},
        {"PPZ1", &S::PPZ1, "1", "pressure effect on the trail (MF 6.1)"}, {"PPZ2", &S::PPZ2, "1", "pressure effect on the residual moment (MF 6.1)"},
        {"SSZ1", &S::SSZ1, "1", "lever of Fx in Mz over R0"}, {"SSZ2", &S::SSZ2, "1", "variation of the lever with Fy/Fz0"},
        {"SSZ3", &S::SSZ3, "1/rad", "variation of the lever with camber"}, {"SSZ4", &S::SSZ4, "1/rad", "variation of the lever with camber and load"},
    });
}

void lowSpeedSection(ObjectBuilder<MfLowSpeed> b)
{
    b.scalar("blendSpeed", &MfLowSpeed::blendSpeed,
             kMf("m/s", gt(0), plaus(0.05, 20), 1, 5, "below this speed a damper on the contact patch's sliding speed is blended in; above it the Magic Formula acts alone"));
    b.scalar("dampingRatio", &MfLowSpeed::dampingRatio,
             kMf("1", ge(0), plaus(0, 10), 0.5, 1.5, "damping ratio of the low-speed damper on the tire's deflection spring and the wheel's share of the load"));
    b.scalar("minRelaxationLength", &MfLowSpeed::minRelaxationLength,
             kMf("m", gt(0), plaus(0.001, 5), 0.02, 0.2, "floor of the relaxation lengths: a stiffer deflection spring than this allows would ring"));
}

}  // namespace

void magicFormulaTireParameters(ObjectBuilder<MagicFormulaTireParams> mf)
{
    using P = MagicFormulaTireParams;
    modelSection(mf.object("model", &P::model, kMf.guide, "[MODEL]: which equations, which side, reference speeds"));
    dimensionSection(mf.object("dimension", &P::dimension, kMf.guide, "[DIMENSION]: the tire's size"));
    operatingSection(mf.object("operating", &P::operating, kMf.guide, "[OPERATING_CONDITIONS], [VERTICAL]: nominal load and pressures"));
    structuralSection(mf.object("structural", &P::structural, kMf.guide, "[STRUCTURAL]: carcass stiffnesses for the relaxation lengths"));
    scalingSection(mf.object("scaling", &P::scaling, kMf.guide, "[SCALING_COEFFICIENTS]: the user's multipliers"));
    longitudinalSection(mf.object("longitudinal", &P::longitudinal, kMf.guide, "[LONGITUDINAL_COEFFICIENTS]: Fx"));
    lateralSection(mf.object("lateral", &P::lateral, kMf.guide, "[LATERAL_COEFFICIENTS]: Fy"));
    aligningSection(mf.object("aligning", &P::aligning, kMf.guide, "[ALIGNING_COEFFICIENTS]: Mz"));
    lowSpeedSection(mf.object("lowSpeed", &P::lowSpeed, kMf.guide, "Jounce's low-speed regime: deflection springs that hold a parked car, damped below a speed"));
}

}  // namespace jounce::config::declare
