#include "exchange/tir/TirCatalogue.h"

#include <algorithm>
#include <initializer_list>

namespace jounce::exchange::tir {
namespace {

struct SectionObject {
    std::string_view section;
    std::string_view object;
};

/// The sections whose keys Jounce imports, and the registry object each goes to. [VERTICAL] gives
/// its nominal load FNOMIN; Chrono's [TIRE_CONDITIONS] its pressures under other names.
constexpr SectionObject kImported[] = {
    {"MODEL", "model"},
    {"DIMENSION", "dimension"},
    {"OPERATING_CONDITIONS", "operating"},
    {"VERTICAL", "operating"},
    {"TIRE_CONDITIONS", "operating"},
    {"STRUCTURAL", "structural"},
    {"SCALING_COEFFICIENTS", "scaling"},
    {"LONGITUDINAL_COEFFICIENTS", "longitudinal"},
    {"LATERAL_COEFFICIENTS", "lateral"},
    {"ALIGNING_COEFFICIENTS", "aligning"},
};

struct Reason {
    std::string_view section;                    ///< "" for any section
    std::initializer_list<std::string_view> keys;  ///< empty for every key of the section
    std::string_view why;
};

constexpr std::string_view kLoadFromSuspension = "Jounce's wheel load comes from the suspension, not from a tire stiffness";
constexpr std::string_view kNoMx = "the overturning moment Mx is not modelled";
constexpr std::string_view kNoMy = "the rolling resistance moment My is not modelled";
constexpr std::string_view kOwnLowSpeed = "low-speed damping of the program the file was written for: Jounce's own "
                                          "low-speed regime (tire.magicFormula.lowSpeed) does this";

/// The first row that matches a key gives its reason: keys before whole sections.
const Reason kReasons[] = {
    {"VERTICAL", {"BREFF", "DREFF", "FREFF", "Q_RE0", "Q_V1", "Q_V2"},
     "the effective rolling radius: Jounce's wheel rolls on its radius (wheels[*].wheel.radius)"},
    {"VERTICAL", {}, kLoadFromSuspension},
    {"MODEL", {"USE_MODE"}, "Jounce always computes the combined slip forces and moments with relaxation"},
    {"MODEL", {}, "a switch of the program the file was written for: Jounce has no such option"},
    {"DIMENSION", {}, "rim contact (bottoming) is not modelled"},
    {"STRUCTURAL", {}, "the carcass dynamics (MF-Swift's rigid ring) are not modelled: only the longitudinal and "
                       "lateral stiffnesses are read, for the relaxation lengths"},
    {"SCALING_COEFFICIENTS", {"LMX", "LVMX"}, kNoMx},
    {"SCALING_COEFFICIENTS", {"LMY"}, kNoMy},
    {"SCALING_COEFFICIENTS", {"LGYR"}, "the gyroscopic torque is not modelled"},
    {"SCALING_COEFFICIENTS", {"LCZ"}, kLoadFromSuspension},
    {"SCALING_COEFFICIENTS", {}, "a scale factor of a term Jounce's Magic Formula does not have"},
    {"LONGITUDINAL_COEFFICIENTS", {"PTX4"}, kOwnLowSpeed},
    {"LATERAL_COEFFICIENTS", {"PTY3"}, kOwnLowSpeed},
    {"ALIGNING_COEFFICIENTS", {"QTZ1"}, "the gyroscopic torque is not modelled"},
    {"ALIGNING_COEFFICIENTS", {"MBELT"}, "the belt's mass (belt dynamics) is not modelled"},
    {"ALIGNING_COEFFICIENTS", {"QPZ1", "QPZ2"},
     "Chrono's pressure terms of the trail and the residual moment, not carried over: Jounce's MF 6.1 ones are "
     "PPZ1 and PPZ2"},
    {"OVERTURNING_COEFFICIENTS", {}, kNoMx},
    {"ROLLING_COEFFICIENTS", {}, kNoMy},
    {"LONG_SLIP_RANGE", {}, "the range of the fit: Jounce does not limit the slip to it"},
    {"SLIP_ANGLE_RANGE", {}, "the range of the fit: Jounce does not limit the slip angle to it"},
    {"INCLINATION_ANGLE_RANGE", {}, "the range of the fit: Jounce does not limit the camber to it"},
    {"VERTICAL_FORCE_RANGE", {}, "the range of the fit: Jounce does not limit the load to it"},
    {"INFLATION_PRESSURE_RANGE", {}, "the range of the fit: Jounce does not limit the pressure to it"},
    {"SHAPE", {}, "the cross-section for 3D enveloping contact: Jounce's tire touches the ground at one point"},
    {"CONTACT_PATCH", {}, "the contact patch for enveloping short obstacles (MF-Swift) is not modelled"},
    {"TURNSLIP_COEFFICIENTS", {}, "turn slip (parking, very tight turns) is not modelled"},
    {"LOADED_RADIUS_COEFFICIENTS", {}, kLoadFromSuspension},
    {"DEFLECTION_LOAD_CURVE", {}, kLoadFromSuspension},
    {"BOTTOMING_CURVE", {}, "rim contact (bottoming) is not modelled"},
    {"TRANSIENT_COEFFICIENTS", {}, "MF-Swift's transient behaviour is not modelled"},
};

bool listed(std::initializer_list<std::string_view> keys, std::string_view key)
{
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

/// Coefficients of one version's equations only (the registry's "(MF 6.1)", "(MF 5.2)").
constexpr std::string_view kMf61Only[] = {"PEY5", "PKY4", "PKY5", "PKY6", "PKY7", "PPX1", "PPX2", "PPX3", "PPX4",
                                          "PPY1", "PPY2", "PPY3", "PPY4", "PPY5", "PPZ1", "PPZ2", "RBX3", "RBY4",
                                          "QBZ6", "QDZ10", "QDZ11", "INFLPRES", "NOMPRES", "LKYC", "LKZC",
                                          "LONGITUDINAL_STIFFNESS", "LATERAL_STIFFNESS"};
constexpr std::string_view kMf52Only[] = {"PHY3", "QBZ4", "LGAX", "LGAY", "LGAZ"};

template <std::size_t N>
bool in(const std::string_view (&list)[N], std::string_view key)
{
    return std::find(std::begin(list), std::end(list), key) != std::end(list);
}

}  // namespace

std::string_view registryObjectOf(std::string_view section)
{
    for (const SectionObject& s : kImported)
        if (s.section == section)
            return s.object;
    return {};
}

bool isFileObject(std::string_view object)
{
    for (const SectionObject& s : kImported)
        if (s.object == object)
            return true;
    return false;
}

std::string_view registryKeyOf(std::string_view section, std::string_view key)
{
    if (section == "TIRE_CONDITIONS" && key == "IP")
        return "INFLPRES";
    if (section == "TIRE_CONDITIONS" && key == "IP_NOM")
        return "NOMPRES";
    return key;
}

bool isConsumed(std::string_view section, std::string_view key)
{
    return section == "MDI_HEADER" || section == "UNITS" || (section == "MODEL" && key == "PROPERTY_FILE_FORMAT");
}

std::string unsupportedReason(std::string_view section, std::string_view key)
{
    for (const Reason& r : kReasons)
        if (r.section == section && (r.keys.size() == 0 || listed(r.keys, key)))
            return std::string(r.why);
    if (!registryObjectOf(section).empty())
        return "not a coefficient of the Magic Formula 5.2 / 6.1 equations Jounce uses";
    return "a section Jounce's Magic Formula does not read";
}

std::optional<double> absentValue(std::string_view key, bool mf61)
{
    // The variation of the friction with load and of the relaxation length with load: a fit without
    // them has none. The camber stiffness of MF 6.1: a fit without it has no camber thrust.
    if (key == "PDX2" || key == "PDY2" || key == "PTX2")
        return 0.0;
    if (mf61 && key == "PKY6")
        return 0.0;
    return std::nullopt;
}

std::string_view onlyIn(std::string_view key)
{
    if (in(kMf61Only, key))
        return "MF 6.1";
    if (in(kMf52Only, key))
        return "MF 5.2";
    return {};
}

}  // namespace jounce::exchange::tir
