#include "vehicle/tire/MagicFormula.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace jounce::sim {
namespace {

/// Keeps a denominator away from zero without changing its sign (docs/vehicle-model.md "Magic
/// Formula tire": ε belongs to the denominator, never to the stiffness it divides, and replaces it
/// only where it is smaller, so every other value is the equations' exactly).
double guard(double d) noexcept
{
    constexpr double kEpsilon = 1e-12;
    return std::abs(d) >= kEpsilon ? d : (d >= 0.0 ? kEpsilon : -kEpsilon);
}

double sign(double v) noexcept { return v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0); }

/// y = D sin(C atan(B x − E (B x − atan(B x)))): the formula itself.
double formula(double b, double c, double d, double e, double x) noexcept
{
    const double bx = b * x;
    return d * std::sin(c * std::atan(bx - e * (bx - std::atan(bx))));
}

/// The weighting function of combined slip: cos(C atan(B x − E (B x − atan(B x)))).
double weighting(double b, double c, double e, double x) noexcept
{
    const double bx = b * x;
    return std::cos(c * std::atan(bx - e * (bx - std::atan(bx))));
}

/// What every part of the formula shares at one operating point.
struct Point {
    const MagicFormulaTireParams& p;
    bool mf61;
    double fz;     ///< load, N
    double fz0;    ///< the scaled nominal load Fz0' = FNOMIN·LFZO, N
    double dfz;    ///< normalised change in load, 1
    double dpi;    ///< normalised change in pressure (MF 6.1; 0 under 5.2), 1
    double mu;     ///< the road's friction scale
    double gammaX; ///< the camber as the longitudinal equations take it
    double gammaY; ///< as the lateral ones do
    double gammaZ; ///< as the moment's do
    double kappa;
    double alpha;  ///< tan α, as MF's α* is
};

Point makePoint(const MagicFormulaTireParams& p, const MfSlip& s) noexcept
{
    const bool mf61 = p.model.fitType == MagicFormulaVersion::MF61;
    const double fz0 = p.operating.FNOMIN * p.scaling.LFZO;
    const double dpi = mf61 ? (p.operating.INFLPRES - p.operating.NOMPRES) / p.operating.NOMPRES : 0.0;
    // MF 5.2 scales the angle per force (LGAX, LGAY, LGAZ); MF 6.1 takes sin γ for all three.
    const double g61 = std::sin(s.gamma);
    return {p, mf61, s.load, fz0, (s.load - fz0) / fz0, dpi, s.mu,
            mf61 ? g61 : s.gamma * p.scaling.LGAX, mf61 ? g61 : s.gamma * p.scaling.LGAY,
            mf61 ? g61 : s.gamma * p.scaling.LGAZ, s.kappa, std::tan(s.alpha)};
}

struct Longitudinal {
    double fx0, kxk, mux;
};

/// The longitudinal slip stiffness Kxκ: it depends on the load, not on the slips.
double longitudinalStiffness(const Point& q) noexcept
{
    const MfLongitudinal& c = q.p.longitudinal;
    return q.fz * (c.PKX1 + c.PKX2 * q.dfz) * std::exp(c.PKX3 * q.dfz) * (1.0 + c.PPX1 * q.dpi + c.PPX2 * q.dpi * q.dpi) *
           q.p.scaling.LKX;
}

/// The cornering stiffness Kyα at the load and camber, by edition.
double corneringStiffness(const Point& q) noexcept
{
    const MfLateral& c = q.p.lateral;
    const MfScaling& l = q.p.scaling;
    const double g = q.gammaY;
    if (q.mf61)
        return c.PKY1 * q.fz0 * (1.0 + c.PPY1 * q.dpi) * (1.0 - c.PKY3 * std::abs(g)) *
               std::sin(c.PKY4 * std::atan(q.fz / guard((c.PKY2 + c.PKY5 * g * g) * (1.0 + c.PPY2 * q.dpi) * q.fz0))) * l.LKY;
    return c.PKY1 * q.fz0 * std::sin(2.0 * std::atan(q.fz / guard(c.PKY2 * q.fz0))) * (1.0 - c.PKY3 * std::abs(g)) * l.LKY;
}

