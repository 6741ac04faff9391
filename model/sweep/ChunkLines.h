#pragma once
// The lines of a chunk's results as `jounce-cli sweep --run-chunk` writes them (docs/sweeps.md "On a
// cluster"), checked before `--collect` merges them: results come back from other machines, cut
// short by an interrupted copy, converted to CR LF, edited by hand. Every line must be one the
// writer could have written, so that the merged table is byte for byte the table of a local run.

#include "sweep/Sweep.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace jounce::sweep {

/// What a parameter column holds. Any: the chunk's marker does not say (results written before it
/// listed the parameters' kinds): any value the writer could write.
enum class ValueKind { Number, Boolean, Name, Any };

/// "number", "boolean", "name" (the marker's "parameters" list).
const char* valueKindName(ValueKind kind) noexcept;
std::optional<ValueKind> valueKindFromName(std::string_view name);
/// The kind of a parameter's values: a range and factors are numbers, a list holds one kind.
ValueKind parameterKind(const Parameter& p);

/// A line of results, without its line end, split into its cells.
struct CsvLine {
    std::vector<std::string> cells;  ///< unquoted
    std::string error;               ///< "" or why no writer wrote this line ("not UTF-8", "cell 3: ...")
    std::size_t misquoted = 0;       ///< 1-based: the first cell quoted otherwise than csvField quotes it
};

/// Splits a line as --run-chunk writes it: UTF-8 without NUL, CR or an empty line, cells quoted
/// only when csvField quotes them, and then as csvField does.
CsvLine splitLine(std::string_view line);

/// The header: "point", the parameters' and figures' columns, "status" (`parameters` parameter
/// columns); "" or what is wrong.
std::string headerProblem(const std::vector<std::string>& header, std::size_t parameters);

/// A row (split without an error) against the header: the count, the quoting, then each cell (id in [first, end), parameter
/// values of their kind, figures empty or in shortest form, a status). "" or what is wrong.
std::string rowProblem(const CsvLine& row, const std::vector<std::string>& header, std::span<const ValueKind> parameters,
                       std::size_t first, std::size_t end);

/// The row's point id (its first cell, checked by rowProblem).
std::size_t rowPointId(const std::vector<std::string>& cells);

}  // namespace jounce::sweep
