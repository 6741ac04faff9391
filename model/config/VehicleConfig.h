#pragma once
// The vehicle as the user tunes it: every parameter of the PhysX vehicle tuning guide, in SI units
// and the ISO 8855 chassis frame (x forward, y left, z up). Default member values are vehicle-model.md's
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
    double mass = 1500.0;
    Vec3 moi;          ///< principal moments about the CoM (I_xx roll, I_yy pitch, I_zz yaw); must set
    Vec3 cmOffset;     ///< centre of mass in the chassis frame
    Vec3 dimensions;   ///< box length (x), width (y), height (z), centred on the chassis origin; must set
    double linearDamping = 0.0;
    double angularDamping = 0.05;
    friend bool operator==(const ChassisConfig&, const ChassisConfig&) = default;
};

// §1.2 PxVehicleWheelData
struct WheelData {
    double radius = 0.0;  ///< must set
    double width = 0.0;   ///< must set
    double mass = 20.0;
    double moi = 0.0;     ///< must set
    double dampingRate = 0.25;
    double maxBrakeTorque = 1500.0;
    double maxHandBrakeTorque = 0.0;
    double maxSteer = 0.0;
    double toeAngle = 0.0;
    friend bool operator==(const WheelData&, const WheelData&) = default;
};

// §1.3 PxVehicleSuspensionData
struct SuspensionData {
    double sprungMass = 0.0;      ///< must set
    double springStrength = 0.0;  ///< must set
    double springDamperRate = 0.0;
    double maxCompression = 0.3;
    double maxDroop = 0.1;
    double camberAtRest = 0.0;
    double camberAtMaxCompression = 0.0;
    double camberAtMaxDroop = 0.0;
    friend bool operator==(const SuspensionData&, const SuspensionData&) = default;
};

// §1.7 per-wheel geometry of PxVehicleWheelsSimData (chassis frame, relative to the chassis origin).
struct WheelGeometry {
    Vec3 wheelCentreOffset;                ///< must set
    Vec3 suspTravelDirection{0.0, 0.0, -1.0};
    Vec3 suspForceAppPointOffset;          ///< must set
    Vec3 tireForceAppPointOffset;          ///< must set
    friend bool operator==(const WheelGeometry&, const WheelGeometry&) = default;
};

/// Camber and toe compliance against normalised jounce (0 = full droop, 1 = full compression), as
/// PhysX 5's PxVehicleSuspensionComplianceParams. Each graph holds 0 to 3 points with strictly
/// increasing jounce; a non-empty graph overrides the corresponding static value (toeAngle,
/// camberAt*, force application offsets).
struct WheelCompliance {
    std::vector<GraphPoint> wheelToeAngle;     ///< (normalised jounce, rad)
    std::vector<GraphPoint> wheelCamberAngle;  ///< (normalised jounce, rad)
    std::vector<CompliancePoint> suspForceAppPoint;
    std::vector<CompliancePoint> tireForceAppPoint;
    friend bool operator==(const WheelCompliance&, const WheelCompliance&) = default;
};

struct WheelConfig {
    WheelData wheel;
    SuspensionData suspension;
    TireData tire;
    WheelGeometry geometry;
    std::optional<WheelCompliance> compliance;
    friend bool operator==(const WheelConfig&, const WheelConfig&) = default;
};

// §1.4 PxVehicleAntiRollBarData
struct AntiRollBarConfig {
    int wheel0 = 0;
    int wheel1 = 1;
    double stiffness = 0.0;
    friend bool operator==(const AntiRollBarConfig&, const AntiRollBarConfig&) = default;
};

// §1.6 PxVehicleTireLoadFilterData
struct TireLoadFilterData {
    double minNormalisedLoad = 0.0;
    double minFilteredNormalisedLoad = 0.2308;
    double maxNormalisedLoad = 3.0;
    double maxFilteredNormalisedLoad = 3.0;
    friend bool operator==(const TireLoadFilterData&, const TireLoadFilterData&) = default;
};

// §1.8 PxVehicleEngineData
struct EngineData {
    std::vector<GraphPoint> torqueCurve{{0.0, 0.8}, {0.33, 1.0}, {1.0, 0.8}};  ///< 1..8 points
    double moi = 1.0;
    double peakTorque = 500.0;
    double maxOmega = 600.0;
    double dampingRateFullThrottle = 0.15;
    double dampingRateZeroThrottleClutchEngaged = 2.0;
    double dampingRateZeroThrottleClutchDisengaged = 0.35;
    friend bool operator==(const EngineData&, const EngineData&) = default;
};

/// Gear indices as PhysX: 0 = reverse, 1 = neutral, 2 = first, ...
inline constexpr int kReverseGearIndex = 0;
inline constexpr int kNeutralGearIndex = 1;
inline constexpr int kFirstGearIndex = 2;

// §1.9 PxVehicleGearsData; nbRatios is ratios.size() (3..32).
struct GearsData {
    std::vector<double> ratios{-4.0, 0.0, 4.0, 2.0, 1.5, 1.1, 1.0};
    double finalRatio = 4.0;
    double switchTime = 0.5;
    friend bool operator==(const GearsData&, const GearsData&) = default;
};

// §1.10 PxVehicleAutoBoxData; one up and one down ratio per gear index. The latency PhysX hides in
// downRatios[reverse] is a field of its own here, so downRatios[0] is unused.
struct AutoBoxData {
    std::vector<double> upRatios{0.65, 0.15, 0.65, 0.65, 0.65, 0.65, 0.65};
    std::vector<double> downRatios{0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5};
    double latency = 2.0;
    friend bool operator==(const AutoBoxData&, const AutoBoxData&) = default;
};

