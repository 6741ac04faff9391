// Fuzz target: TNO / ADAMS tire property files (.tir), the way `jounce-cli import tir FILE --wheels
// all --into VEHICLE.json` reads them onto the family hatchback. A refused file must say where (a
// line of the file, or the imported vehicle's pointer); a file read must hold only finite SI numbers
// on lines of the file; an import must be valid, put the Magic Formula tire on every wheel, and
// give the same vehicle when imported again onto its own result.

#include "FuzzSupport.h"

#include "config/ParameterPaths.h"
#include "config/ParameterRegistry.h"
#include "config/VehicleJson.h"
#include "exchange/tir/TirImport.h"

#include <algorithm>
#include <cmath>

using namespace jounce;

namespace {

const VehicleConfig& hatchback()
{
    static const VehicleConfig vehicle = config::loadVehicle(JOUNCE_SOURCE_DIR "/presets/family-hatchback.json").config;
    return vehicle;
}

void checkRead(std::string_view text)
{
    Problems problems;
    const std::optional<exchange::TirFile> file = exchange::parseTir(text, problems);
    FUZZ_CHECK(file.has_value() != problems.hasErrors(), "a file is read exactly when it has no error");
    for (const Problem& p : problems.items)
        FUZZ_CHECK(p.pointer.rfind("line ", 0) == 0, "a problem of a .tir file is at a line: " + p.toString());
    if (!file)
        return;
    const auto lines = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
    for (const exchange::TirEntry& e : file->entries) {
        FUZZ_CHECK(e.line >= 1 && e.line <= lines, "an entry's line is a line of the file");
        FUZZ_CHECK(e.isText || std::isfinite(e.number), e.key + " is not finite");
        FUZZ_CHECK(file->find(e.section, e.key) == &e, "find gives back every entry");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    checkRead(text);
    const exchange::TirImportResult r = exchange::importTirText(text, "fuzz.tir", hatchback(), exchange::TirWheels::All);
    FUZZ_CHECK(!r.result.problems.empty(), "an import names the file it read");
    if (!r.result.ok()) {
        FUZZ_CHECK(r.result.hasErrors(), "a failed import says why");
        return 0;
    }
    FUZZ_CHECK(r.mapping && r.mapping->wheels.size() == hatchback().wheels.size(), "--wheels all is every wheel");
    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    for (std::size_t w = 0; w < r.result.vehicle.wheels.size(); ++w)
        FUZZ_CHECK(registry.get(r.result.vehicle, config::param::wheels::tire::model(w)) == config::Json(tireModelName(TireModelKind::MagicFormula)),
                   "every wheel has the Magic Formula tire");
    const exchange::TirImportResult again = exchange::importTirText(text, "fuzz.tir", r.result.vehicle, exchange::TirWheels::All);
    FUZZ_CHECK(again.result.ok(), "importing again onto the result fails:\n" + again.result.problemsText());
    FUZZ_CHECK(again.result.vehicle == r.result.vehicle, "importing again changes the vehicle");
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    const std::string head = "[UNITS]\nLENGTH = 'mm'\n[MODEL]\nFITTYP = 61\n[LATERAL_COEFFICIENTS]\n";
    // 100,000 lines: refused at line 20,001.
    std::string many = head;
    for (int i = 0; i < 100000; ++i)
        many += "K" + std::to_string(i) + " = " + std::to_string(i) + "\n";
    // Just under 10 MiB of the longest lines that are read, and one byte over the limit.
    std::string largest = head;
    const std::string pad(480, 'x');
    for (int i = 0; largest.size() + 600 < exchange::kMaxTirBytes && i < 19990; ++i)
        largest += "K" + std::to_string(i) + " = " + std::to_string(i) + ".5e-3 $ " + pad + "\n";
    std::string over = head + std::string(exchange::kMaxTirBytes, '$');
    // One line of 4 MB, and a value of a million digits in it.
    std::string longLine = head + "PKY1 = " + std::string(4u << 20, '9') + "\n";
    return {{"100000 lines", many}, {"largest file read", largest}, {"one byte over 10 MiB", over}, {"4 MB line", longLine}};
}
