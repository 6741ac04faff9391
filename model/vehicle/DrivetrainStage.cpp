#include "vehicle/DrivetrainStage.h"

#include "vehicle/Assert.h"
#include "vehicle/Differential.h"
#include "vehicle/DrivetrainSolver.h"
#include "vehicle/Engine.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>
#include <type_traits>

namespace jounce::sim {
namespace {


/// γ: the share of the clutch torque each wheel gets; the 4W differential biases it by the wheel
/// speeds at the start of the sub-step (§2.20), the tank by its thrusts (§2.22).
std::array<double, kMaxWheels> torqueRatios(const VehicleConfig& c, HandbrakeDifferentialRule rule,
                                            const UpdateCommands& cmd, const DriveCoupling& coupling,
                                            std::span<const WheelState> ws) noexcept
{
    std::array<double, kMaxWheels> gamma = coupling.alpha;
    if (c.drive.type == DriveType::FourWheel) {
        const WheelShares4 speeds{ws[0].omega, ws[1].omega, ws[2].omega, ws[3].omega};
        const WheelShares4 g4 = differentialTorqueRatios4W(c.drive.differential4W, cmd.handbrake, speeds, rule);
        std::copy(g4.begin(), g4.end(), gamma.begin());
    } else if (c.drive.type == DriveType::Tank) {
        for (std::size_t i = 0; i < c.wheels.size(); ++i)
            gamma[i] = i % 2 == 0 ? coupling.tank.gammaLeft : coupling.tank.gammaRight;
    }
    return gamma;
}

}  // namespace

WheelBrakes wheelBrakes(const VehicleConfig& c, const VehicleInputs& in, const UpdateCommands& cmd,
                        std::span<const WheelState> ws) noexcept
{
    WheelBrakes brakes{};
    for (std::size_t i = 0; i < c.wheels.size(); ++i) {
        const WheelData& wd = c.wheels[i].wheel;
        if (c.drive.type == DriveType::Tank)
            brakes[i] = tankBrake(ws[i].omega, i % 2 == 0 ? cmd.brakeLeft : cmd.brakeRight, wd.maxBrakeTorque);
        else if (c.drive.type == DriveType::None)
            brakes[i] = brakeFromMagnitude(ws[i].omega, std::max(0.0, in.brakeTorque[i]));
        else
            brakes[i] = driveBrake(ws[i].omega, cmd.brake, cmd.handbrake, wd.maxBrakeTorque, wd.maxHandBrakeTorque);
    }
    return brakes;
}

double solveDrivetrain(const VehicleConfig& c, const ModelGeneration& generation, const VehicleInputs& in,
                       const UpdateCommands& cmd,
                       const DriveCoupling& coupling, double h, std::span<const WheelState> ws,
                       std::span<const double> tireTorque, const WheelBrakes& brakes, DriveState& drive,
                       std::span<double> omegaNew) noexcept
{
    JOUNCE_ASSERT(h > 0.0 && isFinite(h) && c.wheels.size() <= std::size_t(kMaxWheels));
    JOUNCE_ASSERT(ws.size() == c.wheels.size() && tireTorque.size() == c.wheels.size() && omegaNew.size() == c.wheels.size());
    const DriveType type = c.drive.type;
    const std::size_t n = c.wheels.size();
    if (type == DriveType::None) {
        for (std::size_t i = 0; i < n; ++i) {
            const WheelData& wd = c.wheels[i].wheel;
            omegaNew[i] = integrateFreeWheel(ws[i].omega, wd.moi, wd.dampingRate, h, tireTorque[i], brakes[i],
                                             in.driveTorque[i]);
        }
        return 0.0;
    }
    const double engineTorque = engineDriveTorque(c.drive.engine, cmd.accel, drive.engineOmega);
    EngineRow er;
    er.omega = drive.engineOmega;
    er.moi = c.drive.engine.moi;
    er.driveTorque = engineTorque;
    er.dampingRate = engineDampingRate(c.drive.engine, cmd.accel, coupling.neutral);
    er.maxOmega = c.drive.engine.maxOmega;
    const ClutchCoupling clutch{coupling.clutchStrength, coupling.gearRatio};
    const std::array<double, kMaxWheels> gamma = torqueRatios(c, generation.handbrakeRule, cmd, coupling, ws);

    if (type == DriveType::Tank) {
        std::array<TankWheelRow, kMaxWheels> rows{};
        for (std::size_t i = 0; i < n; ++i) {
            const WheelData& wd = c.wheels[i].wheel;
            rows[i].row = {ws[i].omega, wd.moi,      wd.dampingRate, coupling.alpha[i], gamma[i],
                           coupling.gearing[i], tireTorque[i], brakes[i]};
            rows[i].radius = wd.radius;
        }
        drive.engineOmega = solveTankEngineAndWheels(h, clutch, er, std::span<const TankWheelRow>(rows.data(), n),
                                                     omegaNew.first(n));
        return engineTorque;
    }
    const std::size_t driven = type == DriveType::FourWheel ? std::min<std::size_t>(4, n) : n;
    // Room for every wheel's row, but rows made for the driven wheels only: value-initialising all
    // kMaxWheels of them cost more than the rest of this function for a car's four.
    alignas(DriveWheelRow) std::byte storage[sizeof(DriveWheelRow) * kMaxWheels];
    DriveWheelRow* const rows = reinterpret_cast<DriveWheelRow*>(storage);
    for (std::size_t i = 0; i < driven; ++i) {
        const WheelData& wd = c.wheels[i].wheel;
        std::construct_at(rows + i, DriveWheelRow{ws[i].omega, wd.moi, wd.dampingRate, coupling.alpha[i], gamma[i], 1.0,
                                                  tireTorque[i], brakes[i]});
    }
    static_assert(std::is_trivially_destructible_v<DriveWheelRow>, "the rows are never destroyed");
    drive.engineOmega = solveEngineAndWheels(h, c.drive.clutch, clutch, er, std::span<const DriveWheelRow>(rows, driven),
                                             omegaNew.first(driven));
    // U10g: extra 4W wheels roll freely (§2.23).
    for (std::size_t i = driven; i < n; ++i) {
        const WheelData& wd = c.wheels[i].wheel;
        omegaNew[i] = integrateFreeWheel(ws[i].omega, wd.moi, wd.dampingRate, h, tireTorque[i], brakes[i]);
    }
    return engineTorque;
}

void rotateWheels(const VehicleConfig& c, const ModelGeneration& generation, const VehicleInputs& in, const DriveCoupling& coupling,
                  const WheelBrakes& brakes, std::span<const bool> touching, std::span<const double> longSpeed,
                  std::span<const double> omegaNew, double h, std::span<WheelState> wheels) noexcept
{
    JOUNCE_ASSERT(h > 0.0 && wheels.size() == c.wheels.size() && c.wheels.size() <= std::size_t(kMaxWheels));
    for (std::size_t i = 0; i < c.wheels.size(); ++i) {
        WheelState& ws = wheels[i];
        ws.omega = omegaNew[i];
        double omegaVis = ws.omega;
        const bool driven = c.drive.type == DriveType::None ? in.driveTorque[i] != 0.0 : coupling.accelApplied[i];
        if (touching[i] && !brakes[i].applied && !driven && std::fabs(longSpeed[i]) < generation.wheelAngleBlendSpeed) {
            const double lambda = std::fabs(longSpeed[i]) / generation.wheelAngleBlendSpeed;
            omegaVis = longSpeed[i] / c.wheels[i].wheel.radius * (1.0 - lambda) + ws.omega * lambda;
        }
        ws.angle += omegaVis * h;
        if (ws.angle >= generation.wheelAngleWrap)
            ws.angle -= generation.wheelAngleWrap;
        else if (ws.angle <= -generation.wheelAngleWrap)
            ws.angle += generation.wheelAngleWrap;
    }
}

}  // namespace jounce::sim
