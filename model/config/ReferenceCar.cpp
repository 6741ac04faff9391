#include "ReferenceCar.h"

#include <numbers>

namespace jounce {

VehicleConfig referenceCar()
{
    VehicleConfig car;
    car.name = "PhysX SnippetVehicle4W";
    car.description =
        "The PhysX 4.1 SnippetVehicle4W car with four wheels (spec 6.10 and 6.14): 1500 kg, "
        "5.0 x 2.5 x 2.0 m box, limited-slip 4WD, 500 N m engine, 5-speed gearbox with autobox. "
        "The reference every other preset is measured against. Its dampers are PhysX's own (damping "
        "ratio 0.575 front, 0.68 rear), below the guide's 0.8-1.2, so the tuning doctor advises on them.";

    // §6.2 / §6.14 chassis.
    car.chassis.mass = 1500.0;
    car.chassis.dimensions = {5.0, 2.5, 2.0};
    car.chassis.cmOffset = {0.25, 0.0, -0.35};
    car.chassis.moi = {1281.25, 3625.0, 3125.0};
    car.chassis.linearDamping = 0.0;
    car.chassis.angularDamping = 0.05;

    // §6.3 - §6.5 wheels in Jounce order (FL, FR, RL, RR); PhysX's side labels are swapped (§0.2).
    struct Corner {
        double x, y, camberAtMaxDroop, maxSteer, maxHandBrakeTorque, sprungMass;
    };
    const double steer = std::numbers::pi * 0.3333;
    const Corner corners[4] = {
        {1.5, 1.05, -0.01, steer, 0.0, 437.5},
        {1.5, -1.05, 0.01, steer, 0.0, 437.5},
        {-1.5, 1.05, -0.01, 0.0, 4000.0, 312.5},
        {-1.5, -1.05, 0.01, 0.0, 4000.0, 312.5},
    };
    for (const Corner& c : corners) {
        WheelConfig w;
        w.wheel.radius = 0.5;
        w.wheel.width = 0.4;
        w.wheel.mass = 20.0;
        w.wheel.moi = 0.5 * 20.0 * 0.5 * 0.5;
        w.wheel.dampingRate = 0.25;
        w.wheel.maxBrakeTorque = 1500.0;
        w.wheel.maxHandBrakeTorque = c.maxHandBrakeTorque;
        w.wheel.maxSteer = c.maxSteer;
        w.wheel.toeAngle = 0.0;

        w.suspension.sprungMass = c.sprungMass;
        w.suspension.springStrength = 35000.0;
        w.suspension.springDamperRate = 4500.0;
        w.suspension.maxCompression = 0.3;
        w.suspension.maxDroop = 0.1;
        w.suspension.camberAtRest = 0.0;
        w.suspension.camberAtMaxDroop = c.camberAtMaxDroop;
        w.suspension.camberAtMaxCompression = -c.camberAtMaxDroop;

        w.tire = TireData{};  // §6.5: all defaults, type 0 (NORMAL)

        w.geometry.wheelCentreOffset = {c.x, c.y, -1.5};
        w.geometry.suspTravelDirection = {0.0, 0.0, -1.0};
        w.geometry.suspForceAppPointOffset = {c.x, c.y, -0.65};  // 0.3 m below the CoM
        w.geometry.tireForceAppPointOffset = {c.x, c.y, -0.65};
        car.wheels.push_back(w);
    }

    // §6.6 anti-roll bars.
    car.antiRollBars = {{0, 1, 10000.0}, {2, 3, 10000.0}};

    // §6.7 vehicle-wide settings: defaults. §6.8 drivetrain: defaults plus the Ackermann geometry.
    car.drive.type = DriveType::FourWheel;
    car.drive.ackermann = {1.0, 2.1, 2.1, 3.0};

    // §6.9 friction table.
    car.surfaces.tireTypes = {"NORMAL", "WORN"};
    car.surfaces.surfaceTypes = {"TARMAC"};
    car.surfaces.friction = {{1.0, 0.1}};

    // §6.11 input smoothing and steer table are the ControlsConfig defaults.
    return car;
}

}  // namespace jounce
