// Fuzz target: JSON Patches applied to a preset vehicle, the way `jounce-cli patch` does it. The
// patch applies to the reference car (presets/physx-snippet-4w.json) and to one of the other presets
// (chosen by the input's size, so the same input always meets the same vehicle). A patched vehicle
// without errors must write canonical text that reads back unchanged, and the diff from the base to
// it must patch the base into the same vehicle (`jounce-cli diff` then `patch` gives the file back).

#include "FuzzSupport.h"

#include "compare/VehiclePatch.h"
#include "config/ReferenceCar.h"
#include "config/VehicleJson.h"

#include <algorithm>
#include <filesystem>

namespace {

using namespace jounce;

std::string problemText(const Problems& problems)
{
    std::string s;
    for (const Problem& p : problems.items)
        s += p.toString() + "\n";
    return s;
}

/// The presets as read from the source tree, the reference car first.
const std::vector<VehicleConfig>& bases()
{
    static const std::vector<VehicleConfig> list = [] {
        std::vector<VehicleConfig> out{referenceCar()};
        std::vector<std::filesystem::path> files;
        for (const auto& e : std::filesystem::directory_iterator(JOUNCE_SOURCE_DIR "/presets"))
            if (e.path().extension() == ".json")
                files.push_back(e.path());
        std::sort(files.begin(), files.end());
        for (const auto& f : files) {
            config::VehicleFile doc = config::loadVehicle(f.string());
            FUZZ_CHECK(doc.ok(), f.string() + " does not read:\n" + problemText(doc.problems));
            out.push_back(std::move(doc.config));
        }
        return out;
    }();
    return list;
}

void applyTo(const VehicleConfig& base, const json::Json& patch)
{
    const compare::PatchResult result = compare::applyPatch(base, patch);
    if (!result.applied) {
        FUZZ_CHECK(result.problems.hasErrors(), "a patch that did not apply must say why");
        return;
    }
    if (result.problems.hasErrors())
        return;
    const std::string text = config::vehicleToText(result.config);
    const config::VehicleFile written = config::parseVehicle(text);
    FUZZ_CHECK(written.ok(), "the patched vehicle is valid but its file is not:\n" + problemText(written.problems));
    FUZZ_CHECK(config::vehicleToText(written.config) == text, "the patched vehicle's file changes when read back");

    const json::Json diff = compare::makePatch(base, result.config);
    const compare::PatchResult again = compare::applyPatch(base, diff);
    FUZZ_CHECK(again.ok(), "the diff from the base to the patched vehicle does not apply:\n" + problemText(again.problems));
    FUZZ_CHECK(config::vehicleToText(again.config) == text, "diff then patch does not give the patched vehicle back");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    Problems problems;
    const std::optional<json::Json> patch = compare::parsePatch(fuzz::asText(data, size), problems);
    if (!patch) {
        FUZZ_CHECK(problems.hasErrors(), "a patch that did not parse must say why");
        return 0;
    }
    const std::vector<VehicleConfig>& list = bases();
    applyTo(list.front(), *patch);
    if (list.size() > 1)
        applyTo(list[1 + size % (list.size() - 1)], *patch);
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    return {};
}
