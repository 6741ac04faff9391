// Fuzz target: telemetry CSVs, the way File ▸ Open Run reads one as a reference. A file read
// without errors must take memory within its stated bound (TelemetryCsvReader.h), hold every
// Jounce column of its header exactly once, have times that never go back, and -- when it holds
// every channel of its wheels -- save as a run file that reads back with the same values.

#include "FuzzSupport.h"

#include "run/RunFile.h"
#include "run/TelemetryCsvReader.h"
#include "telemetry/Channels.h"

#include <cmath>
#include <vector>

namespace {

using namespace jounce;

/// The header row's cells, as the reader splits them.
std::vector<std::string_view> headerCells(std::string_view text)
{
    std::string_view line = text.substr(0, text.find('\n'));
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    std::vector<std::string_view> cells;
    for (std::size_t at = 0;;) {
        const std::size_t comma = line.find(',', at);
        cells.push_back(line.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at));
        if (comma == std::string_view::npos)
            return cells;
        at = comma + 1;
    }
}

void checkColumns(std::string_view text, const sim::TelemetryTrack& track)
{
    std::vector<telemetry::Column> seen;
    for (std::string_view cell : headerCells(text)) {
        const std::optional<telemetry::Column> c = telemetry::parseColumn(cell);
        if (!c)
            continue;
        for (const telemetry::Column& s : seen)
            FUZZ_CHECK(!(s == *c), "the column \"" + std::string(cell) + "\" was read twice");
        seen.push_back(*c);
        FUZZ_CHECK(c->kind == telemetry::Column::Kind::Time || track.storedIndex(*c) >= 0,
                   "the column \"" + std::string(cell) + "\" was read but is not held");
    }
}

void checkSavedAsRunFile(const sim::RunLog& run)
{
    const sim::RunFileDocument doc = sim::parseRunFile(sim::runFileBytes(run));
    FUZZ_CHECK(doc.ok(), "a whole CSV saved as a run file does not read back: " +
                             (doc.problems.items.empty() ? std::string() : doc.problems.items.front().toString()));
    const sim::TelemetryTrack& a = run.telemetry;
    const sim::TelemetryTrack& b = doc.run->telemetry;
    FUZZ_CHECK(a.size() == b.size() && a.valuesPerFrame() == b.valuesPerFrame(), "the run file has other frames");
    std::vector<float> va(a.valuesPerFrame()), vb(b.valuesPerFrame());
    for (std::size_t i = 0; i < a.size(); i += 1 + a.size() / 16) {
        a.wholeValues(i, va.data());
        b.wholeValues(i, vb.data());
        for (std::size_t k = 0; k < va.size(); ++k)
            FUZZ_CHECK(va[k] == vb[k] || (std::isnan(va[k]) && std::isnan(vb[k])), "frame " + std::to_string(i) + " differs");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    const sim::TelemetryCsvDocument doc = sim::parseTelemetryCsv(text, "fuzz.csv");
    if (!doc.ok()) {
        FUZZ_CHECK(doc.problems.hasErrors(), "a file that did not read must say why");
        return 0;
    }
    const sim::TelemetryTrack& track = doc.run->telemetry;
    const std::size_t bound = sim::kCsvBytesPerFileByte * size + sim::kCsvTrackOverheadBytes;
    FUZZ_CHECK(doc.run->memoryBytes() <= bound,
               std::to_string(size) + " bytes took " + std::to_string(doc.run->memoryBytes()) + " in memory");
    FUZZ_CHECK(!track.empty() && track.wheelCount() <= kMaxWheels, "an empty track or too many wheels");
    for (std::size_t i = 1; i < track.size(); ++i)
        FUZZ_CHECK(std::isfinite(track.time(i)) && track.time(i) >= track.time(i - 1), "a time goes back");
    checkColumns(text, track);
    (void)track.frame(track.size() - 1);
    if (track.whole())
        checkSavedAsRunFile(*doc.run);
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    // The file at full size: a 20-wheel header and 4 MiB of 4-byte rows (the GUI took
    // 1.69 GB for it); the corpus holds a 20 kB cut of it.
    std::string amp = "time,jounce[W19]\n";
    while (amp.size() < (std::size_t(4) << 20))
        amp += "0,0\n";
    return {{"4 MiB of 4-byte rows under a 20-wheel header", amp}};
}
