#include "vehicle/GearStage.h"

#include "vehicle/Assert.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

void updateGears(const VehicleConfig& c, const ModelGeneration& generation, const VehicleInputs& in, double dt,
                 UpdateCommands& cmd, DriveState& drive) noexcept
{
    JOUNCE_ASSERT(dt > 0.0 && isFinite(dt));
    const DriveType type = c.drive.type;
    if (type == DriveType::None) {
        cmd.accel = 0.0;
        return;
    }
    const bool tank = type == DriveType::Tank;
    const bool special = c.drive.tankDriveModel == TankDriveModel::Special;
    GearboxState& gearbox = drive.gearbox;
    const int top = static_cast<int>(c.drive.gears.ratios.size()) - 1;
    if (in.forceGear)
        forceGearChange(gearbox, std::clamp(gearIndexFromDisplay(*in.forceGear), 0, top));
    setGearRequests(gearbox, in.gearUp, in.gearDown);
    bool runAutoBox = drive.autoBoxOn;
    if (tank)  // the tank skips the autobox while turning on the spot (§2.17)
        runAutoBox = runAutoBox && !(special ? cmd.thrustLeft * cmd.thrustRight < 0
                                             : (cmd.thrustLeft > 0 && cmd.brakeRight > 0) ||
                                                   (cmd.thrustRight > 0 && cmd.brakeLeft > 0));
    if (generation.gearboxTiming == GearboxTiming::PerSubStep && !tank) {
        // PhysX 5: the command is answered here; the change advances in the sub-steps.
        cmd.accel = updateGearCommandPhysx5(gearbox, c.drive.gears, c.drive.autoBox, c.drive.engine.maxOmega,
                                            drive.engineOmega, runAutoBox, cmd.accelIn, dt);
        return;
    }
    if (runAutoBox) {
        const double cut =
            updateAutoBox(gearbox, c.drive.autoBox, c.drive.engine.maxOmega, drive.engineOmega, cmd.accelIn, dt);
        if (!tank)  // the tank ignores the throttle cut
            cmd.accel = cut;
    }
    updateGearbox(gearbox, c.drive.gears, dt);
}

namespace {

bool driveIntent(const VehicleConfig& c, const VehicleInputs& in, const UpdateCommands& cmd, bool neutral) noexcept
{
    switch (c.drive.type) {
    case DriveType::FourWheel:
    case DriveType::NWheel: return cmd.accel > 0 && cmd.brake == 0 && cmd.handbrake == 0 && !neutral;
    case DriveType::Tank:
        return cmd.accel * (std::fabs(cmd.thrustLeft) + std::fabs(cmd.thrustRight)) > 0 && !neutral;
    case DriveType::None: {
        bool anyDrive = false, anyBrake = false;
        for (std::size_t i = 0; i < c.wheels.size(); ++i) {
            anyDrive = anyDrive || in.driveTorque[i] != 0.0;
            anyBrake = anyBrake || in.brakeTorque[i] != 0.0;
        }
        return anyDrive && !anyBrake;
    }
    }
    return false;
}

}  // namespace

void engageGear(const VehicleConfig& c, const GearboxState& gearbox, DriveCoupling& out) noexcept
{
    out.neutral = c.drive.type == DriveType::None || gearbox.currentGear == kNeutralGearIndex;
    out.clutchStrength = out.neutral ? 0.0 : c.drive.clutch.strength;
    out.gearRatio = out.neutral ? 0.0 : totalGearRatio(c.drive.gears, gearbox.currentGear);
}

const DriveCoupling& advanceGearboxInSubStep(const VehicleConfig& c, const ModelGeneration& generation, double h,
                                             GearboxState& gearbox, const DriveCoupling& coupling,
                                             std::optional<DriveCoupling>& changed) noexcept
{
    if (generation.gearboxTiming != GearboxTiming::PerSubStep || c.drive.type == DriveType::None ||
        c.drive.type == DriveType::Tank)
        return coupling;
    const int before = gearbox.currentGear;
    advanceGearboxPhysx5(gearbox, c.drive.gears, h);
    if (gearbox.currentGear == before)
        return coupling;
    engageGear(c, gearbox, changed.emplace(coupling));
    return *changed;
}

DriveCoupling coupleDrive(const VehicleConfig& c, const ModelGeneration& generation, const VehicleInputs& in,
                          const UpdateCommands& cmd, const GearboxState& gearbox) noexcept
{
    JOUNCE_ASSERT(c.drive.type == DriveType::None || (gearbox.currentGear >= 0 &&
                  gearbox.currentGear < static_cast<int>(c.drive.gears.ratios.size())));
    const DriveType type = c.drive.type;
    const std::size_t n = c.wheels.size();
    DriveCoupling out;
    engageGear(c, gearbox, out);
    out.intent = driveIntent(c, in, cmd, out.neutral);

    out.gearing.fill(1.0);
    if (type == DriveType::FourWheel) {
        const WheelShares4 a = differentialAveragingWeights4W(c.drive.differential4W, cmd.handbrake, generation.handbrakeRule);
        std::copy(a.begin(), a.end(), out.alpha.begin());
    } else if (type == DriveType::NWheel) {
        out.alpha = differentialShareNW(c.drive.differentialNW, static_cast<int>(n));
    } else if (type == DriveType::Tank) {
        int left = 0, right = 0;
        for (std::size_t i = 0; i < n; ++i)
            (i % 2 == 0 ? left : right) += 1;
        out.tank = tankDifferential(cmd.thrustLeft, cmd.thrustRight, left, right);
        for (std::size_t i = 0; i < n; ++i) {
            out.alpha[i] = i % 2 == 0 ? out.tank.alphaLeft : out.tank.alphaRight;
            out.gearing[i] = i % 2 == 0 ? out.tank.gearingLeft : out.tank.gearingRight;
        }
    }
    for (std::size_t i = 0; i < n; ++i)
        out.accelApplied[i] = type == DriveType::None ? in.driveTorque[i] != 0.0 : out.intent && out.alpha[i] != 0.0;
    return out;
}

}  // namespace jounce::sim
