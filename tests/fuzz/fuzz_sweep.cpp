// Fuzz target: sweep files (docs/sweeps.md), the way `jounce-cli sweep` reads them, references
// looked up in tests/fuzz/data and the presets. A file read without errors must have a bounded
// number of points, give the same first points twice, build its first point's vehicle through the
// edit session, and plan into chunk files that read back on their own (no presets, no files beside
// them) as the same sweep: the fingerprint every chunk and its results carry.

#include "FuzzSupport.h"

#include "json/JsonText.h"
#include "sweep/SweepJson.h"
#include "sweep/SweepPlan.h"
#include "sweep/SweepPoints.h"
#include "sweep/SweepRun.h"
#include "sweep/SweepTable.h"

#include <algorithm>
#include <fstream>
#include <iterator>

namespace {

using namespace jounce;
using namespace jounce::sweep;

/// Points made for the checks: enough to meet every parameter's levels in a small grid; a design
/// of a million draws is made whole, which takes a while under the sanitizers, so it stops here.
constexpr std::size_t kPointsChecked = 16;
constexpr std::size_t kMaxPointsMade = 100000;

std::string problemText(const Problems& problems)
{
    std::string s;
    for (const Problem& p : problems.items)
        s += p.toString() + "\n";
    return s;
}

void checkPoints(const Sweep& s, std::size_t count)
{
    const std::size_t n = std::min(count, kPointsChecked);
    const std::vector<Point> points = makePoints(s, 0, n);
    FUZZ_CHECK(points.size() == n, "makePoints gave " + std::to_string(points.size()) + " of " + std::to_string(n));
    for (std::size_t i = 0; i < points.size(); ++i) {
        FUZZ_CHECK(points[i].id == i, "point " + std::to_string(i) + " has id " + std::to_string(points[i].id));
        FUZZ_CHECK(points[i].values.size() == s.parameters.size(), "a point without a value for every parameter");
    }
    const std::vector<Point> again = makePoints(s, 0, n);
    for (std::size_t i = 0; i < n; ++i)
        FUZZ_CHECK(again[i].values == points[i].values, "the same file gave other points the second time");
    if (!points.empty()) {
        const PointRunner runner(s);
        (void)runner.vehicle(points.front());  // refused or not, never a crash
        (void)tableRow({points.front().id, points.front().values, std::vector<std::optional<double>>(s.figures.size()), "ok"});
    }
}

void checkPlan(const Sweep& s, std::size_t count)
{
    const std::vector<PlanFile> plan = planFiles(s, std::min<std::size_t>(count, 2));
    FUZZ_CHECK(!plan.empty(), "a plan without files");
    const SweepDocument chunk = parseSweep(plan.front().text, {JOUNCE_FUZZ_DATA_DIR "/no-such-folder", ""});
    FUZZ_CHECK(chunk.ok(), "a chunk file does not read on its own:\n" + problemText(chunk.problems));
    FUZZ_CHECK(chunk.sweep.chunk.has_value(), "a chunk file without its chunk");
    const std::string fingerprint = sweepFingerprint(s);
    FUZZ_CHECK(chunk.sweep.chunk->fingerprint == fingerprint && sweepFingerprint(chunk.sweep) == fingerprint,
               "the chunk file reads back as another sweep: " + sweepFingerprint(chunk.sweep) + " != " + fingerprint);
    FUZZ_CHECK(tableHeader(chunk.sweep) == tableHeader(s), "the chunk's results would have other columns");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const SweepDocument doc = parseSweep(fuzz::asText(data, size), {JOUNCE_FUZZ_DATA_DIR, JOUNCE_SOURCE_DIR "/presets"});
    if (!doc.parsed) {
        FUZZ_CHECK(doc.problems.hasErrors(), "a file that did not parse must say why");
        return 0;
    }
    if (!doc.ok())
        return 0;
    const Sweep& s = doc.sweep;
    FUZZ_CHECK(s.vehicle != nullptr, "a sweep read without errors has a vehicle");
    FUZZ_CHECK(!s.parameters.empty() && s.parameters.size() <= kMaxParameters, "parameters out of bounds");
    const std::size_t count = pointCount(s);
    FUZZ_CHECK(count <= kMaxPoints, "a sweep of " + std::to_string(count) + " points was read without errors");
    if (count == 0 || count > kMaxPointsMade)
        return 0;
    checkPoints(s, count);
    checkPlan(s, count);
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    // The quick sweep with lists and objects at their size limits, too large for the seed corpus.
    Problems ignored;
    std::ifstream in(JOUNCE_SOURCE_DIR "/presets/sweeps/quick-acceleration.json");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::optional<Json> base = json::parseJson(text, ignored);
    if (!base)
        return {};
    Json values = *base;
    values["parameters"] = Json::array({Json{{"path", "drive.engine.peakTorque"}, {"values", Json::array()}}});
    for (int v = 300; v < 10301; ++v)
        values["parameters"][0]["values"].push_back(v);
    Json unknown = *base;
    for (int i = 0; i < 3000; ++i)
        unknown["design"]["unknownKey" + std::to_string(i)] = i;
    return {{"10 001 values of one parameter", values.dump()}, {"3000 unknown keys in the design", unknown.dump()}};
}
