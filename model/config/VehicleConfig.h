#pragma once
// The vehicle as the user tunes it: every parameter of the PhysX vehicle tuning guide, in SI units
// and the ISO 8855 chassis frame (x forward, y left, z up). Every field's comment ends with its unit
// in parentheses, "(1)" for a plain number, "(x: ..., y: ...)" for a graph; the test
// config_units checks them against the parameter registry, so the two cannot drift. Default member values are vehicle-model.md's
// constructor defaults (vehicle-model §1); a field whose spec default is "0 (must set)" stays 0 here and is
// marked required in the parameter registry.
//
// Positions (wheel centres, force application points, centre of mass) are relative to the chassis
// origin, not to the centre of mass: the simulation derives CoM-relative offsets itself.

#include "ConfigValues.h"
#include "TireModels.h"
#include "Units.h"

#include <optional>
#include <string>
#include <vector>

namespace jounce {

// §1.1 PxVehicleChassisData, plus the rigid-body settings of §6.14 / §8.1.
struct ChassisConfig {
    double mass = 1500.0;         ///< chassis rigid-body mass (kg)
    Vec3 moi;                     ///< principal moments about the CoM, roll, pitch, yaw; must set (kg m^2)
    Vec3 cmOffset;                ///< centre of mass in the chassis frame (m)
    Vec3 dimensions;              ///< collision box length (x), width (y), height (z); must set (m)
    double linearDamping = 0.0;   ///< rigid-body linear velocity damping (1/s)
    double angularDamping = 0.05; ///< rigid-body angular velocity damping (1/s)
    friend bool operator==(const ChassisConfig&, const ChassisConfig&) = default;
};

// §1.2 PxVehicleWheelData
struct WheelData {
    double radius = 0.0;              ///< wheel centre to tread; must set (m)
    double width = 0.0;               ///< full width of wheel and tire, for drawing; must set (m)
    double mass = 20.0;               ///< wheel and tire (kg)
    double moi = 0.0;                 ///< spin moment of inertia about the axle; must set (kg m^2)
    double dampingRate = 0.25;        ///< bearing damping torque per wheel speed (N m s/rad)
    double maxBrakeTorque = 1500.0;   ///< brake torque at full brake (N m)
    double maxHandBrakeTorque = 0.0;  ///< handbrake torque at full handbrake (N m)
    double maxSteer = 0.0;            ///< steer angle at full lock (rad)
    double toeAngle = 0.0;            ///< static steer offset, positive left (rad)
    friend bool operator==(const WheelData&, const WheelData&) = default;
};

// §1.3 PxVehicleSuspensionData
struct SuspensionData {
    double sprungMass = 0.0;              ///< chassis mass carried by this spring at rest; must set (kg)
    double springStrength = 0.0;          ///< spring rate; must set (N/m)
    double springDamperRate = 0.0;        ///< damper rate (N s/m)
    double maxCompression = 0.3;          ///< travel above the rest pose (m)
    double maxDroop = 0.1;                ///< travel below the rest pose (m)
    double camberAtRest = 0.0;            ///< camber at zero jounce (rad)
    double camberAtMaxCompression = 0.0;  ///< camber added at full compression (rad)
    double camberAtMaxDroop = 0.0;        ///< camber added at full droop (rad)
    friend bool operator==(const SuspensionData&, const SuspensionData&) = default;
};

// §1.7 per-wheel geometry of PxVehicleWheelsSimData (chassis frame, relative to the chassis origin).
struct WheelGeometry {
    Vec3 wheelCentreOffset;                    ///< wheel centre at zero jounce; must set (m)
    Vec3 suspTravelDirection{0.0, 0.0, -1.0};  ///< unit direction the wheel moves as the spring extends (1)
    Vec3 suspForceAppPointOffset;              ///< where the suspension force acts; must set (m)
    Vec3 tireForceAppPointOffset;              ///< where the tire forces act; must set (m)
    friend bool operator==(const WheelGeometry&, const WheelGeometry&) = default;
};

/// Camber and toe compliance against normalised jounce (0 = full droop, 1 = full compression), as
/// PhysX 5's PxVehicleSuspensionComplianceParams. Each graph holds 0 to 3 points with strictly
/// increasing jounce; a non-empty graph overrides the corresponding static value (toeAngle,
/// camberAt*, force application offsets).
struct WheelCompliance {
    std::vector<GraphPoint> wheelToeAngle;           ///< toe against normalised jounce (x: 1, y: rad)
    std::vector<GraphPoint> wheelCamberAngle;        ///< camber against normalised jounce (x: 1, y: rad)
    std::vector<CompliancePoint> suspForceAppPoint;  ///< suspension force point against normalised jounce (1, m)
    std::vector<CompliancePoint> tireForceAppPoint;  ///< tire force point against normalised jounce (1, m)
    friend bool operator==(const WheelCompliance&, const WheelCompliance&) = default;
};

struct WheelConfig {
    WheelData wheel;                           ///< wheel and tire body
    SuspensionData suspension;                 ///< spring and damper
    TireData tire;                             ///< tire type and force model
    WheelGeometry geometry;                    ///< positions in the chassis frame
    std::optional<WheelCompliance> compliance; ///< camber, toe and force points against jounce
    friend bool operator==(const WheelConfig&, const WheelConfig&) = default;
};

/// How an anti-roll bar acts (vehicle-model §2.13): PhysX's roll torque on the chassis alone, or
/// equal and opposite forces at its two wheels that also load their tires (§2.13.1).
enum class AntiRollBarMode { RollTorque, WheelForces };

// §1.4 PxVehicleAntiRollBarData
struct AntiRollBarConfig {
    int wheel0 = 0;          ///< first wheel of the bar (1)
    int wheel1 = 1;          ///< second wheel of the bar (1)
    double stiffness = 0.0;  ///< force per metre of jounce difference (N/m)
    AntiRollBarMode mode = AntiRollBarMode::RollTorque;  ///< roll torque only (PhysX) or forces at the wheels
    friend bool operator==(const AntiRollBarConfig&, const AntiRollBarConfig&) = default;
};

// §1.6 PxVehicleTireLoadFilterData
struct TireLoadFilterData {
    double minNormalisedLoad = 0.0;             ///< normalised load of the lower point (1)
    double minFilteredNormalisedLoad = 0.2308;  ///< filtered normalised load at and below it (1)
    double maxNormalisedLoad = 3.0;             ///< normalised load of the upper point (1)
    double maxFilteredNormalisedLoad = 3.0;     ///< filtered normalised load at and above it (1)
    friend bool operator==(const TireLoadFilterData&, const TireLoadFilterData&) = default;
};

// §1.8 PxVehicleEngineData
struct EngineData {
    /// Torque multiplier against engine speed / maxOmega, 1 to 8 points (x: 1, y: 1).
    std::vector<GraphPoint> torqueCurve{{0.0, 0.8}, {0.33, 1.0}, {1.0, 0.8}};
    double moi = 1.0;                                        ///< engine moment of inertia (kg m^2)
    double peakTorque = 500.0;                               ///< torque where the curve is 1 (N m)
    double maxOmega = 600.0;                                 ///< maximum engine speed (rad/s)
    double dampingRateFullThrottle = 0.15;                   ///< damping at full throttle (N m s/rad)
    double dampingRateZeroThrottleClutchEngaged = 2.0;       ///< damping off throttle in gear (N m s/rad)
    double dampingRateZeroThrottleClutchDisengaged = 0.35;   ///< damping off throttle in neutral (N m s/rad)
    friend bool operator==(const EngineData&, const EngineData&) = default;
};

/// Gear indices as PhysX: 0 = reverse, 1 = neutral, 2 = first, ...
inline constexpr int kReverseGearIndex = 0;
inline constexpr int kNeutralGearIndex = 1;
inline constexpr int kFirstGearIndex = 2;

// §1.9 PxVehicleGearsData; nbRatios is ratios.size() (3..32).
struct GearsData {
    std::vector<double> ratios{-4.0, 0.0, 4.0, 2.0, 1.5, 1.1, 1.0};  ///< reverse, neutral, first, ... (1)
    double finalRatio = 4.0;  ///< multiplies every gear (1)
    double switchTime = 0.5;  ///< time in neutral during a change (s)
    friend bool operator==(const GearsData&, const GearsData&) = default;
};

// §1.10 PxVehicleAutoBoxData; one up and one down ratio per gear index. The latency PhysX hides in
// downRatios[reverse] is a field of its own here, so downRatios[0] is unused.
struct AutoBoxData {
    std::vector<double> upRatios{0.65, 0.15, 0.65, 0.65, 0.65, 0.65, 0.65};  ///< shift up above, per gear (1)
    std::vector<double> downRatios{0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5};      ///< shift down below, per gear (1)
    double latency = 2.0;  ///< minimum time between autobox decisions (s)
    friend bool operator==(const AutoBoxData&, const AutoBoxData&) = default;
};

enum class ClutchAccuracyMode { BestPossible, Estimate };

// §1.11 PxVehicleClutchData
struct ClutchData {
    double strength = 10.0;  ///< coupling torque per clutch slip (N m s/rad)
    ClutchAccuracyMode accuracyMode = ClutchAccuracyMode::BestPossible;  ///< exact or iterative solve
    int estimateIterations = 5;  ///< Gauss-Seidel sweeps in estimate mode (1)
    friend bool operator==(const ClutchData&, const ClutchData&) = default;
};

enum class DifferentialType { LS_4WD, LS_FRONTWD, LS_REARWD, OPEN_4WD, OPEN_FRONTWD, OPEN_REARWD };

// §1.12 PxVehicleDifferential4WData. Left/right splits name the ISO left wheel they feed (§6.14).
struct Differential4WData {
    DifferentialType type = DifferentialType::LS_4WD;  ///< limited-slip or open, to which wheels
    double frontRearSplit = 0.45;       ///< share of drive torque to the front axle (1)
    double frontLeftRightSplit = 0.5;   ///< share of front torque to the front-left wheel (1)
    double rearLeftRightSplit = 0.5;    ///< share of rear torque to the rear-left wheel (1)
    double centreBias = 1.3;            ///< largest front/rear axle speed ratio (1)
    double frontBias = 1.3;             ///< largest front left/right wheel speed ratio (1)
    double rearBias = 1.3;              ///< largest rear left/right wheel speed ratio (1)
    friend bool operator==(const Differential4WData&, const Differential4WData&) = default;
};

// §1.13 PxVehicleDifferentialNWData: the driven wheels share the drive torque equally.
struct DifferentialNWData {
    std::vector<int> drivenWheels;  ///< indices of the driven wheels (1)
    friend bool operator==(const DifferentialNWData&, const DifferentialNWData&) = default;
};

// §1.14 PxVehicleAckermannGeometryData
struct AckermannData {
    double accuracy = 1.0;        ///< 0 both wheels alike, 1 perfect Ackermann (1)
    double frontWidth = 0.0;      ///< between the front wheel centres; must set for 4W (m)
    double rearWidth = 0.0;       ///< between the rear wheel centres; must set for 4W (m)
    double axleSeparation = 0.0;  ///< between the front and rear axles; must set for 4W (m)
    friend bool operator==(const AckermannData&, const AckermannData&) = default;
};

enum class DriveType { FourWheel, NWheel, Tank, None };
enum class TankDriveModel { Standard, Special };

/// The drivetrain. Which parts are used depends on the type: 4W uses all but the NW differential and
/// the tank model; NW uses engine, gears, autoBox, clutch and the NW differential; tank uses engine,
/// gears, autoBox, clutch and the tank drive model; none uses nothing (per-wheel torques are inputs).
struct DriveConfig {
    DriveType type = DriveType::FourWheel;  ///< 4W, NW, tank or none
    EngineData engine;                      ///< 4W, NW, tank
    GearsData gears;                        ///< 4W, NW, tank
    AutoBoxData autoBox;                    ///< 4W, NW, tank
    ClutchData clutch;                      ///< 4W, NW, tank
    Differential4WData differential4W;      ///< 4W: "differential" in the file
    DifferentialNWData differentialNW;      ///< NW: "differential" in the file
    AckermannData ackermann;                ///< 4W
    TankDriveModel tankDriveModel = TankDriveModel::Standard;  ///< tank: "driveModel" in the file
    friend bool operator==(const DriveConfig&, const DriveConfig&) = default;
};

// §1.15 PxVehicleDrivableSurfaceToTireFrictionPairs: friction[surface][tire].
struct SurfacesConfig {
    std::vector<std::string> tireTypes{"default"};     ///< tire type names
    std::vector<std::string> surfaceTypes{"tarmac"};   ///< surface type names; terrains match them by name
    std::vector<std::vector<double>> friction{{1.0}};  ///< friction[surface type][tire type] (1)
    friend bool operator==(const SurfacesConfig&, const SurfacesConfig&) = default;
};

/// Rise or fall rates (control units per second) of the five Drive4W/NW controls. Tanks use the same
/// slots for accel, brake-left, brake-right, thrust-left and thrust-right (vehicle-model §1.17).
struct SmoothingRates {
    double accel = 0.0;       ///< accel control; tanks: accel (1/s)
    double brake = 0.0;       ///< brake control; tanks: brake-left (1/s)
    double handbrake = 0.0;   ///< handbrake control; tanks: brake-right (1/s)
    double steerLeft = 0.0;   ///< steer-left control; tanks: thrust-left (1/s)
    double steerRight = 0.0;  ///< steer-right control; tanks: thrust-right (1/s)
    friend bool operator==(const SmoothingRates&, const SmoothingRates&) = default;
};

// §3: PxVehicleKeySmoothingData / PxVehiclePadSmoothingData. Defaults: the snippet table of §6.11.
struct InputSmoothing {
    SmoothingRates riseRates{6.0, 6.0, 6.0, 2.5, 2.5};     ///< while a control rises
    SmoothingRates fallRates{10.0, 10.0, 10.0, 5.0, 5.0};  ///< while a control falls
    friend bool operator==(const InputSmoothing&, const InputSmoothing&) = default;
};

struct ControlsConfig {
    InputSmoothing keySmoothing;  ///< keyboard (digital) controls
    InputSmoothing padSmoothing;  ///< gamepad (analog) controls
    /// §3.1: largest steer fraction against |forward speed|, up to 8 points; defaults from §6.11
    /// (x: m/s, y: 1).
    std::vector<GraphPoint> steerVsForwardSpeedTable{{0.0, 0.75}, {5.0, 0.75}, {30.0, 0.125}, {120.0, 0.1}};
    friend bool operator==(const ControlsConfig&, const ControlsConfig&) = default;
};

/// The vehicle model generation a vehicle is simulated with (vehicle/ModelGeneration.h).
enum class ModelGenerationKind { Physx41, Physx5 };

// §1.7 vehicle-wide settings and §6.1 stepping.
struct SimulationConfig {
    ModelGenerationKind model = ModelGenerationKind::Physx41;  ///< the vehicle model generation
    double timeStep = 1.0 / 60.0;             ///< fixed simulation step (s)
    double thresholdLongitudinalSpeed = 5.0;  ///< below it the low-speed sub-step count applies (m/s)
    int lowForwardSpeedSubStepCount = 3;      ///< sub-steps per step below the threshold (1)
    int highForwardSpeedSubStepCount = 1;     ///< sub-steps per step at and above it (1)
    double minLongSlipDenominator = 4.0;      ///< floor of a free-rolling wheel's slip denominator (m/s)
    bool limitSuspensionExpansionVelocity = false;  ///< a wheel cannot follow the ground down faster than its spring
    bool disableSuspensionForceProjection = false;  ///< the spring force is not projected on the contact normal
    friend bool operator==(const SimulationConfig&, const SimulationConfig&) = default;
};

inline constexpr int kMaxWheels = 20;
inline constexpr double kGravity = 9.81;

struct VehicleConfig {
    std::string name;                             ///< short name of the vehicle
    std::string description;                      ///< what the vehicle models
    ChassisConfig chassis;                        ///< rigid body
    std::vector<WheelConfig> wheels;              ///< front to back, left before right
    std::vector<AntiRollBarConfig> antiRollBars;  ///< each joins two wheels of one axle
    TireLoadFilterData tireLoadFilter;            ///< one per vehicle
    DriveConfig drive;                            ///< the drivetrain
    SurfacesConfig surfaces;                      ///< tire and surface types and their friction
    ControlsConfig controls;                      ///< input smoothing and steering limit
    SimulationConfig simulation;                  ///< model generation, time step and sub-steps
    friend bool operator==(const VehicleConfig&, const VehicleConfig&) = default;
};

}  // namespace jounce
