// Fuzz target: PhysX 5 snippet files (`jounce-cli import physx5 Base.json EngineDrive.json`). An
// input is Base.json, then optionally a line "=== drive ===" and the drive file (EngineDrive.json
// or DirectDrive.json); without that line the drive file is NVIDIA's EngineDrive.json. An import
// without errors must give a valid vehicle whose own export imports again without errors.

#include "FuzzSupport.h"

#include "exchange/physx5/Physx5Json.h"
#include "json/TextFile.h"

namespace {

using namespace jounce;

constexpr std::string_view kSeparator = "\n=== drive ===\n";

const std::string& snippetDrive()
{
    static const std::string text = [] {
        std::string t;
        const std::string err =
            json::readTextFile(JOUNCE_SOURCE_DIR "/tests/exchange/data/physx5-snippet/EngineDrive.json", 1u << 20, t);
        FUZZ_CHECK(err.empty(), "cannot read NVIDIA's EngineDrive.json: " + err);
        return t;
    }();
    return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input = fuzz::asText(data, size);
    const std::size_t cut = input.find(kSeparator);
    const std::string_view base = input.substr(0, cut);
    const std::string_view drive = cut == std::string_view::npos ? std::string_view(snippetDrive())
                                                                 : input.substr(cut + kSeparator.size());
    const exchange::ImportResult r = exchange::importPhysx5(base, drive);
    FUZZ_CHECK(!r.problems.empty(), "an import names the files it read");
    if (!r.ok())
        return 0;
    const exchange::Physx5Files files = exchange::exportPhysx5(r.vehicle);
    const exchange::ImportResult back =
        exchange::importPhysx5(exchange::physx5Text(files.base), exchange::physx5Text(files.drive));
    FUZZ_CHECK(back.ok(), "the export of an imported vehicle does not import again:\n" + back.problemsText());
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    return {};
}
