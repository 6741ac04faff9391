#include "config/ModelGenerationChange.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace jounce {
namespace {

std::string millimetres(double metres)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f mm", metres * 1000.0);
    return buf;
}

std::string rate(double newtonsPerMetre)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f N/m", newtonsPerMetre);
    return buf;
}

/// "wheels[0,1]" for the wheels in `ids`, "wheels[*]" for all of them.
std::string wheelSubject(const std::vector<std::size_t>& ids, std::size_t wheelCount)
{
    if (ids.size() == wheelCount && wheelCount > 1)
        return "wheels[*]";
    std::string out = "wheels[";
    for (std::size_t k = 0; k < ids.size(); ++k)
        out += (k ? "," : "") + std::to_string(ids[k]);
    return out + "]";
}

std::string springText(const WheelConfig& w, ModelGenerationKind from, ModelGenerationKind to)
{
    const double shift = restJounce(w, to) - restJounce(w, from);
    if (std::abs(shift) < 1e-4)
        return {};
    const SuspensionData& s = w.suspension;
    std::string text = "the wheel rests " + millimetres(std::abs(shift)) + (shift > 0.0 ? " higher" : " lower") +
                       " in the body (the chassis sits that much " + (shift > 0.0 ? "lower" : "higher") + "): ";
    text += to == ModelGenerationKind::Physx5
                ? "PhysX 5's spring is unloaded at full droop and carries m_s·g at m_s·g/k above it, PhysX 4.1's "
                  "is preloaded to carry m_s·g at the rest pose"
                : "PhysX 4.1's spring is preloaded to carry m_s·g at the rest pose, PhysX 5's is unloaded at full droop";
    if (to == ModelGenerationKind::Physx5 && s.maxDroop > 0.0)
        text += "; a spring rate of " + rate(s.sprungMass * kGravity / s.maxDroop) + " keeps the rest pose";
    if (to == ModelGenerationKind::Physx5 && s.sprungMass * kGravity / s.springStrength > s.maxDroop + s.maxCompression)
        text += "; the spring is too soft to hold the car off the bump stop";
    return text;
}

/// vehicle-model-physx5.md P3: the chassis height each spring law rests a wheel at; wheels with the
/// same figures share a line.
void springDifferences(const VehicleConfig& v, ModelGenerationKind to, std::vector<GenerationDifference>& out)
{
    std::vector<std::string> texts(v.wheels.size());
    for (std::size_t i = 0; i < v.wheels.size(); ++i)
        texts[i] = springText(v.wheels[i], v.simulation.model, to);
    std::vector<bool> done(v.wheels.size(), false);
    for (std::size_t i = 0; i < v.wheels.size(); ++i) {
        if (done[i] || texts[i].empty())
            continue;
        std::vector<std::size_t> ids;
        for (std::size_t j = i; j < v.wheels.size(); ++j)
            if (!done[j] && texts[j] == texts[i]) {
                ids.push_back(j);
                done[j] = true;
            }
        out.push_back({wheelSubject(ids, v.wheels.size()) + ".suspension", texts[i]});
    }
}

void drivetrainDifferences(const VehicleConfig& v, std::vector<GenerationDifference>& out)
{
    const DriveType d = v.drive.type;
    if (d == DriveType::FourWheel || d == DriveType::NWheel)
        out.push_back({"drive.gears.switchTime",
                       "PhysX 5 decides a shift once per update and advances the switch timer by every sub-step; the "
                       "autobox cuts the throttle during the change and leaves neutral for first at once. PhysX 4.1 "
                       "advances the change once per update: shift points and times move by up to a frame"});
    if (d == DriveType::FourWheel && (v.drive.differential4W.type == DifferentialType::LS_4WD ||
                                      v.drive.differential4W.type == DifferentialType::OPEN_4WD))
        out.push_back({"drive.differential.type",
                       "PhysX 4.1 drives only the front wheels while the handbrake is on; PhysX 5's handbrake is a "
                       "brake and nothing else, so a handbrake turn keeps all four wheels driven"});
}

}  // namespace

std::string_view modelGenerationName(ModelGenerationKind kind) noexcept
{
    return kind == ModelGenerationKind::Physx5 ? "physx5" : "physx41";
}

std::string_view modelGenerationTitle(ModelGenerationKind kind) noexcept
{
    return kind == ModelGenerationKind::Physx5 ? "PhysX 5" : "PhysX 4.1";
}

double restJounce(const WheelConfig& wheel, ModelGenerationKind kind) noexcept
{
    if (kind == ModelGenerationKind::Physx41)
        return 0.0;
    const SuspensionData& s = wheel.suspension;
    if (!(s.springStrength > 0.0))
        return s.maxCompression;
    return std::clamp(s.sprungMass * kGravity / s.springStrength - s.maxDroop, -s.maxDroop, s.maxCompression);
}

std::vector<GenerationDifference> generationDifferences(const VehicleConfig& v, ModelGenerationKind to)
{
    std::vector<GenerationDifference> out;
    if (to == v.simulation.model)
        return out;
    springDifferences(v, to, out);
    out.push_back({"wheels[*].tire",
                   "sticky tires: PhysX 5 holds a stopped wheel only while a brake is applied, and pulls it toward "
                   "rest as a damped acceleration, so the last metres of a stop take longer; PhysX 4.1 holds any "
                   "stopped wheel without drive intent with a rigid row"});
    out.push_back({"simulation.minLongSlipDenominator",
                   "longitudinal slip: PhysX 5 divides by the contact's forward speed plus an offset, PhysX 4.1 by "
                   "the larger of that speed and the wheel's rim speed; slips and forces of spinning or locked "
                   "wheels differ, most at low speed"});
    drivetrainDifferences(v, out);
    const bool camberThrust = std::any_of(v.wheels.begin(), v.wheels.end(), [](const WheelConfig& w) {
        return w.tire.physx() && w.tire.physx()->camberStiffnessPerUnitGravity > 0.0;
    });
    if (camberThrust)
        out.push_back({"wheels[*].tire.camberStiffnessPerUnitGravity",
                       "camber: PhysX 5 measures the wheel's lean from the ground, body roll included, and adds it to "
                       "the lateral slip; PhysX 4.1 subtracts the suspension's camber: the camber thrust pushes the "
                       "other way and grows with roll"});
    out.push_back({"wheels[*].geometry",
                   "ground contact: PhysX 5 sweeps the wheel cylinder and meets a slope or kerb with the rim's edge, "
                   "PhysX 4.1 casts one ray down the strut; the two agree on level ground"});
    out.push_back({"simulation.lowForwardSpeedSubStepCount",
                   "stepping: PhysX 5 integrates gravity in every sub-step and picks the sub-step count from the "
                   "signed forward speed (a car reversing fast gets the low-speed count); PhysX 4.1 applies gravity "
                   "once per step and uses the speed's magnitude"});
    return out;
}

}  // namespace jounce
