#include "XYPlotKinds.h"

#include "vehicle/Differential.h"
#include "vehicle/Gearbox.h"
#include "vehicle/tire/Tire.h"

#include <QCoreApplication>

#include <array>
#include <cmath>
#include <numbers>

namespace jounce::widgets {
namespace {

using telemetry::Column;
using telemetry::VehicleChannel;
using telemetry::WheelChannel;

QString tr(const char* text) { return QCoreApplication::translate("XYPlot", text); }

QString fromView(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

XYAxisDef columnAxis(const Column& c)
{
    const std::string_view unit = telemetry::columnUnit(c);
    QString description;
    if (c.kind == Column::Kind::Vehicle)
        description = fromView(telemetry::info(c.vehicle).description);
    else if (c.kind == Column::Kind::Wheel)
        description = fromView(telemetry::info(c.wheelChannel).description);
    else
        description = tr("simulated time");
    const std::string name = telemetry::columnName(c);
    return {QString::fromStdString(name), {}, name, std::string(unit), false, description, {}};
}

/// Σ α_j / r_j over the wheels the clutch averages (vehicle-model §2.19 - §2.22, handbrake off).
double alphaOverRadius(const VehicleConfig& c)
{
    const auto radius = [&c](std::size_t i) { return c.wheels[i].wheel.radius; };
    const std::size_t n = c.wheels.size();
    double sum = 0.0;
    switch (c.drive.type) {
    case DriveType::FourWheel: {
        const sim::WheelShares4 a = sim::differentialAveragingWeights4W(c.drive.differential4W, 0.0, sim::HandbrakeDifferentialRule::Unchanged);
        for (std::size_t i = 0; i < std::min<std::size_t>(4, n); ++i)
            sum += radius(i) > 0.0 ? a[i] / radius(i) : 0.0;
        break;
    }
    case DriveType::NWheel: {
        const sim::WheelSharesN a = sim::differentialShareNW(c.drive.differentialNW, static_cast<int>(n));
        for (std::size_t i = 0; i < n; ++i)
            sum += radius(i) > 0.0 ? a[i] / radius(i) : 0.0;
        break;
    }
    case DriveType::Tank: {
        int left = 0, right = 0;
        for (std::size_t i = 0; i < n; ++i)
            (i % 2 == 0 ? left : right) += 1;
        const sim::TankDifferential t = sim::tankDifferential(1.0, 1.0, left, right);
        for (std::size_t i = 0; i < n; ++i)
            sum += radius(i) > 0.0 ? (i % 2 == 0 ? t.alphaLeft : t.alphaRight) / radius(i) : 0.0;
        break;
    }
    case DriveType::None: break;
    }
    return sum;
}

}  // namespace

std::span<const XYKind> xyKinds()
{
    static constexpr std::array<XYKind, 5> kKinds{XYKind::GG, XYKind::Handling, XYKind::FrictionCircles,
                                                  XYKind::RevsVsSpeed, XYKind::Channels};
    return kKinds;
}

QString xyKindName(XYKind kind)
{
    switch (kind) {
    case XYKind::GG: return tr("g–g diagram");
    case XYKind::Handling: return tr("Handling diagram");
    case XYKind::FrictionCircles: return tr("Friction circles");
    case XYKind::RevsVsSpeed: return tr("Revs vs speed");
    case XYKind::Channels: return tr("Two channels");
    }
    return {};
}

XYUnit defaultXYUnit(std::string_view channel, std::string_view siUnit)
{
    if (siUnit == "rad/s" && channel == "yawRate")
        return {180.0 / std::numbers::pi, 0.0, QStringLiteral("°/s")};
    if (siUnit == "rad")
        return {180.0 / std::numbers::pi, 0.0, QStringLiteral("°")};
    if (siUnit == "rad/s")
        return {60.0 / (2.0 * std::numbers::pi), 0.0, QStringLiteral("rpm")};
    if (siUnit == "m/s")
        return {3.6, 0.0, QStringLiteral("km/h")};
    if (siUnit == "1")
        return {1.0, 0.0, QString()};
    return {1.0, 0.0, fromView(siUnit)};
}

XYUnit gUnit() { return {1.0 / kGravity, 0.0, QStringLiteral("g")}; }

XYKindDef xyKindDef(const XYSelection& selection, int wheelCount)
{
    const XYAxisDef latAccel{tr("Lateral acceleration"), tr("+ left"), "latAccel", "m/s²", true,
                             tr("acceleration of the chassis along the vehicle y axis, positive left"), tr("lat. accel")};
    XYKindDef def;
    switch (selection.kind) {
    case XYKind::GG:
        def.x = latAccel;
        def.y = {tr("Longitudinal acceleration"), tr("+ forward"), "longAccel", "m/s²", true,
                 tr("acceleration of the chassis along the vehicle x axis, positive forward"), tr("long. accel")};
        def.equalAspect = true;
        break;
    case XYKind::Handling:
        def.x = latAccel;
        def.y = {tr("Front steer angle"), tr("+ left"), "steerAngle", "rad", false,
                 tr("mean steer angle of the front wheels (FL, FR), incl. Ackermann and toe"), tr("steer")};
        break;
    case XYKind::FrictionCircles:
        def.x = {tr("Lateral force / (μ·load)"), tr("+ left"), "normLatForce", "1", false,
                 tr("normLatForce: lateral tire force over friction × filtered load"), tr("lat. force/(μ·load)")};
        def.y = {tr("Longitudinal force / (μ·load)"), tr("+ driving"), "normLongForce", "1", false,
                 tr("normLongForce: longitudinal tire force over friction × filtered load"), tr("long. force/(μ·load)")};
        def.equalAspect = true;
        def.series = std::max(1, std::min(wheelCount, kMaxWheels));
        break;
    case XYKind::RevsVsSpeed:
        def.x = {tr("Forward speed"), {}, "forwardSpeed", "m/s", false, tr("chassis velocity along the vehicle x axis"), tr("speed")};
        def.y = {tr("Engine speed"), {}, "engineOmega", "rad/s", false, tr("engine rotation speed"), tr("revs")};
        break;
    case XYKind::Channels:
        def.x = columnAxis(selection.x);
        def.y = columnAxis(selection.y);
        break;
    }
    return def;
}

QPointF xyValue(const XYSelection& selection, const telemetry::Frame& f, int series)
{
    switch (selection.kind) {
    case XYKind::GG: return {f.vehicle(VehicleChannel::LatAccel), f.vehicle(VehicleChannel::LongAccel)};
    case XYKind::Handling: {
        const int n = f.wheelCount();
        const double steer = n >= 2 ? 0.5 * (f.wheel(WheelChannel::SteerAngle, 0) + f.wheel(WheelChannel::SteerAngle, 1))
                             : n == 1 ? f.wheel(WheelChannel::SteerAngle, 0)
                                      : 0.0;
        return {f.vehicle(VehicleChannel::LatAccel), steer};
    }
    case XYKind::FrictionCircles: {
        const int w = std::clamp(series, 0, kMaxWheels - 1);
        return {f.wheel(WheelChannel::NormLatForce, w), f.wheel(WheelChannel::NormLongForce, w)};
    }
    case XYKind::RevsVsSpeed:
        return {f.vehicle(VehicleChannel::ForwardSpeed), f.vehicle(VehicleChannel::EngineOmega)};
    case XYKind::Channels: return {f.value(selection.x), f.value(selection.y)};
    }
    return {};
}

QPointF xyValue(const XYSelection& selection, const sim::TelemetryTrack& track, std::size_t i, int series)
{
    const auto at = [&](VehicleChannel c) { return track.value(i, Column::of(c)); };
    const auto wheel = [&](WheelChannel c, int w) { return track.value(i, Column::of(c, w)); };
    switch (selection.kind) {
    case XYKind::GG: return {at(VehicleChannel::LatAccel), at(VehicleChannel::LongAccel)};
    case XYKind::Handling: {
        const int n = track.wheelCount();
        const double steer = n >= 2 ? 0.5 * (wheel(WheelChannel::SteerAngle, 0) + wheel(WheelChannel::SteerAngle, 1))
                             : n == 1 ? wheel(WheelChannel::SteerAngle, 0)
                                      : 0.0;
        return {at(VehicleChannel::LatAccel), steer};
    }
    case XYKind::FrictionCircles: {
        const int w = std::clamp(series, 0, kMaxWheels - 1);
        return {wheel(WheelChannel::NormLatForce, w), wheel(WheelChannel::NormLongForce, w)};
    }
    case XYKind::RevsVsSpeed: return {at(VehicleChannel::ForwardSpeed), at(VehicleChannel::EngineOmega)};
    case XYKind::Channels: return {track.value(i, selection.x), track.value(i, selection.y)};
    }
    return {};
}

double revsPerSpeed(const VehicleConfig& config, int gearIndex)
{
    if (config.drive.type == DriveType::None)
        return 0.0;
    return sim::totalGearRatio(config.drive.gears, gearIndex) * alphaOverRadius(config);
}

std::vector<QPointF> frictionLimit(const TireData& tire)
{
    std::vector<QPointF> out;
    for (const auto& [lateral, longitudinal] : sim::tireFrictionEnvelope(tire))
        out.emplace_back(lateral, longitudinal);
    return out;
}

XYVehicleInfo xyVehicleInfo(const VehicleConfig& config)
{
    XYVehicleInfo info;
    info.wheelCount = static_cast<int>(std::min<std::size_t>(config.wheels.size(), kMaxWheels));
    info.hasEngine = config.drive.type != DriveType::None;
    info.maxOmega = config.drive.engine.maxOmega;
    if (info.hasEngine) {
        const std::vector<double>& ratios = config.drive.gears.ratios;
        for (int g = 0; g < static_cast<int>(ratios.size()); ++g) {
            if (g == kNeutralGearIndex)
                continue;
            const int shown = sim::displayGear(g);
            info.gears.push_back({shown < 0 ? tr("R") : QString::number(shown), revsPerSpeed(config, g)});
        }
    }
    for (int w = 0; w < info.wheelCount; ++w)
        info.frictionLimits.push_back(frictionLimit(config.wheels[std::size_t(w)].tire));
    return info;
}

}  // namespace jounce::widgets
