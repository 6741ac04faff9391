#include "vehicle/physx5/Physx5Trace.h"

#include "exchange/physx5/Physx5Json.h"
#include "world/PlaneGround.h"
#include "world/World.h"

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace jounce::test {
namespace {

const std::string kData = std::string(JOUNCE_SOURCE_DIR) + "/tests/vehicle/physx5/data/";

/// Jounce orders wheels front to back, left before right; NVIDIA's ids put the right wheel first.
constexpr std::array<std::size_t, 4> kJounceWheelOfId{1, 0, 3, 2};

/// The snippet's centre of mass in its actor frame, (0, 0.55, 1.594), in Jounce's axes.
const btVector3 kActorToCom(1.594, 0.0, 0.55);

std::vector<std::string> split(const std::string& line)
{
    std::vector<std::string> out;
    std::stringstream in(line);
    for (std::string cell; std::getline(in, cell, ',');)
        out.push_back(cell);
    return out;
}

TraceRow parseRow(const std::map<std::string, std::size_t>& column, const std::vector<std::string>& cells)
{
    auto at = [&](const std::string& name) { return std::stod(cells.at(column.at(name))); };
    TraceRow r;
    r.time = at("time");
    r.posX = at("pos_x");
    r.posZ = at("pos_z");
    r.heading = 2.0 * std::atan2(at("quat_y"), at("quat_w"));
    r.forwardSpeed = at("forward_speed");
    r.yawRate = at("yaw_rate");
    r.gear = static_cast<int>(at("gear"));
    r.accel = at("in_accel");
    r.brake = at("in_brake");
    r.handbrake = at("in_handbrake");
    r.steer = at("in_steer");
    for (std::size_t i = 0; i < 4; ++i) {
        r.jounce[i] = at("jounce_w" + std::to_string(i));
        r.wheelOmega[i] = at("wheel_omega_w" + std::to_string(i));
    }
    return r;
}

TraceRow jounceRow(const sim::Vehicle& v, double time)
{
    TraceRow r;
    r.time = time;
    const btTransform com = v.body().getCenterOfMassTransform();
    const btVector3 actor = com.getOrigin() - quatRotate(com.getRotation(), kActorToCom);
    r.posX = actor.y();
    r.posZ = actor.x();
    btScalar yaw, pitch, roll;
    com.getBasis().getEulerZYX(yaw, pitch, roll);
    r.heading = yaw;
    r.forwardSpeed = v.localVelocity().x();
    r.yawRate = quatRotate(com.getRotation().inverse(), v.body().getAngularVelocity()).z();
    r.gear = v.drive().gear + kNeutralGearIndex;
    for (std::size_t id = 0; id < 4; ++id) {
        const std::size_t j = kJounceWheelOfId[id];
        r.jounce[id] = v.wheels()[j].jounce + v.config().wheels[j].suspension.maxDroop;
        r.wheelOmega[id] = v.wheels()[j].wheelOmega;
    }
    return r;
}

}  // namespace

Trace readTrace(const std::string& name)
{
    std::ifstream file(kData + name + ".csv");
    if (!file)
        throw std::runtime_error("no trace " + name);
    std::string line;
    std::getline(file, line);
    std::map<std::string, std::size_t> column;
    const std::vector<std::string> header = split(line);
    for (std::size_t i = 0; i < header.size(); ++i)
        column[header[i]] = i;
    Trace trace;
    while (std::getline(file, line))
        if (!line.empty())
            trace.push_back(parseRow(column, split(line)));
    return trace;
}

VehicleConfig snippetCar()
{
    const exchange::ImportResult imported =
        exchange::importPhysx5Files(kData + "Base.json", kData + "EngineDrive.json");
    if (!imported.ok())
        throw std::runtime_error("NVIDIA's snippet car did not import");
    return imported.vehicle;
}

Trace driveLikeTrace(const VehicleConfig& car, const Trace& reference, double spawnRaise)
{
    sim::World world(std::make_shared<sim::PlaneGround>());
    sim::Vehicle& v = world.addVehicle(std::make_shared<VehicleConfig>(car), {});
    // The snippet spawns the centre of mass 0.5 m above the ground, level, facing +z (Jounce's +x).
    const double comAboveOrigin = car.chassis.cmOffset.z;
    v.reset({0.0, 0.0, 0.0, 0.5 - comAboveOrigin - v.restHeight() + spawnRaise});
    const double dt = 1.0 / 60.0;
    Trace out;
    out.push_back(reference.front());
    for (std::size_t k = 1; k < reference.size(); ++k) {
        const TraceRow& ref = reference[k];
        sim::VehicleInputs in;
        in.accel = ref.accel;
        in.brake = ref.brake;
        in.handbrake = ref.handbrake;
        in.steer = ref.steer;
        world.step(dt, std::span<const sim::VehicleInputs>(&in, 1));
        TraceRow row = jounceRow(v, ref.time);
        row.accel = ref.accel;
        row.brake = ref.brake;
        row.handbrake = ref.handbrake;
        row.steer = ref.steer;
        out.push_back(row);
    }
    return out;
}

void writeTrace(const Trace& trace, const std::string& path)
{
    std::ofstream out(path);
    out << "time,pos_x,pos_z,heading,forward_speed,yaw_rate,gear,in_accel,in_brake,in_handbrake,in_steer";
    for (const char* c : {"jounce_w", "wheel_omega_w"})
        for (int i = 0; i < 4; ++i)
            out << ',' << c << i;
    out << '\n';
    for (const TraceRow& r : trace) {
        out << r.time << ',' << r.posX << ',' << r.posZ << ',' << r.heading << ',' << r.forwardSpeed << ',' << r.yawRate
            << ',' << r.gear << ',' << r.accel << ',' << r.brake << ',' << r.handbrake << ',' << r.steer;
        for (double j : r.jounce)
            out << ',' << j;
        for (double w : r.wheelOmega)
            out << ',' << w;
        out << '\n';
    }
}

}  // namespace jounce::test
