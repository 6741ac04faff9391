#pragma once
// The parameter and state structs that the stages of the vehicle update (vehicle-model §2.0) pass to each
// other, in the manner of PhysX 5's vehicle2: every stage is a plain function of explicit inputs
// that writes explicit outputs, and Vehicle::update only sequences them. The per-stage headers
// (CommandStage.h, GearStage.h, RoadQueryStage.h, SuspensionStage.h, TireStage.h,
// DrivetrainStage.h, ChassisStage.h) declare the stages; docs/architecture.md lists them in order.

#include "vehicle/Differential.h"
#include "vehicle/Gearbox.h"
#include "vehicle/PhysxTimer.h"
#include "vehicle/tire/TireState.h"
#include "config/VehicleConfig.h"

#include <btBulletDynamicsCommon.h>

#include <array>

namespace jounce::sim {

inline btVector3 toBt(const Vec3& v) { return {v.x, v.y, v.z}; }

/// The chassis as the update integrates it privately through the sub-steps (§2.25): CoM position,
/// orientation, linear and angular velocity, all in the world frame.
struct ChassisState {
    btVector3 x;
    btQuaternion q;
    btVector3 v;
    btVector3 w;
};

/// What a wheel keeps from one update to the next.
struct WheelState {
    double omega = 0.0;               ///< rad/s, internal wheel speed
    double angle = 0.0;               ///< rad, cosmetic rotation angle (§2.24)
    double prevJounce = 0.0;          ///< m, geometric jounce of the last sub-step (§2.4.1)
    bool hasPrevJounce = false;       ///< false after a reset: the first jounce speed is 0
    PhysxTimer stickyForwardTimer = 0.0f;  ///< t_F, s, §2.12 (single precision, §2.31)
    PhysxTimer stickySideTimer = 0.0f;     ///< t_S, s, §2.12 (single precision, §2.31)
    TireState tire;                        ///< the tire model's own state (tire/TireState.h)
};

/// The ground under one wheel for this update (§2.1, §2.2): the contact plane n·p + d = 0.
struct RoadContact {
    bool hit = false;
    btVector3 normal{0, 0, 1};
    double planeD = 0.0;
    double frictionPair = 0.0;  ///< surface/tire pair friction (§1.15)
    int surface = -1;           ///< vehicle surface type, -1 without a hit
    int unknownGroundSurface = -1;  ///< the ground surface hit when the friction table lacks it, else -1
};

/// What the engine and gearbox keep from one update to the next (§1.16).
struct DriveState {
    GearboxState gearbox;
    double engineOmega = 0.0;  ///< rad/s
    bool autoBoxOn = true;
};

/// The control values of one update, clamped to their ranges (U0, §1.16, §1.17).
struct UpdateCommands {
    double accelIn = 0.0;   ///< driver's accel, [0, 1]
    double accel = 0.0;     ///< accel after the autobox's throttle cut (0 without an engine)
    double brake = 0.0;     ///< 0 for the tank, which brakes per side
    double handbrake = 0.0;
    double steer = 0.0;     ///< [-1, 1], positive left
    double thrustLeft = 0.0;
    double thrustRight = 0.0;
    double brakeLeft = 0.0;
    double brakeRight = 0.0;
};

/// How the engine is coupled to the wheels for this update (U5 - U7, §2.19 - §2.22).
struct DriveCoupling {
    bool neutral = true;          ///< no engine, or the current gear is neutral
    double clutchStrength = 0.0;  ///< K (0 in neutral)
    double gearRatio = 0.0;       ///< G = gear ratio x final ratio (0 in neutral)
    bool intent = false;          ///< the driver intends to accelerate (sticky tires, §2.12)
    std::array<double, kMaxWheels> alpha{};  ///< averaging weights at the clutch
    std::array<double, kMaxWheels> gearing;  ///< gearing signs g_i (tank), else 1
    TankDifferential tank;                   ///< the tank's per-side shares
    std::array<bool, kMaxWheels> accelApplied{};  ///< wheel receives drive torque this update
};

/// What every wheel of one sub-step shares (U10).
struct SubStepContext {
    int index = 0;  ///< k
    bool rowSubStep = false;  ///< constraint rows come from this sub-step (the first, or the last under PhysX 5)
    double h = 0.0;   ///< sub-step length, s
    double dt = 0.0;  ///< update length, s
    btVector3 gravity;
    double g = 0.0;   ///< |gravity|
    btVector3 cm;     ///< centre of mass in the chassis frame
    PhysxTimer timerStep = 0.0f;  ///< the sub-step as PhysX computes it in float, for the timers (§2.31)
};

}  // namespace jounce::sim
