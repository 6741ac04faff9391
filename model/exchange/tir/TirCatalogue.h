#pragma once
// What the sections and keys of a .tir file are to Jounce's Magic Formula tire (docs/tires.md
// "Importing .tir files"): which registry object of tire.magicFormula a section's keys go to, the
// keys read under another name, the keys only read to decide something (FITTYP), why Jounce has
// no place for the others, and the coefficients Magic Formula takes as 0 when a file leaves them
// out. The coefficients themselves are not listed here: a key is imported when the registry's
// object has a leaf of its name.

#include <optional>
#include <string>
#include <string_view>

namespace jounce::exchange::tir {

/// The registry object under tire.magicFormula ("lateral") the keys of `section` go to; "" when
/// Jounce imports nothing from the section.
std::string_view registryObjectOf(std::string_view section);

/// Whether a .tir section feeds the registry object `object` ("lowSpeed" is Jounce's own).
bool isFileObject(std::string_view object);

/// The registry key a key is read as, where it differs: Chrono's [TIRE_CONDITIONS] IP is INFLPRES.
/// `key` itself otherwise.
std::string_view registryKeyOf(std::string_view section, std::string_view key);

/// Keys that describe the file rather than the tire, or that decide how the others are read
/// ([MDI_HEADER], [UNITS], FITTYP, PROPERTY_FILE_FORMAT): read, never reported as left out.
bool isConsumed(std::string_view section, std::string_view key);

/// Why Jounce's Magic Formula has no place for `key` of `section` (a key it does not import):
/// "Jounce's wheel load comes from the suspension".
std::string unsupportedReason(std::string_view section, std::string_view key);

/// The value Magic Formula gives a coefficient a file leaves out (its term is absent from the fit),
/// where that differs from the registry's default and the equations of the file's version use it;
/// nullopt where the registry's default stands in.
std::optional<double> absentValue(std::string_view key, bool mf61);

/// "MF 6.1" or "MF 5.2" for a coefficient only that version's equations use (PKY6, PTX1); "" for
/// the coefficients both use.
std::string_view onlyIn(std::string_view key);

}  // namespace jounce::exchange::tir
