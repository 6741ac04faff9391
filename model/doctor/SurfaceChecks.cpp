// Static check of the surface friction table (vehicle-model §1.15).

#include "StaticCheckParts.h"

#include "json/NumberText.h"

namespace jounce::doctor::checks {
namespace {

using json::text::num;

/// §1.15: values above 1 are allowed for grippy tires; above 2 is more than any tire on any road.
constexpr double kMaxFriction = 2.0;

}  // namespace

void checkFriction(const VehicleConfig& c, std::vector<Finding>& out)
{
    const SurfacesConfig& s = c.surfaces;
    Finding f;
    f.id = "surfaces.friction";
    f.severity = Severity::Warning;
    f.guideSection = "§1.15 PxVehicleDrivableSurfaceToTireFrictionPairs";
    std::string list;
    for (std::size_t i = 0; i < s.friction.size(); ++i)
        for (std::size_t j = 0; j < s.friction[i].size(); ++j)
            if (s.friction[i][j] > kMaxFriction) {
                f.parameters.push_back(param::surfaces::friction(i, j));
                const std::string tire = j < s.tireTypes.size() ? s.tireTypes[j] : "tire " + std::to_string(j);
                const std::string surface = i < s.surfaceTypes.size() ? s.surfaceTypes[i] : "surface " + std::to_string(i);
                list += (list.empty() ? "" : ", ") + tire + " on " + surface + " " + num(s.friction[i][j]);
            }
    if (f.parameters.empty())
        return;
    f.reason = "friction above 2 (" + list +
               "): more than twice the grip of a good tire on dry tarmac; the guide allows values above 1 for grippy "
               "tires, but this looks like a slip of the keyboard or a percentage";
    out.push_back(std::move(f));
}

}  // namespace jounce::doctor::checks