enum class ClutchAccuracyMode { BestPossible, Estimate };

// §1.11 PxVehicleClutchData
struct ClutchData {
    double strength = 10.0;
    ClutchAccuracyMode accuracyMode = ClutchAccuracyMode::BestPossible;
    int estimateIterations = 5;
    friend bool operator==(const ClutchData&, const ClutchData&) = default;
};

enum class DifferentialType { LS_4WD, LS_FRONTWD, LS_REARWD, OPEN_4WD, OPEN_FRONTWD, OPEN_REARWD };

// §1.12 PxVehicleDifferential4WData. Left/right splits name the ISO left wheel they feed (§6.14).
struct Differential4WData {
    DifferentialType type = DifferentialType::LS_4WD;
    double frontRearSplit = 0.45;
    double frontLeftRightSplit = 0.5;
    double rearLeftRightSplit = 0.5;
    double centreBias = 1.3;
    double frontBias = 1.3;
    double rearBias = 1.3;
    friend bool operator==(const Differential4WData&, const Differential4WData&) = default;
};

// §1.13 PxVehicleDifferentialNWData: the driven wheels share the drive torque equally.
struct DifferentialNWData {
    std::vector<int> drivenWheels;
    friend bool operator==(const DifferentialNWData&, const DifferentialNWData&) = default;
};

// §1.14 PxVehicleAckermannGeometryData
struct AckermannData {
    double accuracy = 1.0;
    double frontWidth = 0.0;      ///< must set (4W)
    double rearWidth = 0.0;       ///< must set (4W)
    double axleSeparation = 0.0;  ///< must set (4W)
    friend bool operator==(const AckermannData&, const AckermannData&) = default;
};

enum class DriveType { FourWheel, NWheel, Tank, None };
enum class TankDriveModel { Standard, Special };

/// The drivetrain. Which parts are used depends on the type: 4W uses all but the NW differential and
/// the tank model; NW uses engine, gears, autoBox, clutch and the NW differential; tank uses engine,
/// gears, autoBox, clutch and the tank drive model; none uses nothing (per-wheel torques are inputs).
struct DriveConfig {
    DriveType type = DriveType::FourWheel;
    EngineData engine;
    GearsData gears;
    AutoBoxData autoBox;
    ClutchData clutch;
    Differential4WData differential4W;
    DifferentialNWData differentialNW;
    AckermannData ackermann;
    TankDriveModel tankDriveModel = TankDriveModel::Standard;
    friend bool operator==(const DriveConfig&, const DriveConfig&) = default;
};

// §1.15 PxVehicleDrivableSurfaceToTireFrictionPairs: friction[surface][tire].
struct SurfacesConfig {
    std::vector<std::string> tireTypes{"default"};
    std::vector<std::string> surfaceTypes{"tarmac"};
    std::vector<std::vector<double>> friction{{1.0}};
    friend bool operator==(const SurfacesConfig&, const SurfacesConfig&) = default;
};

/// Rise or fall rates (control units per second) of the five Drive4W/NW controls. Tanks use the same
/// slots for accel, brake-left, brake-right, thrust-left and thrust-right (vehicle-model §1.17).
struct SmoothingRates {
    double accel = 0.0;
    double brake = 0.0;
    double handbrake = 0.0;
    double steerLeft = 0.0;
    double steerRight = 0.0;
    friend bool operator==(const SmoothingRates&, const SmoothingRates&) = default;
};

// §3: PxVehicleKeySmoothingData / PxVehiclePadSmoothingData. Defaults: the snippet table of §6.11.
struct InputSmoothing {
    SmoothingRates riseRates{6.0, 6.0, 6.0, 2.5, 2.5};
    SmoothingRates fallRates{10.0, 10.0, 10.0, 5.0, 5.0};
    friend bool operator==(const InputSmoothing&, const InputSmoothing&) = default;
};

struct ControlsConfig {
    InputSmoothing keySmoothing;
    InputSmoothing padSmoothing;
    /// §3.1: (|forward speed| m/s, max steer fraction), up to 8 points; defaults from §6.11.
    std::vector<GraphPoint> steerVsForwardSpeedTable{{0.0, 0.75}, {5.0, 0.75}, {30.0, 0.125}, {120.0, 0.1}};
    friend bool operator==(const ControlsConfig&, const ControlsConfig&) = default;
};

/// The vehicle model generation a vehicle is simulated with (vehicle/ModelGeneration.h).
enum class ModelGenerationKind { Physx41 };

// §1.7 vehicle-wide settings and §6.1 stepping.
struct SimulationConfig {
    ModelGenerationKind model = ModelGenerationKind::Physx41;
    double timeStep = 1.0 / 60.0;
    double thresholdLongitudinalSpeed = 5.0;
    int lowForwardSpeedSubStepCount = 3;
    int highForwardSpeedSubStepCount = 1;
    double minLongSlipDenominator = 4.0;
    bool limitSuspensionExpansionVelocity = false;
    bool disableSuspensionForceProjection = false;
    friend bool operator==(const SimulationConfig&, const SimulationConfig&) = default;
};

inline constexpr int kMaxWheels = 20;
inline constexpr double kGravity = 9.81;

struct VehicleConfig {
    std::string name;
    std::string description;
    ChassisConfig chassis;
    std::vector<WheelConfig> wheels;
    std::vector<AntiRollBarConfig> antiRollBars;
    TireLoadFilterData tireLoadFilter;
    DriveConfig drive;
    SurfacesConfig surfaces;
    ControlsConfig controls;
    SimulationConfig simulation;
    friend bool operator==(const VehicleConfig&, const VehicleConfig&) = default;
};

}  // namespace jounce
