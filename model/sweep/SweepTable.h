#pragma once
// The results table of a sweep (docs/sweeps.md "Results"): CSV, one header line, then one line per
// point in id order: point, the parameter values, the figures, status. Numbers are the shortest text
// that reads back to the same double, so equal results give equal bytes. A chunk's table starts with
// one "# jounce-sweep-chunk {...}" line saying which points of which sweep it holds; collecting the
// chunks checks every point is there exactly once and gives the table a local run writes.

#include "sweep/SweepRun.h"

#include <span>
#include <string>
#include <utility>
#include <vector>

namespace jounce::sweep {

inline constexpr const char* kChunkMarker = "# jounce-sweep-chunk ";

/// A CSV field: as it is, or quoted (RFC 4180) when it holds a comma, a quote or a line break.
std::string csvField(const std::string& text);
/// A parameter value or figure as a cell: numbers in shortest round-trip form, names bare, n/a empty.
std::string valueCell(const Json& value);
std::string figureCell(const std::optional<double>& value);

/// "point,NAME [unit],...,FIGURE [unit],...,status".
std::string tableHeader(const Sweep& sweep);
std::string tableRow(const PointResult& result);
/// The header and every row, newline-terminated.
std::string tableCsv(const Sweep& sweep, std::span<const PointResult> results);
/// A chunk file's results: the marker line, then tableCsv.
std::string chunkCsv(const Sweep& sweep, std::span<const PointResult> results);

/// One chunk result file as read: its name (for messages) and its text.
struct ChunkFile {
    std::string name;
    std::string text;
};

struct Collected {
    std::string table;   ///< the merged table; empty on error
    std::string error;   ///< why the chunks do not make a whole sweep, naming files and point ids
    std::size_t points = 0;
    std::size_t chunks = 0;  ///< the plan's chunk count

    bool ok() const { return error.empty(); }
};

/// Merges chunk tables: every file from the same sweep (fingerprint) with the same header, every
/// point of the sweep exactly once (missing and duplicated ids are errors, listed as ranges).
Collected collectChunks(std::span<const ChunkFile> files);

/// "3, 7-9, 12" (at most `max` ranges, then "and N more").
std::string idRanges(std::vector<std::size_t> ids, std::size_t max = 20);

}  // namespace jounce::sweep
