#include "vehicle/tire/PhysxTire.h"

#include "config/ParameterPaths.h"
#include "config/ParameterRegistry.h"
#include "vehicle/LinearGraph.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace jounce::sim {

double tireSmoothing1(double k) noexcept
{
    return std::min(1.0, k - k * k / 3.0 + k * k * k / 27.0);
}

double tireSmoothing2(double k) noexcept
{
    const double k2 = k * k;
    return k - k2 + k2 * k / 3.0 - k2 * k2 / 27.0;
}

double lateralStiffness(const PhysxTireParams& tire, double restLoad, double filteredNormalisedLoad) noexcept
{
    return restLoad * tire.latStiffY * tireSmoothing1(3.0 * filteredNormalisedLoad / tire.latStiffX);
}

double frictionVsSlip(std::span<const GraphPoint> graph, double longSlip) noexcept
{
    return lookupClamped(graph, std::abs(longSlip), 1.0);
}

double PhysxTire::friction(const PhysxTireParams& tire, double pairFriction, double longSlip) noexcept
{
    return frictionVsSlip(tire.frictionVsSlipGraph, longSlip) * pairFriction;
}

namespace {
double zeroIfTiny(double v) noexcept
{
    return std::abs(v) < kMinTireSlipOrCamber ? 0.0 : v;
}
}  // namespace

TireForces PhysxTire::forces(const PhysxTireParams& tire, const TireInputs& in, TireState&, double) noexcept
{
    // Step 1: tiny slips and camber count as zero; nothing to do without any of them.
    const double longSlip = zeroIfTiny(in.longSlip);
    const double latSlip = zeroIfTiny(in.latSlip);
    const double camber = zeroIfTiny(in.camber);
    const double maxForce = in.friction * in.filteredLoad;
    if ((longSlip == 0.0 && latSlip == 0.0 && camber == 0.0) || maxForce <= 0.0)
        return {};

    // Step 3: stiffnesses.
    const double latStiff = lateralStiffness(tire, in.restLoad, in.filteredNormalisedLoad);
    const double longStiff = tire.longitudinalStiffnessPerUnitGravity * in.gravity;
    const double camberStiff = tire.camberStiffnessPerUnitGravity * in.gravity;
    if (latStiff <= 0.0 || longStiff <= 0.0)
        return {};

    // Step 4: camber enters as an effective lateral slip offset.
    const double tanEff = std::tan(latSlip - camber * camberStiff / latStiff);

    // Step 5: combined-slip normalisation.
    // Square roots of sums of squares, as PhysX writes them: std::hypot's care against overflow
    // buys nothing at tire magnitudes and cost a twentieth of a whole vehicle step.
    const double latTerm = latStiff * tanEff;
    const double longTerm = longStiff * longSlip;
    const double k = std::sqrt(latTerm * latTerm + longTerm * longTerm) / maxForce;
    const double forceBar = tireSmoothing1(k);
    const double momentBar = tireSmoothing2(k);
    double nu = 1.0;
    if (k <= 2.0 * std::numbers::pi) {
        const double rho = latStiff / longStiff;
        nu = 0.5 * (1.0 + rho - (1.0 - rho) * std::cos(0.5 * k));
    }
    const double nuTan = nu * tanEff;
    const double denominator = std::sqrt(longSlip * longSlip + nuTan * nuTan);
    // Camber exactly cancelling the slip leaves no slip direction: K = 0, so no force either
    // (PhysX would divide 0 by 0 here).
    if (denominator <= 0.0)
        return {};
    const double forceZero = maxForce / denominator;

    TireForces out;
    out.longForce = longSlip * forceBar * forceZero;
    out.latForce = -nu * tanEff * forceBar * forceZero;
    out.aligningMoment = nu * tanEff * momentBar * forceZero * in.pneumaticTrail;
    out.wheelTorque = -out.longForce * in.wheelRadius;
    return out;
}

namespace {

namespace param = config::param;
using telemetry::WheelChannel;

/// The friction-vs-slip graph as the registry describes it (title, axes, the fixed first slip).
TireCurve frictionCurve(const PhysxTireParams& tire, std::size_t wheel)
{
    const config::Node& node = *config::ParameterRegistry::instance().findNode(param::wheels::tire::frictionVsSlipGraph.str());
    const config::GraphInfo& info = *node.graph;
    TireCurve c;
    c.id = info.id;
    c.title = info.title;
    c.x = {info.xAxis, node.element->children.at(0)->info.unit};
    c.y = {info.yAxis, node.element->children.at(1)->info.unit};
    c.handlesName = node.key;
    const std::string graph = param::wheels::tire::frictionVsSlipGraph(wheel);
    const param::Path base{graph};
    for (std::size_t i = 0; i < tire.frictionVsSlipGraph.size(); ++i) {
        const GraphPoint& p = tire.frictionVsSlipGraph[i];
        c.handles.push_back({p.x, p.y, info.fixedFirstX && i == 0 ? std::string() : base(i, 0), base(i, 1)});
    }
    const std::vector<GraphPoint> points = tire.frictionVsSlipGraph;
    const int w = static_cast<int>(wheel);
    c.operating = [points, w](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
        if (f.wheel(WheelChannel::InAir, w) > 0.5)
            return std::nullopt;
        const double s = std::fabs(f.wheel(WheelChannel::LongSlip, w));
        return std::pair{s, frictionVsSlip(points, s)};
    };
    return c;
}

/// C_T / L_rest = latStiffY · f1(3 ℓ / latStiffX) (§2.10); the knee (latStiffX, latStiffY) is the
/// one point: drag it to set both.
TireCurve lateralStiffnessCurve(const PhysxTireParams& tire, std::size_t wheel)
{
    TireCurve c;
    c.id = "lateralStiffness";
    c.title = "Lateral stiffness vs normalised load";
    c.x = {"normalised tire load", "1"};
    c.y = {"lateral stiffness / rest load", "1/rad"};
    c.handlesName = "saturation knee";
    c.handles.push_back({tire.latStiffX, tire.latStiffY, param::wheels::tire::latStiffX(wheel), param::wheels::tire::latStiffY(wheel)});
    for (int i = 0; i <= 60; ++i) {
        const double l = 4.0 * i / 60.0;
        c.line.push_back({l, tire.latStiffY * tireSmoothing1(3.0 * l / tire.latStiffX)});
    }
    const int w = static_cast<int>(wheel);
    c.operating = [tire, w](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
        const double l = f.wheel(WheelChannel::NormTireLoad, w);
        return std::pair{l, tire.latStiffY * tireSmoothing1(3.0 * std::max(0.0, l) / tire.latStiffX)};
    };
    return c;
}

}  // namespace

std::vector<TireCurve> PhysxTire::curves(const PhysxTireParams& tire, std::size_t wheel)
{
    return {frictionCurve(tire, wheel), lateralStiffnessCurve(tire, wheel)};
}

std::vector<EnvelopePoint> PhysxTire::frictionEnvelope(const PhysxTireParams&)
{
    constexpr int kSegments = 96;
    std::vector<EnvelopePoint> out;
    out.reserve(kSegments + 1);
    for (int i = 0; i <= kSegments; ++i) {
        const double a = 2.0 * std::numbers::pi * i / kSegments;
        out.emplace_back(std::cos(a), std::sin(a));
    }
    return out;
}

}  // namespace jounce::sim
