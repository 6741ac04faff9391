// Fuzz target: PGM height maps. The bytes are decoded as the terrain reader decodes a "pgm" base
// (same sample limit); a decoded image must be consistent and encode back to an image that decodes
// the same. An image of at least 2 x 2 samples is then used as the base of a terrain, read through
// parseTerrain from a scratch file (the reader only takes a file name), and built as a ground.

#include "FuzzSupport.h"

#include "world/Pgm.h"
#include "world/TerrainGround.h"
#include "world/TerrainJson.h"

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>

namespace {

using namespace jounce;

/// Larger images are decoded but not made into terrains: the terrain path is the same code for
/// every size, and big ones only slow the fuzzer down.
constexpr std::size_t kMaxTerrainSamples = 1u << 16;

std::string encode(const sim::PgmImage& image)
{
    std::string out = "P5\n" + std::to_string(image.width) + " " + std::to_string(image.height) + "\n" +
                      std::to_string(image.maxval) + "\n";
    for (std::uint16_t v : image.samples) {
        if (image.maxval >= 256)
            out += static_cast<char>(v >> 8);
        out += static_cast<char>(v & 0xff);
    }
    return out;
}

const std::string& scratchFile()
{
    static const std::string path = [] {
        const char* dir = std::getenv("TMPDIR");
        std::string p = std::string(dir && *dir ? dir : "/tmp") + "/jounce-fuzz-pgm-" + std::to_string(getpid()) + ".pgm";
        return p;
    }();
    static const bool cleanup = [] { return std::atexit([] { std::remove(scratchFile().c_str()); }) == 0; }();
    (void)cleanup;
    return path;
}

void buildTerrain(std::string_view bytes, const sim::PgmImage& image)
{
    const std::string& path = scratchFile();
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), std::streamsize(bytes.size()));
        if (!out)
            return;  // a full disk is not the reader's fault
    }
    const std::string text = R"({"format": "jounce.terrain", "schemaVersion": 1, "extent": {"xMin": 0, "xMax": )" +
                             std::to_string(image.width - 1) + R"(, "yMin": 0, "yMax": )" +
                             std::to_string(image.height - 1) +
                             R"(}, "spacing": 1, "base": {"type": "pgm", "file": )" + json::Json(path).dump() +
                             R"(, "heightScale": 0.01, "heightOffset": -100}})";
    sim::TerrainDocument doc = sim::parseTerrain(text, "");
    FUZZ_CHECK(doc.ok(), "a valid " + std::to_string(image.width) + " x " + std::to_string(image.height) +
                             " PGM does not make a terrain: " + (doc.problems.items.empty() ? std::string()
                                                                 : doc.problems.items.front().toString()));
    const auto terrain = std::make_shared<const sim::Terrain>(std::move(doc.terrain));
    const std::shared_ptr<sim::Ground> ground = sim::makeGround(terrain);
    // The top row of the image is y = yMax: node (0, height - 1) holds the first sample.
    const double expected = -100.0 + 0.01 * image.samples.front();
    const double got = ground->heightAt(0.0, double(image.height - 1));
    FUZZ_CHECK(std::abs(got - expected) < 1e-9, "the first sample lands at " + std::to_string(got) + ", not " +
                                                    std::to_string(expected));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes = fuzz::asText(data, size);
    sim::PgmImage image;
    const std::string error = sim::parsePgm(bytes, image, sim::kMaxTerrainHeights);
    if (!error.empty()) {
        FUZZ_CHECK(image.samples.empty() && image.width == 0, "a refused image must come back empty");
        return 0;
    }
    FUZZ_CHECK(image.width >= 1 && image.height >= 1 && image.maxval >= 1 && image.maxval <= 65535, "bad header values");
    FUZZ_CHECK(image.samples.size() == std::size_t(image.width) * std::size_t(image.height), "sample count");
    for (std::uint16_t v : image.samples)
        FUZZ_CHECK(v <= image.maxval, "a sample above maxval was accepted");

    sim::PgmImage again;
    FUZZ_CHECK(sim::parsePgm(encode(image), again, sim::kMaxTerrainHeights).empty(), "the image does not encode back");
    FUZZ_CHECK(again.width == image.width && again.height == image.height && again.maxval == image.maxval &&
                   again.samples == image.samples,
               "the image decodes differently after encoding");

    if (image.width >= 2 && image.height >= 2 && image.samples.size() <= kMaxTerrainSamples)
        buildTerrain(bytes, image);
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    return {};
}