/// Pure longitudinal slip.
Longitudinal pureLongitudinal(const Point& q) noexcept
{
    const MfLongitudinal& c = q.p.longitudinal;
    const MfScaling& l = q.p.scaling;
    const double shx = (c.PHX1 + c.PHX2 * q.dfz) * l.LHX;
    const double kx = q.kappa + shx;
    const double cx = c.PCX1 * l.LCX;
    const double mux = (c.PDX1 + c.PDX2 * q.dfz) * (1.0 + c.PPX3 * q.dpi + c.PPX4 * q.dpi * q.dpi) *
                       (1.0 - c.PDX3 * q.gammaX * q.gammaX) * l.LMUX * q.mu;
    const double dx = mux * q.fz;
    const double ex = std::min(1.0, (c.PEX1 + c.PEX2 * q.dfz + c.PEX3 * q.dfz * q.dfz) * (1.0 - c.PEX4 * sign(kx)) * l.LEX);
    const double kxk = longitudinalStiffness(q);
    const double bx = kxk / guard(cx * dx);
    const double svx = q.fz * (c.PVX1 + c.PVX2 * q.dfz) * l.LVX * l.LMUX * q.mu;
    return {formula(bx, cx, dx, ex, kx) + svx, kxk, mux};
}

struct Lateral {
    double fy0, kya, muy, by, cy, shy, svy;
};

/// Pure lateral slip. MF 5.2 moves the curve by camber (PHY3, PVY3-4); MF 6.1 gives camber its own
/// stiffness Kyγ (PKY6-7) and folds it into the horizontal shift.
Lateral pureLateral(const Point& q) noexcept
{
    const MfLateral& c = q.p.lateral;
    const MfScaling& l = q.p.scaling;
    const double g = q.gammaY;
    const double kya = corneringStiffness(q);
    double shy, svy, ey;
    if (q.mf61) {
        const double kyg0 = q.fz * (c.PKY6 + c.PKY7 * q.dfz) * (1.0 + c.PPY5 * q.dpi) * l.LKYC;
        const double svyg = q.fz * (c.PVY3 + c.PVY4 * q.dfz) * g * l.LKYC * l.LMUY * q.mu;
        svy = q.fz * (c.PVY1 + c.PVY2 * q.dfz) * l.LVY * l.LMUY * q.mu + svyg;
        shy = (c.PHY1 + c.PHY2 * q.dfz) * l.LHY + (kyg0 * g - svyg) / guard(kya);
    } else {
        svy = q.fz * ((c.PVY1 + c.PVY2 * q.dfz) * l.LVY + (c.PVY3 + c.PVY4 * q.dfz) * g) * l.LMUY * q.mu;
        shy = (c.PHY1 + c.PHY2 * q.dfz) * l.LHY + c.PHY3 * g;
    }
    const double ay = q.alpha + shy;
    const double camberCurvature = q.mf61 ? c.PEY5 * g * g : 0.0;
    ey = std::min(1.0, (c.PEY1 + c.PEY2 * q.dfz) * (1.0 + camberCurvature - (c.PEY3 + c.PEY4 * g) * sign(ay)) * l.LEY);
    // 1 − PDY3·γ²: both editions of Pacejka's book and the PAC2002 documentation (some codes add).
    const double muy = (c.PDY1 + c.PDY2 * q.dfz) * (1.0 + c.PPY3 * q.dpi + c.PPY4 * q.dpi * q.dpi) * (1.0 - c.PDY3 * g * g) *
                       l.LMUY * q.mu;
    const double cy = c.PCY1 * l.LCY;
    const double dy = muy * q.fz;
    const double by = kya / guard(cy * dy);
    return {formula(by, cy, dy, ey, ay) + svy, kya, muy, by, cy, shy, svy};
}

