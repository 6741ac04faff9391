#pragma once
// A reader of TNO / ADAMS tire property files (.tir, docs/tires.md "Importing .tir files"): the
// syntax only, nothing of what the keys mean to Jounce (exchange/tir/TirImport.h maps them).
//
//   [SECTION]                         a section; names and keys are read in upper case
//   KEY = value   $ comment           a number (1.5, -3.7e-005, +2) or a quoted string ('LEFT', "x")
//   $ comment, ! comment              whole-line comments; $ and ! also end a value's line
//   {radial width}  /  1.0  0.4       a table: a {header} line, rows of numbers (not interpreted)
//
// [UNITS] is honoured: every number comes out in SI units by its key's dimension (TirUnits.h).
// Hostile text gives an error at its line and no file, never a crash: the size, the line length and
// the line count are bounded, NUL bytes and text that is not UTF-8 are refused, and the time is
// linear in the size.

#include "exchange/tir/TirUnits.h"
#include "json/Problem.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace jounce::exchange {

/// A .tir file larger than this is refused before it is read (real ones are 10-30 kB).
inline constexpr std::size_t kMaxTirBytes = 10u << 20;
/// A longer line is refused (real lines are under 150 bytes, comment included).
inline constexpr std::size_t kMaxTirLineBytes = 4096;
/// A file with more lines is refused (real ones have a few hundred).
inline constexpr std::size_t kMaxTirLines = 20000;
/// A file with more sections is refused (real ones have 15 to 30).
inline constexpr std::size_t kMaxTirSections = 200;

/// One `KEY = value` line.
struct TirEntry {
    std::string section;  ///< upper case, without the brackets: "LATERAL_COEFFICIENTS"
    std::string key;      ///< upper case: "PKY1"
    bool isText = false;  ///< a quoted string (`text`), else a number (`number`)
    double number = 0.0;  ///< in SI units: the file's number times its key's unit factor
    double written = 0.0; ///< the number as the file writes it
    std::string text;     ///< the string without its quotes
    int line = 0;
};

/// A `[SECTION]` line, with the table it holds (the lines of a table are not entries).
struct TirSection {
    std::string name;      ///< upper case, without the brackets
    int line = 0;
    int tableLine = 0;     ///< the first line of its table ({header} or a row of numbers); 0: none
    std::size_t tableRows = 0;
};

struct TirFile {
    std::vector<TirSection> sections;  ///< in file order (a section named twice is listed twice)
    std::vector<TirEntry> entries;     ///< in file order, [UNITS] included
    tir::UnitFactors units;            ///< what [UNITS] says (SI where it says nothing)
    bool hasUnits = false;             ///< the file has a [UNITS] section

    /// The entry `key` of section `section` (both upper case), or nullptr.
    const TirEntry* find(std::string_view section, std::string_view key) const;

    /// Builds the index `find` uses (parseTir calls it).
    void index();

private:
    std::unordered_map<std::string, std::size_t> index_;
};

/// "line 12": the location of a problem of a .tir file.
std::string tirLine(int line);

/// Reads the text of a .tir file. Problems are located "line N"; nullopt when there is an error.
std::optional<TirFile> parseTir(std::string_view text, Problems& problems);

/// parseTir of a file on disk: a file over kMaxTirBytes is refused before it is read.
std::optional<TirFile> readTirFile(const std::string& path, Problems& problems);

}  // namespace jounce::exchange
