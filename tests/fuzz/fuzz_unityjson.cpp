// Fuzz target: the Unity vehicle JSON file (`jounce-cli import unity car.json`). A file read without
// errors must write back as a file that reads as the same Unity vehicle; an import without errors
// must give a valid vehicle.

#include "FuzzSupport.h"

#include "exchange/unity/UnityImport.h"
#include "exchange/unity/UnityJson.h"

namespace {

using namespace jounce;

std::string problemText(const Problems& problems)
{
    std::string s;
    for (const Problem& p : problems.items)
        s += p.toString() + "\n";
    return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    Problems problems;
    exchange::ConversionReport report;
    const std::optional<exchange::UnityVehicle> unity = exchange::readUnityJsonText(text, problems, &report);
    FUZZ_CHECK(unity || problems.hasErrors(), "a file that is not read must say why");
    if (unity && !problems.hasErrors()) {
        const std::string written = exchange::unityJsonText(*unity);
        Problems again;
        const std::optional<exchange::UnityVehicle> back = exchange::readUnityJsonText(written, again);
        FUZZ_CHECK(back && !again.hasErrors(), "the written file does not read back:\n" + problemText(again));
        FUZZ_CHECK(*back == *unity, "the written file reads back as another vehicle");
    }
    (void)exchange::importUnityText(text, "fuzz.json");
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    return {};
}
