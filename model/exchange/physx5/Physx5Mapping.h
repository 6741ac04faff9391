#pragma once
// Jounce's parameters (the PhysX 4 model, docs/vehicle-model.md) in PhysX 5 vehicle2 terms and
// back, independent of the file layout: the PhysX 5 JSON files and the Omniverse USD layers both go
// through these functions, so every conversion formula exists once (docs/physx5-usd.md
// "Conversion formulas" gives each one). Everything here is in Jounce's axes (x forward, y left,
// z up), SI units, positions relative to the chassis origin; the file layers move them into the
// file's frame and origin.

#include "config/VehicleConfig.h"
#include "exchange/ConversionReport.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace jounce::exchange::p5 {

/// One wheel as PhysX 5 describes it (PxVehicleWheelParams, PxVehicleSuspensionParams,
/// PxVehicleSuspensionComplianceParams, PxVehicleSuspensionForceParams and its legacy variant,
/// PxVehicleTireForceParams).
struct Wheel {
    // Suspension: the suspension frame is the wheel centre at full compression (identity
    // orientation); the wheel moves along travelDir by up to travelDist.
    Vec3 attachment;
    Vec3 travelDir{0.0, 0.0, -1.0};
    double travelDist = 0.0;
    // Compliance: graphs against jounce / travelDist (0 full droop, 1 full compression); the force
    // points are offsets from the attachment.
    std::vector<GraphPoint> toe;
    std::vector<GraphPoint> camber;
    std::vector<CompliancePoint> suspForcePoint;
    std::vector<CompliancePoint> tireForcePoint;
    // Spring and damper; restDistance is the legacy model's distance from rest to full compression.
    double stiffness = 0.0;
    double damping = 0.0;
    double sprungMass = 0.0;
    std::optional<double> restDistance;
    std::optional<double> restDroop;  ///< with restDistance: the droop, when the file gives it (USD's maxDroop)
    /// The tire keeps restLoad as its own (a PhysX 5 car); else the stiffness and load filter are
    /// scaled to Jounce's derived rest load, as PhysX 4.1 derives it.
    bool ownRestLoad = false;
    // Tire, stiffnesses in N per unit slip or per radian.
    double longStiff = 0.0;
    double latStiffX = 0.0;
    double latStiffY = 0.0;
    double camberStiff = 0.0;
    double restLoad = 0.0;
    std::array<GraphPoint, 3> frictionVsSlip{};
    std::array<GraphPoint, 2> loadFilter{};
    // Wheel
    double radius = 0.0;
    double halfWidth = 0.0;
    double mass = 0.0;
    double moi = 0.0;
    double dampingRate = 0.0;
};

/// Jounce's tire rest load g·(m_s + m_w) (vehicle-model §2.6).
double restLoad(const WheelConfig& wheel);

/// The camber graph that reproduces Jounce's static camber (vehicle-model §2.11) exactly: one
/// point when the camber never changes, else the droop, rest and compression points.
std::vector<GraphPoint> staticCamberGraph(const SuspensionData& suspension);

/// Jounce's wheel order (front to back, left before right; conventions.md "Wheel order") of wheels
/// at these positions: element k is the index of Jounce's wheel k. Axles 1 mm apart are one axle.
std::vector<std::size_t> jounceWheelOrder(const std::vector<Vec3>& positions);

/// A chassis box for a vehicle whose file has none: around the wheels, centred on the centre of
/// mass (the chassis origin when cmOffset is 0), its bottom at the wheel centres.
Vec3 estimatedChassisBox(const VehicleConfig& vehicle);

/// Wheel `i` of `vehicle` in PhysX 5 terms.
Wheel exportWheel(const VehicleConfig& vehicle, std::size_t i);

/// Notes on what a PhysX 5 simulation of the exported wheels does differently (the spring rest
/// pose, the camber force sign, the autobox in neutral, ...): once per vehicle.
void noteExportDifferences(const VehicleConfig& vehicle, ConversionReport& report);

/// Writes a PhysX 5 wheel into `out` (wheel, suspension, tire stiffnesses and graphs, geometry,
/// compliance); `subject` ("wheels[2]") prefixes the notes. Returns the wheel's load filter in
/// Jounce's normalisation (its rest load g·(m_s + m_w)), for the vehicle-wide filter.
std::array<GraphPoint, 2> importWheel(const Wheel& p5, WheelConfig& out, const std::string& subject,
                                      ConversionReport& report);

/// A command response: maxResponse times each wheel's multiplier (PxVehicleCommandResponseParams).
struct Response {
    double maxResponse = 0.0;
    std::vector<double> multipliers;
};

/// The response whose per-wheel products are `perWheel`: the largest magnitude and the ratios.
Response responseFor(const std::vector<double>& perWheel);
/// maxResponse x multiplier, per wheel.
std::vector<double> perWheel(const Response& response);

/// Brake command 0 and 1 (brake, handbrake; a tank's left and right track brakes) and the steer
/// response, per the drive type's rules (vehicle-model §2.14, §2.15).
Response brakeResponse(const VehicleConfig& vehicle);
Response handbrakeResponse(const VehicleConfig& vehicle);
Response steerResponse(const VehicleConfig& vehicle);

/// The static torque split of the drive and the weights of the wheel speeds at the clutch (the
/// differential's torqueRatios and aveWheelSpeedRatios), per wheel.
struct Split {
    std::vector<double> torqueRatios;
    std::vector<double> aveWheelSpeedRatios;
};
Split driveSplit(const VehicleConfig& vehicle);

/// PxVehicleFourWheelDriveDifferentialParams' limited-slip settings (0 = off).
struct FourWheelBiases {
    double centerBias = 0.0, centerTarget = 0.0;
    double frontBias = 0.0, frontTarget = 0.0;
    double rearBias = 0.0, rearTarget = 0.0;
    double rate = 0.0;
};
FourWheelBiases fourWheelBiases(const VehicleConfig& vehicle, ConversionReport& report);

/// A 4W differential from the torque split over Jounce's wheels 0-3 and the biases. Returns an
/// error message ("" on success).
std::string importFourWheel(const std::array<double, 4>& torque, const std::array<double, 4>& aveSpeed,
                            const FourWheelBiases& biases, Differential4WData& out, ConversionReport& report);

/// The gear ratios for the PhysX 5 files: Jounce's list with the neutral gear at index 1.
inline constexpr int kNeutralGear = kNeutralGearIndex;

/// The torque a no-drive vehicle's wheel gets at full throttle from Jounce's keyboard mapping
/// (maxBrakeTorque / 4, scenario/ManualInput.cpp).
double directDriveTorque(const WheelData& wheel);

}  // namespace jounce::exchange::p5
