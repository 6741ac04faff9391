#pragma once
// The units of a .tir file (docs/tires.md "Importing .tir files"): the [UNITS] section names the
// file's unit of each base quantity (LENGTH 'mm', FORCE 'newton', ANGLE 'degree', ...), and every
// key has a dimension in those quantities (VERTICAL_STIFFNESS is force / length, PDY3 per angle
// squared). A value in SI is the file's number times the factor of its key's dimension.
//
// The dimensions follow the Magic Formula 5.2 / 6.1 definitions as the parameter registry states
// them (tire.magicFormula units, model/config/MagicFormulaParameters.cpp): the dimensional
// quantities (radii, loads, stiffnesses, pressures, speeds) and the coefficients that multiply the
// camber angle or shift the slip angle. Every other coefficient is a pure number. A key not listed
// is dimensionless.

#include <optional>
#include <string>
#include <string_view>

namespace jounce::exchange::tir {

/// The powers of the [UNITS] base quantities a value carries: N/m is force 1, length -1.
struct Dimension {
    int length = 0;
    int force = 0;
    int angle = 0;
    int time = 0;
    int mass = 0;
    int pressure = 0;
    friend bool operator==(const Dimension&, const Dimension&) = default;
};

/// The SI value of one file unit of each base quantity: LENGTH = 'mm' makes `length` 0.001.
/// A file without [UNITS] (or without one of its keys) is in SI for that quantity.
struct UnitFactors {
    double length = 1.0;
    double force = 1.0;
    double angle = 1.0;
    double time = 1.0;
    double mass = 1.0;
    double pressure = 1.0;

    /// The factor that turns a number of dimension `d` in the file's units into SI.
    double factor(const Dimension& d) const;
};

/// Whether `key` is one of the [UNITS] keys: LENGTH, FORCE, ANGLE, MASS, TIME, PRESSURE.
bool isUnitKey(std::string_view key);

/// Sets the factor of the [UNITS] key `key` from the unit name `unit` (case and surrounding spaces
/// ignored: 'Meter', 'mm', 'radians', 'kN', 'psi'). "" on success, else the message naming the
/// units Jounce knows for that quantity.
std::string setUnit(UnitFactors& units, std::string_view key, std::string_view unit);

/// The dimension of a .tir key (upper case); dimensionless when the key is not listed.
Dimension dimensionOf(std::string_view key);

/// The SI unit of a dimension as the parameter registry writes units: "m", "N/m", "Pa", "m/s",
/// "rad", "1/rad^2", "1" for none.
std::string siUnit(const Dimension& d);

}  // namespace jounce::exchange::tir
