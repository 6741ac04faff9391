#pragma once
// The vehicle frame of a foreign file, as PhysX 5 names it: which of the file's signed axes is
// longitudinal (forward), lateral and vertical (up). PhysX 5's JSON numbers the six axes
// (PxVehicleAxes: 0 +x, 1 -x, 2 +y, 3 -y, 4 +z, 5 -z); Omniverse's vehicle context spells them
// "posX" ... "negZ". A legal frame is a rotation, so its lateral axis is up x forward: the left,
// Jounce's +y (docs/physx5-usd.md "Frames and units").

#include "config/VehicleConfig.h"

#include <optional>
#include <string>
#include <string_view>

namespace jounce::exchange {

enum class Axis { PosX = 0, NegX, PosY, NegY, PosZ, NegZ };

/// The axis with this PhysX 5 number (0..5), or nullopt.
std::optional<Axis> axisFromIndex(long long index);
/// "posX" ... "negZ" (Omniverse's vehicle context tokens) and back.
const char* axisToken(Axis axis);
std::optional<Axis> axisFromToken(std::string_view token);

struct AxisFrame {
    Axis lng = Axis::PosX;  ///< forward
    Axis lat = Axis::PosY;  ///< left
    Axis vrt = Axis::PosZ;  ///< up

    /// Jounce's own frame, ISO 8855: x forward, y left, z up.
    static AxisFrame iso() { return {}; }
    /// The frame of NVIDIA's snippets and their vehicle data: y up, z forward, x left.
    static AxisFrame snippet() { return {Axis::PosZ, Axis::PosX, Axis::PosY}; }

    /// The frame with these forward and up axes (lateral = up x forward), or nullopt when they are
    /// not perpendicular.
    static std::optional<AxisFrame> fromForwardUp(Axis forward, Axis up);

    /// "" when the three axes form a rotation, else why not ("LngAxis and VrtAxis are the same
    /// axis", "the axes form a mirror image (left-handed), PhysX needs a rotation").
    std::string problem() const;

    /// A direction or position in the file's axes -> Jounce's (x forward, y left, z up).
    Vec3 toIso(const Vec3& file) const;
    /// Jounce's axes -> the file's.
    Vec3 fromIso(const Vec3& iso) const;
    /// Principal moments (roll, pitch, yaw about Jounce's x, y, z) <-> the file's per-axis moments.
    Vec3 momentsToIso(const Vec3& file) const;
    Vec3 momentsFromIso(const Vec3& iso) const;
};

}  // namespace jounce::exchange
