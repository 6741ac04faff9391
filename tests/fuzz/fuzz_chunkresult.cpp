// Fuzz target: chunk results (`jounce-cli sweep --run-chunk` CSV, docs/sweeps.md "On a cluster")
// the way `jounce-cli sweep --collect` reads them. The input is one or more result files: it is cut
// into files at every line that starts with the chunk marker, so one input can hold a whole plan's
// results. A refusal names a file or says which points; a merged table has one line per point in id
// order, each a line of the input as it was, and collecting it again as a single chunk gives the
// same bytes.

#include "FuzzSupport.h"

#include "json/JsonText.h"
#include "sweep/SweepTable.h"

#include <string_view>
#include <unordered_set>

namespace {

using namespace jounce;
using namespace jounce::sweep;

/// The input cut into result files at each line starting with the marker.
std::vector<ChunkFile> files(std::string_view text)
{
    std::vector<ChunkFile> out;
    const std::string_view marker(kChunkMarker);
    std::size_t start = 0;
    for (std::size_t at = text.find(marker, 1); at != std::string_view::npos; at = text.find(marker, at + 1)) {
        if (text[at - 1] != '\n')
            continue;
        out.push_back({"chunk-" + std::to_string(out.size()) + ".csv", std::string(text.substr(start, at - start))});
        start = at;
    }
    out.push_back({"chunk-" + std::to_string(out.size()) + ".csv", std::string(text.substr(start))});
    return out;
}

/// The merged table as the single chunk of a one-chunk plan, with the first file's marker.
std::string asOneChunk(const ChunkFile& first, const Collected& merged)
{
    const std::string_view line = std::string_view(first.text).substr(0, first.text.find('\n'));
    Problems ignored;
    std::optional<json::Json> marker = json::parseJson(line.substr(std::string_view(kChunkMarker).size()), ignored);
    FUZZ_CHECK(marker && marker->is_object(), "collected, but the first file's marker does not read again");
    (*marker)["chunk"] = 0;
    (*marker)["chunks"] = 1;
    (*marker)["first"] = 0;
    (*marker)["end"] = merged.points;
    return kChunkMarker + marker->dump() + "\n" + merged.table;
}

void checkMerged(std::string_view input, const std::vector<ChunkFile>& in, const Collected& merged)
{
    std::unordered_set<std::string_view> inputLines;
    for (std::size_t start = 0, end = input.find('\n'); end != std::string_view::npos; start = end + 1, end = input.find('\n', start))
        inputLines.insert(input.substr(start, end - start));
    FUZZ_CHECK(merged.points > 0 && !merged.table.empty() && merged.table.back() == '\n', "an empty merged table");
    std::size_t lines = 0, start = merged.table.find('\n') + 1;
    for (std::size_t end = merged.table.find('\n', start); end != std::string::npos; end = merged.table.find('\n', start)) {
        const std::string_view row = std::string_view(merged.table).substr(start, end - start);
        const std::string id = std::to_string(lines) + ",";
        FUZZ_CHECK(row.starts_with(id), "row " + std::to_string(lines) + " of the merged table is not point " +
                                            std::to_string(lines) + ": " + std::string(row.substr(0, 80)));
        FUZZ_CHECK(inputLines.contains(row), "a merged row that no file holds as a whole line");
        ++lines;
        start = end + 1;
    }
    FUZZ_CHECK(lines == merged.points, std::to_string(lines) + " rows for " + std::to_string(merged.points) + " points");
    const std::vector<ChunkFile> again{{"all.csv", asOneChunk(in.front(), merged)}};
    const Collected twice = collectChunks(again);
    FUZZ_CHECK(twice.ok(), "the merged table does not collect as one chunk: " + twice.error);
    FUZZ_CHECK(twice.table == merged.table, "the merged table changes when collected again");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input = fuzz::asText(data, size);
    const std::vector<ChunkFile> in = files(input);
    const Collected merged = collectChunks(in);
    if (!merged.ok()) {
        FUZZ_CHECK(merged.table.empty(), "a refused collect with a table");
        const bool namesAFile = merged.error.starts_with("chunk-");
        const bool namesPoints = merged.error.starts_with("missing points: ") ||
                                 merged.error.starts_with("points given more than once: ");
        FUZZ_CHECK(namesAFile || namesPoints, "a refusal that names neither a file nor points: " + merged.error);
        return 0;
    }
    checkMerged(input, in, merged);
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    // A plan of 200 000 one-point chunks, too large for the seed corpus: the collect stays linear.
    const std::string header = "point,x [1],status\n";
    std::string text;
    const std::size_t points = 200000;
    for (std::size_t id = 0; id < points; ++id)
        text += std::string(kChunkMarker) + R"({"sweep": "s", "fingerprint": "0123456789abcdef", "chunk": )" +
                std::to_string(id) + R"(, "chunks": 200000, "first": )" + std::to_string(id) + R"(, "end": )" +
                std::to_string(id + 1) + R"(, "points": 200000, "parameters": ["number"]})" "\n" + header +
                std::to_string(id) + "," + std::to_string(id % 7) + ",ok\n";
    return {{"200000 one-point chunks", text}};
}
