#pragma once
// The parameters of the Magic Formula tire (tire.model "magicFormula"; docs/tires.md): Pacejka's
// MF 5.2 (PAC2002) and MF 6.1 coefficient sets, grouped as the sections of a TNO/ADAMS `.tir`
// property file and named as its keys, so a coefficient reads the same in the file, the registry
// and the literature. The equations are in model/vehicle/tire/MagicFormula*.cpp; the ISO-W sign
// convention of the coefficients (a left tire's cornering stiffness PKY1 is negative) is in
// docs/vehicle-model.md "Magic Formula tire".
//
// Defaults describe a plain 205/55 R16 passenger tire of our own (not a measured one): usable out of
// the box, symmetric (no shifts), MF 6.1.

namespace jounce {

/// The equations a coefficient set was fitted for (.tir FITTYP; PROPERTY_FILE_FORMAT 'PAC2002' is 5.2).
/// The two differ in camber: 5.2 shifts the curve by PHY3·γ and PVY3/PVY4·γ, 6.1 has a camber
/// stiffness (PKY6, PKY7) instead, so a 5.2 set under 6.1 equations would lose its camber thrust.
enum class MagicFormulaVersion { MF52, MF61 };

/// The side a tire was measured on (.tir TYRESIDE). A tire mounted on the other side is its mirror
/// image: its asymmetric terms (ply steer, conicity, camber) change sign.
enum class TireSide { Left, Right };

/// [MODEL]
struct MfModel {
    MagicFormulaVersion fitType = MagicFormulaVersion::MF61;  ///< FITTYP
    TireSide tyreSide = TireSide::Left;                       ///< TYRESIDE
    double LONGVL = 16.7;  ///< reference speed of the measurement, m/s
    double VXLOW = 1.0;    ///< speed below which the slips are regularised, m/s
    friend bool operator==(const MfModel&, const MfModel&) = default;
};

/// [DIMENSION]
struct MfDimension {
    double UNLOADED_RADIUS = 0.316;  ///< free tire radius R0, m
    double WIDTH = 0.205;            ///< nominal section width, m
    double ASPECT_RATIO = 0.55;      ///< nominal aspect ratio, 1
    double RIM_RADIUS = 0.203;       ///< nominal rim radius, m
    double RIM_WIDTH = 0.165;        ///< rim width, m
    friend bool operator==(const MfDimension&, const MfDimension&) = default;
};

/// [OPERATING_CONDITIONS] and [VERTICAL]'s nominal load.
struct MfOperating {
    double FNOMIN = 4000.0;     ///< nominal wheel load Fz0, N
    double INFLPRES = 220000.0; ///< inflation pressure p (MF 6.1), Pa
    double NOMPRES = 220000.0;  ///< nominal pressure pi0 (MF 6.1), Pa
    friend bool operator==(const MfOperating&, const MfOperating&) = default;
};

/// [STRUCTURAL]: carcass stiffnesses; MF 6.1's relaxation lengths are the slip stiffnesses over them.
struct MfStructural {
    double LONGITUDINAL_STIFFNESS = 0.0;  ///< Cx, N/m; 0: use PTX1-3
    double LATERAL_STIFFNESS = 0.0;       ///< Cy, N/m; 0: use PTY1-2
    friend bool operator==(const MfStructural&, const MfStructural&) = default;
};

/// [SCALING_COEFFICIENTS]: the user's multipliers (λ), 1 leaves the fitted tire as measured.
struct MfScaling {
    double LFZO = 1, LCX = 1, LMUX = 1, LEX = 1, LKX = 1, LHX = 1, LVX = 1, LGAX = 1;
    double LCY = 1, LMUY = 1, LEY = 1, LKY = 1, LKYC = 1, LKZC = 1, LHY = 1, LVY = 1, LGAY = 1;
    double LTR = 1, LRES = 1, LGAZ = 1, LXAL = 1, LYKA = 1, LVYKA = 1, LS = 1, LSGKP = 1, LSGAL = 1;
    friend bool operator==(const MfScaling&, const MfScaling&) = default;
};

/// [LONGITUDINAL_COEFFICIENTS]: pure slip (P*X*), combined slip (R*X*), relaxation (PTX*).
struct MfLongitudinal {
    double PCX1 = 1.6, PDX1 = 1.15, PDX2 = -0.1, PDX3 = 0.0;
    double PEX1 = 0.3, PEX2 = 0.0, PEX3 = 0.0, PEX4 = 0.0;
    double PKX1 = 22.0, PKX2 = 0.0, PKX3 = 0.0;
    double PHX1 = 0.0, PHX2 = 0.0, PVX1 = 0.0, PVX2 = 0.0;
    double PPX1 = 0.0, PPX2 = 0.0, PPX3 = 0.0, PPX4 = 0.0;
    double RBX1 = 12.0, RBX2 = 10.0, RBX3 = 0.0, RCX1 = 1.0, REX1 = 0.0, REX2 = 0.0, RHX1 = 0.0;
    double PTX1 = 2.3, PTX2 = 1.4, PTX3 = 0.0;
    friend bool operator==(const MfLongitudinal&, const MfLongitudinal&) = default;
};

/// [LATERAL_COEFFICIENTS]: pure slip (P*Y*), combined slip (R*Y*), relaxation (PTY*).
struct MfLateral {
    double PCY1 = 1.3, PDY1 = 1.0, PDY2 = -0.15, PDY3 = 0.0;
    double PEY1 = -0.5, PEY2 = 0.0, PEY3 = 0.0, PEY4 = 0.0, PEY5 = 0.0;
    double PKY1 = -18.0, PKY2 = 1.8, PKY3 = 0.0, PKY4 = 2.0, PKY5 = 0.0, PKY6 = -0.9, PKY7 = 0.0;
    double PHY1 = 0.0, PHY2 = 0.0, PHY3 = 0.0;
    double PVY1 = 0.0, PVY2 = 0.0, PVY3 = 0.0, PVY4 = 0.0;
    double PPY1 = 0.0, PPY2 = 0.0, PPY3 = 0.0, PPY4 = 0.0, PPY5 = 0.0;
    double RBY1 = 10.0, RBY2 = 8.0, RBY3 = 0.0, RBY4 = 0.0, RCY1 = 1.0, REY1 = 0.0, REY2 = 0.0;
    double RHY1 = 0.0, RHY2 = 0.0, RVY1 = 0.0, RVY2 = 0.0, RVY3 = 0.0, RVY4 = 0.0, RVY5 = 0.0, RVY6 = 0.0;
    double PTY1 = 2.1, PTY2 = 2.0;
    friend bool operator==(const MfLateral&, const MfLateral&) = default;
};

/// [ALIGNING_COEFFICIENTS]: pneumatic trail (QBZ1-6, QCZ1, QDZ1-4, QEZ*, QHZ*), residual moment
/// (QBZ9-10, QDZ6-11), pressure (PPZ*), the Fx lever (SSZ*).
struct MfAligning {
    double QBZ1 = 10.0, QBZ2 = 0.0, QBZ3 = 0.0, QBZ4 = 0.0, QBZ5 = 0.0, QBZ6 = 0.0, QBZ9 = 10.0, QBZ10 = 0.0;
    double QCZ1 = 1.2;
    double QDZ1 = 0.09, QDZ2 = 0.0, QDZ3 = 0.0, QDZ4 = 0.0;
    double QDZ6 = 0.0, QDZ7 = 0.0, QDZ8 = 0.0, QDZ9 = 0.0, QDZ10 = 0.0, QDZ11 = 0.0;
    double QEZ1 = -1.5, QEZ2 = 0.0, QEZ3 = 0.0, QEZ4 = 0.0, QEZ5 = 0.0;
    double QHZ1 = 0.0, QHZ2 = 0.0, QHZ3 = 0.0, QHZ4 = 0.0;
    double PPZ1 = 0.0, PPZ2 = 0.0;
    double SSZ1 = 0.0, SSZ2 = 0.0, SSZ3 = 0.0, SSZ4 = 0.0;
    friend bool operator==(const MfAligning&, const MfAligning&) = default;
};

/// Jounce's low-speed regime (no .tir section). The tire's transient slips are carcass deflections
/// (docs/tires.md "Low speed"): at rest they are springs that hold a parked car without creep; below
/// `blendSpeed` a damper on the contact patch's sliding speed is blended in so those springs do not
/// ring, and it fades out above.
struct MfLowSpeed {
    double blendSpeed = 3.0;             ///< speed at and above which no low-speed damping acts, m/s
    double dampingRatio = 1.0;           ///< of the deflection spring on the wheel's share of the load, 1
    double minRelaxationLength = 0.05;   ///< floor of both relaxation lengths, m
    friend bool operator==(const MfLowSpeed&, const MfLowSpeed&) = default;
};

/// The Magic Formula tire: a `.tir` file's coefficients and Jounce's low-speed regime.
struct MagicFormulaTireParams {
    MfModel model;
    MfDimension dimension;
    MfOperating operating;
    MfStructural structural;
    MfScaling scaling;
    MfLongitudinal longitudinal;
    MfLateral lateral;
    MfAligning aligning;
    MfLowSpeed lowSpeed;
    friend bool operator==(const MagicFormulaTireParams&, const MagicFormulaTireParams&) = default;
};

}  // namespace jounce
