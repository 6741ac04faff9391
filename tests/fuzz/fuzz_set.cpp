// Fuzz target: `jounce-cli run --set PATH=VALUE` edits. Each line of the input is one --set
// argument; the list goes through config::parseEditText and one edit session on a preset read from
// its file, exactly as the run command does. An accepted list must leave no error in the vehicle
// (the preset has none), write a file that reads back without errors, and change nothing when
// applied again to its own result (setting leaves is idempotent).

#include "FuzzSupport.h"

#include "config/EditSession.h"
#include "config/VehicleJson.h"

#include <algorithm>
#include <filesystem>
#include <memory>

namespace {

using namespace jounce;

/// More --set arguments than anyone types; longer lists only repeat the same code.
constexpr std::size_t kMaxEdits = 64;

std::string problemText(const Problems& problems)
{
    std::string s;
    for (const Problem& p : problems.items)
        s += p.toString() + "\n";
    return s;
}

/// The presets with the problems they were read with (warnings at most), in name order.
const std::vector<config::VehicleFile>& presets()
{
    static const std::vector<config::VehicleFile> list = [] {
        std::vector<std::filesystem::path> files;
        for (const auto& e : std::filesystem::directory_iterator(JOUNCE_SOURCE_DIR "/presets"))
            if (e.path().extension() == ".json")
                files.push_back(e.path());
        std::sort(files.begin(), files.end());
        std::vector<config::VehicleFile> out;
        for (const auto& f : files) {
            out.push_back(config::loadVehicle(f.string()));
            FUZZ_CHECK(out.back().ok(), f.string() + " does not read:\n" + problemText(out.back().problems));
        }
        FUZZ_CHECK(!out.empty(), "no presets in " JOUNCE_SOURCE_DIR "/presets");
        return out;
    }();
    return list;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    config::EditList edits;
    for (std::size_t pos = 0; pos < text.size() && edits.size() < kMaxEdits;) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        const std::optional<config::Edit> edit = config::parseEditText(std::string(text.substr(pos, end - pos)));
        if (!edit)
            return 0;  // the command line is refused before anything is edited
        edits.push_back(*edit);
        pos = end + 1;
    }

    const config::VehicleFile& file = presets()[size % presets().size()];
    const config::EditSession session(std::make_shared<const VehicleConfig>(file.config), file.problems);
    const config::EditResult result = session.apply(edits);
    if (result.refusedEdit) {
        FUZZ_CHECK(*result.refusedEdit < edits.size() && !result.refusal.empty() && !result.config,
                   "a refused leaf must name its edit and leave no vehicle");
        return 0;
    }
    if (!result.ok()) {
        FUZZ_CHECK(!result.config && result.problems.hasErrors(), "a refused list must say why and leave no vehicle");
        return 0;
    }
    FUZZ_CHECK(result.config && !result.problems.hasErrors(),
               "an accepted edit list left errors in a valid preset:\n" + problemText(result.problems));
    if (!result.changed)
        return 0;

    const std::string written = config::vehicleToText(*result.config);
    const config::VehicleFile reread = config::parseVehicle(written);
    FUZZ_CHECK(reread.ok(), "the edited vehicle's file does not read back:\n" + problemText(reread.problems));
    FUZZ_CHECK(config::vehicleToText(reread.config) == written, "the edited vehicle's file changes when read back");

    const config::EditSession next(result.config, result.problems);
    const config::EditResult again = next.apply(edits);
    FUZZ_CHECK(again.ok() && !again.changed, "the same edits applied to their own result change it again");
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    return {};
}
