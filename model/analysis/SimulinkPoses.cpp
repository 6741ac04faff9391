#include "analysis/SimulinkPoses.h"

#include "vehicle/Vehicle.h"
#include "telemetry/Channels.h"

#include <charconv>
#include <cmath>

namespace jounce::sim {
namespace {

void put(std::ostream& out, double v)
{
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.write(buf, r.ptr - buf);
}

}  // namespace

ActorTransform simulinkVehicle(const Vec3& position, double roll, double pitch, double yaw) noexcept
{
    ActorTransform t;
    t.translation = {position.x, -position.y, position.z};
    t.rotation = {-pitch, roll, -yaw};
    return t;
}

ActorTransform simulinkWheel(const Vec3& centre, double steer, double camber, double spin) noexcept
{
    ActorTransform t;
    t.translation = {centre.x, -centre.y, centre.z};
    t.rotation = {-spin, camber, -steer};
    return t;
}

PoseFrame simulinkPoses(const Vehicle& vehicle, double time)
{
    PoseFrame f;
    f.time = time;
    const btTransform t = vehicle.chassisTransform();
    btScalar yaw, pitch, roll;
    t.getBasis().getEulerZYX(yaw, pitch, roll);
    const btVector3& o = t.getOrigin();
    f.vehicle = simulinkVehicle({o.x(), o.y(), o.z()}, roll, pitch, yaw);
    const VehicleConfig& c = vehicle.config();
    const std::vector<WheelResult>& wheels = vehicle.wheels();
    for (std::size_t i = 0; i < wheels.size() && i < c.wheels.size(); ++i) {
        const WheelResult& w = wheels[i];
        const WheelGeometry& g = c.wheels[i].geometry;
        // The wheel centre moves against the suspension travel direction as the jounce grows.
        const Vec3 centre{g.wheelCentreOffset.x - g.suspTravelDirection.x * w.jounce,
                          g.wheelCentreOffset.y - g.suspTravelDirection.y * w.jounce,
                          g.wheelCentreOffset.z - g.suspTravelDirection.z * w.jounce};
        f.wheels.push_back(simulinkWheel(centre, w.steerAngle, w.camber, w.rotationAngle));
    }
    return f;
}

void writePoseCsvHeader(std::ostream& out)
{
    out << "time,actor,X,Y,Z,pitch,roll,yaw,scaleX,scaleY,scaleZ\n";
}

void writePoseCsvRows(std::ostream& out, const PoseFrame& frame)
{
    const auto row = [&](const std::string& actor, const ActorTransform& t) {
        put(out, frame.time);
        out << ',' << actor;
        for (const std::array<double, 3>* a : {&t.translation, &t.rotation, &t.scale})
            for (double v : *a) {
                out << ',';
                put(out, v);
            }
        out << '\n';
    };
    row("vehicle", frame.vehicle);
    for (std::size_t i = 0; i < frame.wheels.size(); ++i)
        row(telemetry::wheelLabel(static_cast<int>(i)), frame.wheels[i]);
}

}  // namespace jounce::sim
