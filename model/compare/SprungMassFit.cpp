#include "SprungMassFit.h"

#include "config/ParameterPaths.h"

#include <algorithm>
#include <cmath>

namespace jounce::compare {
namespace {

constexpr double kTolerance = 0.01;

double sprungSum(const VehicleConfig& vehicle)
{
    double sum = 0.0;
    for (const WheelConfig& w : vehicle.wheels)
        sum += w.suspension.sprungMass;
    return sum;
}

/// Sets `path` to `value` in the edit list: the edit already there, else a new one.
void setEdit(config::EditList& edits, const std::string& path, double value)
{
    const auto it = std::find_if(edits.begin(), edits.end(), [&](const config::Edit& e) { return e.path == path; });
    if (it != edits.end())
        it->value = value;
    else
        edits.push_back({path, value});
}

}  // namespace

std::optional<SprungMassMismatch> sprungMassMismatch(const VehicleConfig& target, const CopyResult& copy)
{
    const VehicleConfig& after = copy.config;
    bool changed = after.wheels.size() != target.wheels.size();
    for (std::size_t i = 0; !changed && i < after.wheels.size(); ++i)
        changed = after.wheels[i].suspension.sprungMass != target.wheels[i].suspension.sprungMass;
    const double sum = sprungSum(after), mass = after.chassis.mass;
    if (!changed || !(mass > 0) || std::fabs(sum - mass) <= kTolerance * mass)
        return std::nullopt;
    return SprungMassMismatch{sum, mass};
}

void fitSprungMasses(CopyResult& copy)
{
    const double sum = sprungSum(copy.config);
    if (!(sum > 0) || !(copy.config.chassis.mass > 0))
        return;
    const double scale = copy.config.chassis.mass / sum;
    namespace suspension = config::param::wheels::suspension;
    for (std::size_t i = 0; i < copy.config.wheels.size(); ++i) {
        SuspensionData& s = copy.config.wheels[i].suspension;
        s.sprungMass *= scale;
        s.springStrength *= scale;
        s.springDamperRate *= scale;
        // A copy of values only goes through the edit session as edits: they must say the same.
        if (!copy.edits.empty()) {
            setEdit(copy.edits, suspension::sprungMass(i), s.sprungMass);
            setEdit(copy.edits, suspension::springStrength(i), s.springStrength);
            setEdit(copy.edits, suspension::springDamperRate(i), s.springDamperRate);
        }
    }
}

}  // namespace jounce::compare
