#include "run/UnknownSurfaces.h"

#include "run/Simulation.h"

namespace jounce::sim {

std::string unknownSurfacesNote(const std::vector<std::string>& touched, const VehicleConfig& vehicle)
{
    if (touched.empty())
        return {};
    std::string names;
    for (const std::string& n : touched)
        names += (names.empty() ? "" : ", ") + n;
    const std::vector<std::string>& types = vehicle.surfaces.surfaceTypes;
    const std::string asType = types.empty() ? "surface type 0" : types.front() + " (its surface type 0)";
    return names + ": not in the vehicle's friction table, driven as " + asType;
}

std::string unknownSurfacesNote(const Simulation& simulation)
{
    return unknownSurfacesNote(simulation.vehicle().unknownSurfacesTouched(), simulation.config());
}

}  // namespace jounce::sim
