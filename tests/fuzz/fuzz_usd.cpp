// Fuzz target: Omniverse USD text layers (.usda), the way `jounce-cli import usd` reads them. The
// parsed layer's tree must be consistent (every prim found again at its path); an import without
// errors must give a valid vehicle whose own export reads back without errors.

#include "FuzzSupport.h"

#include "exchange/usd/UsdLayer.h"
#include "exchange/usd/UsdaParser.h"

namespace {

using namespace jounce;
using exchange::usda::Prim;

/// Enough prims to check the parent links without making large layers slow.
constexpr std::size_t kPrimsChecked = 200;

void checkPaths(const exchange::usda::Layer& layer, const std::vector<Prim>& prims, const Prim* parent,
                std::size_t& checked)
{
    for (const Prim& p : prims) {
        if (checked++ >= kPrimsChecked)
            return;
        FUZZ_CHECK(p.parent == parent, "a prim's parent link is wrong at line " + std::to_string(p.line));
        // Names with a slash (or none) cannot be looked up by path; USD refuses them anyway.
        bool plain = true;
        for (const Prim* q = &p; q; q = q->parent)
            plain = plain && !q->name.empty() && q->name.find('/') == std::string::npos;
        if (plain)
            FUZZ_CHECK(layer.find(p.path()) == &p, "the prim at line " + std::to_string(p.line) + " is not found at its path");
        checkPaths(layer, p.children, &p, checked);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    Problems problems;
    const std::optional<exchange::usda::Layer> layer = exchange::usda::parse(text, problems);
    FUZZ_CHECK(layer.has_value() != problems.hasErrors(), "a layer is refused exactly when it has an error");
    if (layer) {
        std::size_t checked = 0;
        checkPaths(*layer, layer->prims, nullptr, checked);
    }
    const exchange::ImportResult r = exchange::importUsd(text);
    if (!r.ok())
        return 0;
    const exchange::UsdExport out = exchange::exportUsd(r.vehicle);
    const exchange::ImportResult back = exchange::importUsd(out.text);
    FUZZ_CHECK(back.ok(), "the export of an imported vehicle does not read back:\n" + back.problemsText());
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    // The layers at full size (the corpus holds them reduced): a 1 MiB name over 1,500
    // children, and 50,000 applied schemas prepended then deleted.
    std::string children;
    for (int i = 0; i < 1500; ++i)
        children += "def \"c" + std::to_string(i) + "\" {}\n";
    std::string names;
    for (int i = 0; i < 50000; ++i)
        names += (i ? ",\"a" : "\"a") + std::to_string(i) + "\"";
    return {{"1 MiB name over 1500 children", "#usda 1.0\ndef \"" + std::string(1u << 20, 'N') + "\" {\n" + children + "}\n"},
            {"50000 apiSchemas prepended and deleted",
             "#usda 1.0\ndef \"A\" (\n prepend apiSchemas = [" + names + "]\n delete apiSchemas = [" + names + "]\n)\n{\n}\n"}};
}