/// Combined slip: Fx weighted by the slip angle (RBX*, RCX1, REX*, RHX1).
double combinedLongitudinal(const Point& q, double fx0) noexcept
{
    const MfLongitudinal& c = q.p.longitudinal;
    const double rbx3 = q.mf61 ? c.RBX3 * q.gammaX * q.gammaX : 0.0;
    const double b = (c.RBX1 + rbx3) * std::cos(std::atan(c.RBX2 * q.kappa)) * q.p.scaling.LXAL;
    const double e = std::min(1.0, c.REX1 + c.REX2 * q.dfz);
    const double g0 = weighting(b, c.RCX1, e, c.RHX1);
    return std::max(0.0, weighting(b, c.RCX1, e, q.alpha + c.RHX1) / guard(g0)) * fx0;
}

/// Combined slip: Fy weighted by the slip ratio, plus the κ-induced side force S_Vyκ.
struct CombinedLateral {
    double fy, svyk;
};

CombinedLateral combinedLateral(const Point& q, const Lateral& pure) noexcept
{
    const MfLateral& c = q.p.lateral;
    const double rby4 = q.mf61 ? c.RBY4 * q.gammaY * q.gammaY : 0.0;
    const double b = (c.RBY1 + rby4) * std::cos(std::atan(c.RBY2 * (q.alpha - c.RBY3))) * q.p.scaling.LYKA;
    const double e = std::min(1.0, c.REY1 + c.REY2 * q.dfz);
    const double shyk = c.RHY1 + c.RHY2 * q.dfz;
    const double g0 = weighting(b, c.RCY1, e, shyk);
    const double gyk = std::max(0.0, weighting(b, c.RCY1, e, q.kappa + shyk) / guard(g0));
    const double dvyk = pure.muy * q.fz * (c.RVY1 + c.RVY2 * q.dfz + c.RVY3 * q.gammaY) * std::cos(std::atan(c.RVY4 * q.alpha));
    const double svyk = dvyk * std::sin(c.RVY5 * std::atan(c.RVY6 * q.kappa)) * q.p.scaling.LVYKA;
    return {gyk * pure.fy0 + svyk, svyk};
}

/// The combined aligning moment: −trail·F'y + residual moment + lever·Fx, with α of trail and
/// residual moment replaced by their equivalents under longitudinal slip.
double aligningMoment(const Point& q, const Lateral& pure, double kxk, double fx, double fy, double svyk, bool reversing) noexcept
{
    const MfAligning& c = q.p.aligning;
    const MfScaling& l = q.p.scaling;
    const double g = q.gammaZ;
    const double r0 = q.p.dimension.UNLOADED_RADIUS;
    const double vxSign = reversing ? -1.0 : 1.0;
    const double cosAlpha = 1.0 / std::sqrt(1.0 + q.alpha * q.alpha);
    const double muScale = l.LMUY * q.mu;
    const double sht = c.QHZ1 + c.QHZ2 * q.dfz + (c.QHZ3 + c.QHZ4 * q.dfz) * g;
    const double at = q.alpha + sht;
    const double ar = q.alpha + pure.shy + pure.svy / guard(pure.kya);
    const double camberSlope = q.mf61 ? c.QBZ5 * std::abs(g) + c.QBZ6 * g * g : c.QBZ4 * g + c.QBZ5 * std::abs(g);
    const double bt = (c.QBZ1 + c.QBZ2 * q.dfz + c.QBZ3 * q.dfz * q.dfz) * (1.0 + camberSlope) * l.LKY / guard(muScale);
    const double ct = c.QCZ1;
    const double camberPeak = q.mf61 ? c.QDZ3 * std::abs(g) + c.QDZ4 * g * g : c.QDZ3 * g + c.QDZ4 * g * g;
    const double dt = q.fz * (r0 / q.fz0) * (c.QDZ1 + c.QDZ2 * q.dfz) * (1.0 - c.PPZ1 * q.dpi) * (1.0 + camberPeak) * l.LTR * vxSign;
    const double et = std::min(1.0, (c.QEZ1 + c.QEZ2 * q.dfz + c.QEZ3 * q.dfz * q.dfz) *
                                        (1.0 + (c.QEZ4 + c.QEZ5 * g) * (2.0 / std::numbers::pi) * std::atan(bt * ct * at)));
    const double br = c.QBZ9 * l.LKY / guard(muScale) + c.QBZ10 * pure.by * pure.cy;
    const double residualCamber = q.mf61 ? ((c.QDZ8 + c.QDZ9 * q.dfz) * (1.0 + q.p.aligning.PPZ2 * q.dpi) +
                                            (c.QDZ10 + c.QDZ11 * q.dfz) * std::abs(g)) * g * l.LKZC
                                         : (c.QDZ8 + c.QDZ9 * q.dfz) * g;
    const double dr = q.fz * r0 * ((c.QDZ6 + c.QDZ7 * q.dfz) * l.LRES + residualCamber) * muScale * vxSign;
    const double slipRatio = kxk / guard(pure.kya);
    const double kappaTerm = slipRatio * slipRatio * q.kappa * q.kappa;
    const double atEq = std::sqrt(at * at + kappaTerm) * (at < 0.0 ? -1.0 : 1.0);
    const double arEq = std::sqrt(ar * ar + kappaTerm) * (ar < 0.0 ? -1.0 : 1.0);
    const double trail = dt * weighting(bt, ct, et, atEq) * cosAlpha;
    const double residual = dr * std::cos(std::atan(br * arEq)) * cosAlpha;
    const double lever = r0 * (c.SSZ1 + c.SSZ2 * (fy / q.fz0) + (c.SSZ3 + c.SSZ4 * q.dfz) * g) * l.LS;
    return -trail * (fy - svyk) + residual + lever * fx;
}

}  // namespace

