#include "analysis/DerivedQuantities.h"

#include "config/TuningGuide.h"
#include "config/WheelLink.h"
#include "vehicle/Engine.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace jounce::sim {
namespace {

using Value = std::optional<double>;

struct Axles {
    std::vector<bool> front;
    bool hasFront = false;
    bool hasRear = false;
};

Axles axlesOf(const VehicleConfig& v)
{
    Axles a;
    a.front = frontWheels(v);
    for (bool f : a.front)
        (f ? a.hasFront : a.hasRear) = true;
    return a;
}

/// Mean of f over the wheels of one group, or nullopt when the group is empty or f undefined.
Value groupMean(const VehicleConfig& v, const std::vector<bool>& front, bool wantFront,
                const std::function<double(const WheelConfig&)>& f)
{
    double sum = 0.0;
    int n = 0;
    for (std::size_t i = 0; i < v.wheels.size(); ++i) {
        if (front[i] != wantFront)
            continue;
        const double x = f(v.wheels[i]);
        if (!std::isfinite(x))
            return std::nullopt;
        sum += x;
        ++n;
    }
    return n > 0 ? Value(sum / n) : std::nullopt;
}

double sprungMassOn(const VehicleConfig& v, const std::vector<bool>& front, bool wantFront)
{
    double m = 0.0;
    for (std::size_t i = 0; i < v.wheels.size(); ++i)
        if (front[i] == wantFront)
            m += v.wheels[i].suspension.sprungMass;
    return m;
}

bool hasEngine(const VehicleConfig& v)
{
    return v.drive.type != DriveType::None;
}

}  // namespace

std::vector<bool> frontWheels(const VehicleConfig& vehicle)
{
    return config::frontWheels(vehicle);
}

double rollStiffness(const VehicleConfig& v, const std::vector<bool>& inGroup)
{
    double k = 0.0;
    for (std::size_t i = 0; i < v.wheels.size(); ++i) {
        if (!inGroup[i])
            continue;
        const WheelConfig& w = v.wheels[i];
        k += w.suspension.springStrength * w.geometry.wheelCentreOffset.y * w.geometry.suspForceAppPointOffset.y;
    }
    for (const AntiRollBarConfig& bar : v.antiRollBars) {
        const auto a = static_cast<std::size_t>(bar.wheel0);
        const auto b = static_cast<std::size_t>(bar.wheel1);
        if (a >= v.wheels.size() || b >= v.wheels.size() || !inGroup[a] || !inGroup[b])
            continue;
        const WheelGeometry& ga = v.wheels[a].geometry;
        const WheelGeometry& gb = v.wheels[b].geometry;
        k += bar.stiffness * (ga.wheelCentreOffset.y - gb.wheelCentreOffset.y) *
             (ga.suspForceAppPointOffset.y - gb.suspForceAppPointOffset.y);
    }
    return k;
}

double peakPower(const EngineData& engine, bool gross)
{
    // The curve is piecewise linear in ω/ω_max and the damping linear in ω, so power is piecewise
    // quadratic: 2000 samples put the maximum within 0.0001 % of the exact vertex for any curve the
    // editor allows.
    const double damping = gross ? 0.0 : engine.dampingRateFullThrottle;
    double best = 0.0;
    constexpr int kSamples = 2000;
    for (int i = 0; i <= kSamples; ++i) {
        const double omega = engine.maxOmega * i / kSamples;
        best = std::max(best, (engine.peakTorque * sim::engineTorqueCurve(engine, omega) - damping * omega) * omega);
    }
    return best;
}

std::optional<double> drivenWheelRadius(const VehicleConfig& v)
{
    std::vector<std::size_t> driven;
    switch (v.drive.type) {
    case DriveType::FourWheel:
        for (std::size_t i = 0; i < std::min<std::size_t>(4, v.wheels.size()); ++i)
            driven.push_back(i);
        break;
    case DriveType::NWheel:
        for (int i : v.drive.differentialNW.drivenWheels)
            if (i >= 0 && static_cast<std::size_t>(i) < v.wheels.size())
                driven.push_back(static_cast<std::size_t>(i));
        break;
    case DriveType::Tank:
        for (std::size_t i = 0; i < v.wheels.size(); ++i)
            driven.push_back(i);
        break;
    case DriveType::None:
        break;
    }
    if (driven.empty())
        return std::nullopt;
    double sum = 0.0;
    for (std::size_t i : driven)
        sum += v.wheels[i].wheel.radius;
    return sum / static_cast<double>(driven.size());
}

