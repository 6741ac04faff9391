#pragma once
// Reading a parsed USD layer into a Jounce vehicle (private to the USD importer): typed attribute
// reads that report by line, the layer's units and vehicle frame, and the parts of the import
// split across UsdImport.cpp and UsdImportDrive.cpp.

#include "exchange/AxisFrame.h"
#include "exchange/ConversionReport.h"
#include "exchange/usd/UsdLayer.h"
#include "exchange/usd/UsdaParser.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jounce::exchange::usdread {

/// The layer's units (metersPerUnit, kilogramsPerUnit) as factors to SI per quantity.
struct Units {
    double length = 0.01;  ///< USD's default: centimetres
    double mass = 1.0;
    double force() const { return mass * length; }
    double torque() const { return mass * length * length; }  ///< also inertia and rotational damping
};

/// Typed reads of one prim's attributes. A missing attribute is nullopt; a wrong one is reported
/// at its line and is nullopt too; time-sampled values are not read (a warning).
class Attributes {
public:
    Attributes(const usda::Prim& prim, Problems& problems) : prim_(&prim), problems_(&problems) {}

    const usda::Prim& prim() const { return *prim_; }
    bool has(std::string_view name) const;
    std::optional<double> number(std::string_view name) const;
    std::optional<bool> boolean(std::string_view name) const;
    std::optional<std::string> token(std::string_view name) const;
    /// A tuple of `size` numbers: (x, y, z).
    std::optional<std::vector<double>> tuple(std::string_view name, std::size_t size) const;
    std::optional<Vec3> vec3(std::string_view name) const;
    /// A list of numbers: [a, b, c].
    std::optional<std::vector<double>> numbers(std::string_view name) const;
    /// A list of tuples of `size` numbers: [(a, b), (c, d)].
    std::optional<std::vector<std::vector<double>>> tuples(std::string_view name, std::size_t size) const;
    /// A relationship's target paths.
    std::vector<std::string> targets(std::string_view name) const;

private:
    const usda::Value* value(std::string_view name) const;
    void wrong(const usda::Value& v, std::string_view name, const std::string& expected) const;
    const usda::Prim* prim_;
    Problems* problems_;
};

/// Numbers of a dictionary entry or value: a number, or a tuple/list of numbers.
std::optional<std::vector<double>> numbersOf(const usda::Value& v);

struct Context {
    const usda::Layer& layer;
    Problems& problems;
    ConversionReport& report;
    const UsdImportOptions& options;
    Units units;
    AxisFrame frame;
    const usda::Prim* vehicle = nullptr;
    const usda::Value* jounce = nullptr;  ///< the vehicle's customData jounce dictionary
    Vec3 origin;                          ///< what point() subtracts: the chassis origin in the prim's frame
    bool hasBox = false;                  ///< the layer gave the chassis box
    std::vector<const usda::Prim*> wheels;  ///< wheel-attachment prims in Jounce's order
    std::vector<int> indices;             ///< their physxVehicleWheelAttachment:index values

    /// A point of the vehicle prim's frame in Jounce's chassis frame (axes, metres, origin).
    Vec3 point(const Vec3& p) const;
    /// A direction or offset of the vehicle prim's frame in Jounce's axes (scaled by `factor`).
    Vec3 vector(const Vec3& v, double factor) const;
    /// Jounce's index of the wheel with attachment index `index`, or the wheel count.
    std::size_t wheelAt(long long index) const;
    /// The prim a relationship of `prim` targets, or `prim` itself when it applies `api`; nullptr,
    /// with an error, when the target is not in the layer or does not apply `api`.
    const usda::Prim* component(const usda::Prim& prim, const char* api, const char* rel) const;
    /// The jounce customData entry `key`, or nullptr.
    const usda::Value* extra(std::string_view key) const;
};

/// The wheel attachments -> the wheels, in Jounce's order (UsdImportWheels.cpp).
void readWheels(Context& c, VehicleConfig& v);
/// The drive: engine, gears, autobox, clutch, differential, brakes and steering (UsdImportDrive.cpp).
void readDrive(Context& c, VehicleConfig& v);
/// Brakes, steering and the Ackermann geometry (UsdImportExtras.cpp).
void readCommands(Context& c, VehicleConfig& v);
/// Ground materials and tire friction tables -> surfaces and the wheels' tire types.
void readSurfaces(Context& c, VehicleConfig& v);
/// Jounce's customData: what no PhysxSchema attribute holds.
void readExtras(Context& c, VehicleConfig& v);

}  // namespace jounce::exchange::usdread
