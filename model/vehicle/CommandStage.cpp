#include "vehicle/CommandStage.h"

#include "vehicle/Camber.h"
#include "vehicle/Steering.h"

#include <algorithm>

namespace jounce::sim {

UpdateCommands readCommands(const VehicleConfig& c, const VehicleInputs& in) noexcept
{
    const bool tank = c.drive.type == DriveType::Tank;
    const bool special = c.drive.tankDriveModel == TankDriveModel::Special;
    UpdateCommands out;
    out.accelIn = std::clamp(in.accel, 0.0, 1.0);
    out.accel = out.accelIn;
    out.brake = tank ? 0.0 : std::clamp(in.brake, 0.0, 1.0);
    out.handbrake = tank ? 0.0 : std::clamp(in.handbrake, 0.0, 1.0);
    out.steer = std::clamp(in.steer, -1.0, 1.0);
    out.thrustLeft = std::clamp(in.thrustLeft, special ? -1.0 : 0.0, 1.0);
    out.thrustRight = std::clamp(in.thrustRight, special ? -1.0 : 0.0, 1.0);
    out.brakeLeft = std::clamp(in.brakeLeft, 0.0, 1.0);
    out.brakeRight = std::clamp(in.brakeRight, 0.0, 1.0);
    return out;
}

std::array<double, kMaxWheels> steerAngles(const VehicleConfig& c, const VehicleInputs& in, double steer,
                                           std::span<const double> lastJounce) noexcept
{
    const std::size_t n = c.wheels.size();
    std::array<double, kMaxWheels> delta{};
    switch (c.drive.type) {
    case DriveType::FourWheel: {
        std::array<double, 4> maxSteer{}, toe{};
        for (std::size_t i = 0; i < 4; ++i) {
            maxSteer[i] = c.wheels[i].wheel.maxSteer;
            toe[i] = wheelToe(c.wheels[i], lastJounce[i]);
        }
        const std::array<double, 4> s4 = ackermannSteer4W(c.drive.ackermann, steer, maxSteer, toe);
        std::copy(s4.begin(), s4.end(), delta.begin());
        for (std::size_t i = 4; i < n; ++i)
            delta[i] = wheelToe(c.wheels[i], lastJounce[i]);
        break;
    }
    case DriveType::NWheel:
        for (std::size_t i = 0; i < n; ++i)
            delta[i] = steerAngleNW(steer, c.wheels[i].wheel.maxSteer, wheelToe(c.wheels[i], lastJounce[i]));
        break;
    case DriveType::None:
        for (std::size_t i = 0; i < n; ++i)
            delta[i] = in.steerAngle[i];
        break;
    case DriveType::Tank: break;
    }
    return delta;
}

}  // namespace jounce::sim