namespace {

/// The rows being derived: each row holds one value per vehicle (nullopt when not finite).
class RowTable {
public:
    explicit RowTable(std::span<const VehicleConfig* const> vehicles) : vehicles_(vehicles) {}

    std::span<const VehicleConfig* const> vehicles() const { return vehicles_; }

    void add(std::string id, std::string label, std::string unit, std::string meaning,
             const std::function<Value(const VehicleConfig&)>& f)
    {
        DerivedRow row{std::move(id), std::move(label), std::move(unit), std::move(meaning), {}, false};
        for (const VehicleConfig* v : vehicles_) {
            Value x = f(*v);
            row.values.push_back(x && std::isfinite(*x) ? x : std::nullopt);
        }
        rows_.push_back(std::move(row));
    }

    std::vector<DerivedRow> take() { return std::move(rows_); }

private:
    std::span<const VehicleConfig* const> vehicles_;
    std::vector<DerivedRow> rows_;
};

/// Front and rear weight shares from the sprung masses.
void addWeightRows(RowTable& table)
{
    const auto weightShare = [](bool front) {
        return [front](const VehicleConfig& v) -> Value {
            const Axles a = axlesOf(v);
            const double total = sprungMassOn(v, a.front, true) + sprungMassOn(v, a.front, false);
            if (!(total > 0))
                return std::nullopt;
            return 100.0 * sprungMassOn(v, a.front, front) / total;
        };
    };
    table.add("frontWeight", "front weight share", "%",
              "sprung mass on the wheels ahead of the centre of mass over the total sprung mass (suspension.sprungMass)",
              weightShare(true));
    table.add("rearWeight", "rear weight share", "%", "sprung mass on the other wheels over the total sprung mass",
              weightShare(false));
}

/// Natural frequency and damping ratio per axle group.
void addRideRows(RowTable& table)
{
    for (const bool front : {true, false}) {
        const std::string axle = front ? "Front" : "Rear";
        const std::string axleText = front ? "front" : "rear";
        table.add("naturalFrequency" + axle, axleText + " natural frequency", "Hz",
                  "sqrt(k / m_s) / 2π, mean over the " + axleText + " wheels (vehicle model §1.3; the guide wants 1.5-2 Hz for a car)",
                  [front](const VehicleConfig& v) {
                      return groupMean(v, frontWheels(v), front, [](const WheelConfig& w) {
                          return guide::naturalFrequencyHz(w.suspension.springStrength, w.suspension.sprungMass);
                      });
                  });
        table.add("dampingRatio" + axle, axleText + " damping ratio", "1",
                  "c / (2 sqrt(k m_s)), mean over the " + axleText + " wheels (vehicle model §1.3; the guide wants 0.25-0.6)",
                  [front](const VehicleConfig& v) {
                      return groupMean(v, frontWheels(v), front, [](const WheelConfig& w) {
                          return guide::dampingRatio(w.suspension.springDamperRate, w.suspension.springStrength,
                                                     w.suspension.sprungMass);
                      });
                  });
    }
}

/// The front share of the roll stiffness and the total.
void addRollRows(RowTable& table)
{
    const auto rollShare = [](const VehicleConfig& v) -> Value {
        const Axles a = axlesOf(v);
        if (!a.hasFront || !a.hasRear)
            return std::nullopt;
        std::vector<bool> rear(a.front.size());
        std::transform(a.front.begin(), a.front.end(), rear.begin(), [](bool f) { return !f; });
        const double kf = rollStiffness(v, a.front);
        const double kr = rollStiffness(v, rear);
        if (!(kf + kr > 0))
            return std::nullopt;
        return 100.0 * kf / (kf + kr);
    };
    table.add("rollStiffnessFront", "front roll stiffness share", "%",
              "front share of the roll stiffness from springs and anti-roll bars (vehicle model §1.4, §2.13); more front "
              "share: more understeer, but the share of rollTorque bars (PhysX's) moves no load and no balance (§2.13.1)",
              rollShare);
    table.add("rollStiffnessTotal", "roll stiffness", "N m/deg",
              "springs Σ k·y·l plus bars K·Δy·Δl over all wheels, per degree of roll", [](const VehicleConfig& v) -> Value {
                  return rollStiffness(v, std::vector<bool>(v.wheels.size(), true)) * kPi / 180.0;
              });
}

/// Peak engine power and power to weight.
void addPowerRows(RowTable& table)
{
    // Net of the engine's full-throttle damping, which the engine pays before the clutch (a
    // hatchback's 0.1 N m s/rad at 400 rad/s takes 40 of its 150 N m): what the car can use.
    table.add("peakPower", "peak engine power", "kW",
              "max of (T_peak·curve(ω/ω_max) − dampingRateFullThrottle·ω)·ω: net of the engine's damping (vehicle model §2.18)",
              [](const VehicleConfig& v) -> Value {
                  return hasEngine(v) ? Value(peakPower(v.drive.engine) / 1000.0) : std::nullopt;
              });
    table.add("grossPeakPower", "peak engine power, torque curve alone", "kW",
              "max of T_peak·curve(ω/ω_max)·ω: before the engine's damping (vehicle model §2.18)",
              [](const VehicleConfig& v) -> Value {
                  return hasEngine(v) ? Value(peakPower(v.drive.engine, true) / 1000.0) : std::nullopt;
              });
    table.add("powerToWeight", "power to weight", "W/kg", "peak engine power (net of its damping) over chassis.mass",
              [](const VehicleConfig& v) -> Value {
                  return hasEngine(v) && v.chassis.mass > 0 ? Value(peakPower(v.drive.engine) / v.chassis.mass)
                                                            : std::nullopt;
              });
}

/// Overall ratio and rev-limited top speed of every gear any vehicle has (neutral left out).
void addGearRows(RowTable& table)
{
    std::size_t gears = 0;
    for (const VehicleConfig* v : table.vehicles())
        if (hasEngine(*v))
            gears = std::max(gears, v->drive.gears.ratios.size());
    for (std::size_t g = 0; g < gears; ++g) {
        if (g == static_cast<std::size_t>(kNeutralGearIndex))
            continue;
        const std::string name = g == static_cast<std::size_t>(kReverseGearIndex)
                                     ? std::string("reverse")
                                     : "gear " + std::to_string(g - static_cast<std::size_t>(kNeutralGearIndex));
        const std::string key = g == static_cast<std::size_t>(kReverseGearIndex)
                                    ? std::string("Reverse")
                                    : "Gear" + std::to_string(g - static_cast<std::size_t>(kNeutralGearIndex));
        const auto overall = [g](const VehicleConfig& v) -> Value {
            if (!hasEngine(v) || g >= v.drive.gears.ratios.size())
                return std::nullopt;
            return v.drive.gears.ratios[g] * v.drive.gears.finalRatio;
        };
        table.add("overallRatio" + key, "overall ratio, " + name, "1",
                  "gears.ratios[" + std::to_string(g) + "] · finalRatio",  // path-check: prose
                  overall);
        table.add("topSpeed" + key, "top speed in " + name, "km/h",
                  "rev-limited road speed: maxOmega · driven wheel radius / overall ratio (no drag in the model)",
                  [overall](const VehicleConfig& v) -> Value {
                      const Value ratio = overall(v);
                      const std::optional<double> radius = drivenWheelRadius(v);
                      if (!ratio || !radius || *ratio == 0.0)
                          return std::nullopt;
                      return std::fabs(v.drive.engine.maxOmega * *radius / *ratio) * 3.6;
                  });
    }
}

/// Marks the rows whose values are not all alike (present in some vehicles only, or 1e-9 apart).
void markDifferences(std::vector<DerivedRow>& rows)
{
    for (DerivedRow& row : rows) {
        for (const Value& x : row.values) {
            const Value& a = row.values.front();
            if (x.has_value() != a.has_value())
                row.differs = true;
            else if (x && std::fabs(*x - *a) > 1e-9 * std::max(std::fabs(*x), std::fabs(*a)))
                row.differs = true;
        }
    }
}

}  // namespace

std::vector<DerivedRow> deriveQuantities(std::span<const VehicleConfig* const> vehicles)
{
    RowTable table(vehicles);
    addWeightRows(table);
    addRideRows(table);
    addRollRows(table);
    addPowerRows(table);
    addGearRows(table);
    std::vector<DerivedRow> rows = table.take();
    markDifferences(rows);
    return rows;
}

}  // namespace jounce::sim
