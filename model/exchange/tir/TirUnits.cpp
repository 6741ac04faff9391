#include "exchange/tir/TirUnits.h"

#include <cctype>
#include <cmath>
#include <initializer_list>
#include <numbers>
#include <unordered_map>

namespace jounce::exchange::tir {
namespace {

struct UnitName {
    const char* name;  ///< lower case
    double si;         ///< the SI value of one of it
};

struct Quantity {
    const char* key;  ///< the [UNITS] key
    double UnitFactors::*factor;
    std::initializer_list<UnitName> names;  ///< the first of each value is the one messages name
};

constexpr double kDegree = std::numbers::pi / 180.0;
constexpr double kPoundForce = 4.4482216152605;  // N (lbf, exact by definition)
constexpr double kPsi = 6894.757293168361;       // Pa (lbf / in^2)

// The unit names of the ADAMS/TNO property files (the MSC and Altair tire documentation's lists),
// with the usual abbreviations files are written with.
const Quantity kQuantities[] = {
    {"LENGTH", &UnitFactors::length,
     {{"meter", 1.0}, {"meters", 1.0}, {"metre", 1.0}, {"metres", 1.0}, {"m", 1.0}, {"mm", 1e-3}, {"millimeter", 1e-3},
      {"millimeters", 1e-3}, {"millimetre", 1e-3}, {"cm", 1e-2}, {"centimeter", 1e-2}, {"centimetre", 1e-2},
      {"km", 1e3}, {"kilometer", 1e3}, {"inch", 0.0254}, {"inches", 0.0254}, {"in", 0.0254}, {"foot", 0.3048},
      {"feet", 0.3048}, {"ft", 0.3048}, {"mile", 1609.344}}},
    {"FORCE", &UnitFactors::force,
     {{"newton", 1.0}, {"newtons", 1.0}, {"n", 1.0}, {"knewton", 1e3}, {"kilonewton", 1e3}, {"kn", 1e3},
      {"pound_force", kPoundForce}, {"lbf", kPoundForce}, {"kpound_force", 1e3 * kPoundForce}, {"klbf", 1e3 * kPoundForce},
      {"kg_force", 9.80665}, {"kgf", 9.80665}, {"dyne", 1e-5}, {"ounce_force", kPoundForce / 16.0}}},
    {"ANGLE", &UnitFactors::angle,
     {{"radian", 1.0}, {"radians", 1.0}, {"rad", 1.0}, {"degree", kDegree}, {"degrees", kDegree}, {"deg", kDegree}}},
    {"MASS", &UnitFactors::mass,
     {{"kg", 1.0}, {"kilogram", 1.0}, {"kilograms", 1.0}, {"gram", 1e-3}, {"grams", 1e-3}, {"g", 1e-3},
      {"pound_mass", 0.45359237}, {"lbm", 0.45359237}, {"kpound_mass", 453.59237}, {"slug", 14.593902937},
      {"ounce_mass", 0.028349523125}, {"tonne", 1e3}}},
    {"TIME", &UnitFactors::time,
     {{"second", 1.0}, {"seconds", 1.0}, {"sec", 1.0}, {"s", 1.0}, {"millisecond", 1e-3}, {"milli", 1e-3},
      {"ms", 1e-3}, {"minute", 60.0}, {"min", 60.0}, {"hour", 3600.0}, {"h", 3600.0}}},
    {"PRESSURE", &UnitFactors::pressure,
     {{"pascal", 1.0}, {"pa", 1.0}, {"kpascal", 1e3}, {"kilopascal", 1e3}, {"kpa", 1e3}, {"mpa", 1e6},
      {"megapascal", 1e6}, {"bar", 1e5}, {"mbar", 100.0}, {"psi", kPsi}, {"ksi", 1e3 * kPsi}, {"atm", 101325.0}}},
};

const Quantity* quantityOf(std::string_view key)
{
    for (const Quantity& q : kQuantities)
        if (key == q.key)
            return &q;
    return nullptr;
}

std::string lowerTrimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

constexpr Dimension kLength{.length = 1};
constexpr Dimension kForce{.force = 1};
constexpr Dimension kStiffness{.length = -1, .force = 1};
constexpr Dimension kDamping{.length = -1, .force = 1, .time = 1};
constexpr Dimension kPressure{.pressure = 1};
constexpr Dimension kSpeed{.length = 1, .time = -1};
constexpr Dimension kMass{.mass = 1};
constexpr Dimension kAngle{.angle = 1};
constexpr Dimension kPerAngle{.angle = -1};
constexpr Dimension kPerAngleSquared{.angle = -2};

/// Every key with a dimension. The coefficients' are the registry's units (1/rad: the term is
/// multiplied by the camber angle; 1/rad^2: by its square; rad: added to the slip angle).
const std::unordered_map<std::string_view, Dimension>& dimensions()
{
    static const std::unordered_map<std::string_view, Dimension> table = [] {
        std::unordered_map<std::string_view, Dimension> t;
        const auto add = [&t](Dimension d, std::initializer_list<std::string_view> keys) {
            for (std::string_view k : keys)
                t.emplace(k, d);
        };
        add(kLength, {"UNLOADED_RADIUS", "WIDTH", "RIM_RADIUS", "RIM_WIDTH", "BOTTOMING_RADIUS", "BOTTOM_OFFST"});
        add(kForce, {"FNOMIN", "FZMIN", "FZMAX"});
        add(kStiffness, {"VERTICAL_STIFFNESS", "LONGITUDINAL_STIFFNESS", "LATERAL_STIFFNESS", "BOTTOM_STIFF"});
        add(kDamping, {"VERTICAL_DAMPING"});
        add(kPressure, {"INFLPRES", "NOMPRES", "IP", "IP_NOM", "PRESMIN", "PRESMAX"});
        add(kSpeed, {"LONGVL", "VXLOW"});
        add(kMass, {"MBELT", "TIRE_MASS"});
        add(kAngle, {"QHZ1", "QHZ2", "RBY3", "ALPMIN", "ALPMAX", "CAMMIN", "CAMMAX"});
        add(kPerAngle, {"PEY4", "PKY3", "PKY6", "PKY7", "PVY3", "PVY4", "QBZ4", "QBZ5", "QDZ3", "QDZ8", "QDZ9", "RVY3",
                        "SSZ3", "SSZ4", "QEZ5"});
        add(kPerAngleSquared, {"PDX3", "PDY3", "PEY5", "PKY5", "QBZ6", "QDZ4", "QDZ10", "QDZ11", "RBX3", "RBY4"});
        return t;
    }();
    return table;
}

/// "N", "m^2", as a factor of a unit string.
void appendPower(std::string& out, const char* unit, int power)
{
    if (!out.empty())
        out += ' ';
    out += unit;
    if (power > 1)
        out += "^" + std::to_string(power);
}

}  // namespace

double UnitFactors::factor(const Dimension& d) const
{
    return std::pow(length, d.length) * std::pow(force, d.force) * std::pow(angle, d.angle) * std::pow(time, d.time) *
           std::pow(mass, d.mass) * std::pow(pressure, d.pressure);
}

bool isUnitKey(std::string_view key) { return quantityOf(key) != nullptr; }

std::string setUnit(UnitFactors& units, std::string_view key, std::string_view unit)
{
    const Quantity* q = quantityOf(key);
    if (!q)
        return std::string(key) + " is not a quantity of [UNITS] (LENGTH, FORCE, ANGLE, MASS, TIME, PRESSURE)";
    const std::string name = lowerTrimmed(unit);
    for (const UnitName& n : q->names) {
        if (name == n.name) {
            units.*(q->factor) = n.si;
            return {};
        }
    }
    std::string known;
    for (const UnitName& n : q->names)
        known += (known.empty() ? "" : ", ") + std::string(n.name);
    return "not a " + lowerTrimmed(key) + " unit Jounce knows (" + known + ")";
}

Dimension dimensionOf(std::string_view key)
{
    const auto& table = dimensions();
    const auto it = table.find(key);
    return it == table.end() ? Dimension{} : it->second;
}

std::string siUnit(const Dimension& d)
{
    const std::pair<const char*, int> parts[] = {{"N", d.force}, {"kg", d.mass}, {"m", d.length},
                                                 {"Pa", d.pressure}, {"rad", d.angle}, {"s", d.time}};
    std::string up, down;
    for (const auto& [unit, power] : parts) {
        if (power > 0)
            appendPower(up, unit, power);
        else if (power < 0)
            appendPower(down, unit, -power);
    }
    if (down.empty())
        return up.empty() ? "1" : up;
    return (up.empty() ? "1" : up) + "/" + down;
}

}  // namespace jounce::exchange::tir
