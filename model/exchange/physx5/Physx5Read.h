#pragma once
// Reading PhysX 5 snippet JSON into PhysX 5 terms (private to the importer): every member NVIDIA's
// reader requires is required here too, every problem is located by its JSON pointer, and the
// values come out in Jounce's axes and SI units (the file's Frame and Scale undone), positions
// relative to the centre of mass, wheels by the file's WheelId.

#include "exchange/AxisFrame.h"
#include "exchange/ConversionReport.h"
#include "exchange/physx5/Physx5Json.h"
#include "exchange/physx5/Physx5Mapping.h"
#include "json/JsonText.h"
#include "json/ObjectReader.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace jounce::exchange::p5 {

/// PhysX 5's limits: 20 wheels, 32 gears, 8 torque-curve points, 3 points per compliance graph.
inline constexpr std::size_t kMaxWheels = 20;
inline constexpr std::size_t kMaxGears = 32;

struct Ackermann {
    std::array<int, 2> wheelIds{0, 1};  ///< negative lateral side, positive lateral side
    double wheelBase = 0.0;
    double trackWidth = 0.0;
    double strength = 0.0;
};

struct BaseData {
    AxisFrame frame;
    double scale = 1.0;
    std::size_t wheelCount = 0;
    double mass = 0.0;
    Vec3 moi;
    bool limitExpansion = false;
    bool sweepJounce = false;  ///< JounceCalculationType 1: the wheel's cylinder on the road plane
    Response brake, handbrake, steer;
    Ackermann ackermann;
    std::vector<Wheel> wheels;  ///< by WheelId
    bool legacySprings = false;  ///< SuspensionForceLegacyParams gave every wheel's rest distance
};

struct DriveData {
    bool engine = false;  ///< EngineDrive.json; else DirectDrive.json
    AutoBoxData autoBox;
    double clutchStrength = 0.0;
    EngineData engineData;
    double idleOmega = 0.0;
    int neutralGear = 1;
    std::vector<double> ratios;  ///< with the reverse gears and neutral, as in the file
    double finalRatio = 0.0;
    double switchTime = 0.0;
    Split multiWheel, fourWheel, tank;  ///< per WheelId
    std::array<int, 2> frontWheelIds{0, 1}, rearWheelIds{2, 3};
    FourWheelBiases biases;
    std::vector<std::vector<int>> tankTracks;
    ClutchData clutch;
    Response throttle;
};

/// Base.json. Returns false when the file could not be read far enough to build a vehicle.
bool readBase(const json::Json& doc, Problems& problems, ConversionReport& report, BaseData& out);
/// EngineDrive.json or DirectDrive.json for a vehicle of `wheels` wheels at `scale`.
bool readDrive(const json::Json& doc, std::size_t wheels, double scale, Problems& problems,
               ConversionReport& report, DriveData& out);

/// Picks EngineDrive.json's differential (options.differential, or Auto's rule) and fills the
/// drive type's part of `v`; `order[k]` is the WheelId of Jounce wheel k. Problems that make the
/// choice impossible go to `driveProblems`.
void assembleDifferential(const BaseData& base, const DriveData& drive, const Physx5ImportOptions& options,
                          const std::vector<std::size_t>& order, VehicleConfig& v, Problems& driveProblems,
                          ConversionReport& report);

// ---- helpers shared by the two readers -------------------------------------------------------------

/// [x, y, z] of finite numbers.
std::optional<Vec3> readVec3(const json::Json& v, const std::string& pointer, Problems& problems);
/// A list of finite numbers, within `count`.
std::optional<std::vector<double>> readNumbers(const json::Json* v, const std::string& pointer,
                                               const json::ItemCount& count, Problems& problems);
/// MaxResponse and WheelResponseMultipliers (at least one per wheel); NonLinearResponse is noted
/// as dropped. `torqueScale` converts MaxResponse to SI.
std::optional<Response> readResponse(json::ObjectReader& parent, const char* key, std::size_t wheels,
                                     double torqueScale, ConversionReport& report);

}  // namespace jounce::exchange::p5
