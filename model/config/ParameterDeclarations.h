#pragma once
// The vocabulary the parameter declarations (VehicleParameters.cpp, TireParameters.cpp) are written
// in, internal to model/config: limits, plausible ranges, the unit slips tried on an implausible
// value, and the guide sections a parameter is described under.

#include "RegistryBuilder.h"

#include <limits>
#include <numbers>
#include <string>
#include <vector>

namespace jounce::config::declare {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kHalfPi = std::numbers::pi / 2.0;

inline Limits any() { return {}; }
inline Limits gt(double v) { return {v, kInf, true, false}; }
inline Limits ge(double v) { return {v, kInf, false, false}; }
inline Limits closed(double a, double b) { return {a, b, false, false}; }
inline Limits open(double a, double b) { return {a, b, true, true}; }
/// A plausible range (conventions.md "Plausible ranges"): what a vehicle from a 1:10 RC car to a
/// mining haul truck, or a PhysX game vehicle, can have.
inline Limits plaus(double a, double b) { return closed(a, b); }
/// No plausible range beyond the hard limits (bounded fractions, indices, names, flags).
inline Limits same() { return {}; }

/// Positions in the chassis frame: half the length of the longest rigid vehicle, with room.
inline constexpr double kMaxOffset = 25.0;

/// The units a value in `unit` is easily typed in instead; tried in this order on an implausible
/// value (conventions.md "Plausible ranges"). Spring and damper rates in N/mm are not among them:
/// a soft RC spring in N/m and a car spring in N/mm overlap.
inline std::vector<UnitSlip> slipsFor(const std::string& unit)
{
    if (unit == "m")
        return {{"millimetres", 1e-3}, {"centimetres", 1e-2}};
    if (unit == "kg")
        return {{"grams", 1e-3}};
    if (unit == "rad")
        return {{"degrees", std::numbers::pi / 180.0}};
    if (unit == "rad/s")
        return {{"rpm", 2.0 * std::numbers::pi / 60.0}};
    if (unit == "s")
        return {{"milliseconds", 1e-3}};
    return {};
}

/// A guide section and the model section of its parameters; called, it describes one parameter.
struct Section {
    const char* guide;
    const char* spec;
    ParamInfo operator()(const char* unit, Limits hard, Limits plausible, double typicalMin, double typicalMax,
                         const char* description, bool required = false) const
    {
        ParamInfo p;
        p.unit = unit;
        p.hard = hard;
        p.plausible = plausible;
        p.unitSlips = slipsFor(p.unit);
        p.typicalMin = typicalMin;
        p.typicalMax = typicalMax;
        p.section = guide;
        p.specRef = spec;
        p.description = description;
        p.required = required;
        return p;
    }
};

/// The parameters of a wheel's tire: its type, the model chosen and that model's parameters
/// (TireParameters.cpp).
void tireParameters(build::ObjectBuilder<TireData> tire);
/// The Magic Formula tire's coefficients, one object per .tir section (MagicFormulaParameters.cpp).
void magicFormulaTireParameters(build::ObjectBuilder<MagicFormulaTireParams> mf);
/// The relations between a tire model's parameters that their limits cannot express (the friction
/// graph's point order), reported under `pointer`, the tire's JSON pointer.
void checkTireRelations(const TireData& tire, const std::string& pointer, Problems& problems);

}  // namespace jounce::config::declare