MfResult magicFormula(const MagicFormulaTireParams& p, const MfSlip& s) noexcept
{
    const Point q = makePoint(p, s);
    const Longitudinal lon = pureLongitudinal(q);
    const Lateral lat = pureLateral(q);
    MfResult r;
    r.fx0 = lon.fx0;
    r.fy0 = lat.fy0;
    r.kxk = lon.kxk;
    r.kya = lat.kya;
    r.muX = lon.mux;
    r.muY = lat.muy;
    r.fx = combinedLongitudinal(q, lon.fx0);
    const CombinedLateral fy = combinedLateral(q, lat);
    r.fy = fy.fy;
    r.mz = aligningMoment(q, lat, lon.kxk, r.fx, r.fy, fy.svyk, s.reversing);
    return r;
}

MfStiffness mfSlipStiffnesses(const MagicFormulaTireParams& p, const MfSlip& s) noexcept
{
    const Point q = makePoint(p, s);
    return {longitudinalStiffness(q), corneringStiffness(q)};
}

MfRelaxation mfRelaxationLengths(const MagicFormulaTireParams& p, double load, double gamma, double kxk, double kya) noexcept
{
    const double fz0 = p.operating.FNOMIN * p.scaling.LFZO;
    const double dfz = (load - fz0) / fz0;
    const double r0 = p.dimension.UNLOADED_RADIUS;
    MfRelaxation out;
    if (p.structural.LONGITUDINAL_STIFFNESS > 0.0) {
        out.longitudinal = std::abs(kxk) / p.structural.LONGITUDINAL_STIFFNESS;
    } else {
        const MfLongitudinal& c = p.longitudinal;
        // exp(−PTX3·dfz): the PAC2002 documentation's sign (some codes write exp(+PTX3·dfz)).
        out.longitudinal = load * (c.PTX1 + c.PTX2 * dfz) * std::exp(-c.PTX3 * dfz) * (r0 / fz0);
    }
    out.longitudinal *= p.scaling.LSGKP;
    if (p.structural.LATERAL_STIFFNESS > 0.0) {
        out.lateral = std::abs(kya) / p.structural.LATERAL_STIFFNESS;
    } else {
        const MfLateral& c = p.lateral;
        out.lateral = c.PTY1 * std::sin(2.0 * std::atan(load / guard(c.PTY2 * fz0))) * (1.0 - c.PKY3 * std::abs(gamma)) * r0 * p.scaling.LFZO;
    }
    out.lateral *= p.scaling.LSGAL;
    const double floor = p.lowSpeed.minRelaxationLength;
    out.longitudinal = std::isfinite(out.longitudinal) ? std::max(out.longitudinal, floor) : floor;
    out.lateral = std::isfinite(out.lateral) ? std::max(out.lateral, floor) : floor;
    return out;
}

}  // namespace jounce::sim
