#pragma once
// Vehicles for the config suites and test_compare_model: the reference car and variants that switch
// on every optional part of the format (compliance graphs, NW and tank drive).

#include "config/ReferenceCar.h"

namespace jounce::testing {

/// The reference car with compliance graphs on the front-left wheel.
inline VehicleConfig carWithCompliance()
{
    VehicleConfig c = referenceCar();
    WheelCompliance comp;
    comp.wheelToeAngle = {{0.0, -0.002}, {0.5, 0.0}, {1.0, 0.003}};
    comp.wheelCamberAngle = {{0.0, 0.01}, {1.0, -0.02}};
    comp.suspForceAppPoint = {{0.25, {1.5, 1.05, -0.66}}, {0.75, {1.5, 1.04, -0.64}}};
    comp.tireForceAppPoint = {{0.5, {1.5, 1.05, -0.65}}};
    c.wheels[0].compliance = comp;
    return c;
}

/// The reference car on NW drive with the rear wheels driven.
inline VehicleConfig nwCar()
{
    VehicleConfig c = referenceCar();
    c.drive.type = DriveType::NWheel;
    c.drive.differentialNW.drivenWheels = {2, 3};
    return c;
}

/// The reference car as a tank (special drive model: tracks may turn backwards).
inline VehicleConfig tankCar()
{
    VehicleConfig c = referenceCar();
    c.drive.type = DriveType::Tank;
    c.drive.tankDriveModel = TankDriveModel::Special;
    for (WheelConfig& w : c.wheels)
        w.wheel.maxSteer = 0;
    return c;
}

}  // namespace jounce::testing
