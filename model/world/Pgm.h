#pragma once
// Binary greyscale PGM (netpbm "P5") height maps: 8-bit (maxval < 256) or 16-bit big-endian samples.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace jounce::sim {

struct PgmImage {
    int width = 0;
    int height = 0;
    int maxval = 0;
    std::vector<std::uint16_t> samples;  ///< row-major as stored: the first row is the image's top
};

/// Decodes a P5 image from its bytes. Refuses images of more than maxSamples samples before
/// allocating anything. Returns an error message, or "" on success.
std::string parsePgm(std::string_view bytes, PgmImage& out, std::size_t maxSamples);

}  // namespace jounce::sim
