#include "world/Pgm.h"

namespace jounce::sim {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

/// Skips whitespace and '#' comments (which run to the end of the line) in the header.
void skipSpace(std::string_view b, std::size_t& pos)
{
    while (pos < b.size()) {
        if (isSpace(b[pos])) {
            ++pos;
        } else if (b[pos] == '#') {
            while (pos < b.size() && b[pos] != '\n' && b[pos] != '\r')
                ++pos;
        } else {
            return;
        }
    }
}

/// Reads a header decimal number, refusing more than 9 digits so it cannot overflow.
bool readNumber(std::string_view b, std::size_t& pos, long& value)
{
    skipSpace(b, pos);
    std::size_t digits = 0;
    value = 0;
    while (pos < b.size() && b[pos] >= '0' && b[pos] <= '9') {
        if (++digits > 9)
            return false;
        value = value * 10 + (b[pos] - '0');
        ++pos;
    }
    return digits > 0;
}

}  // namespace

std::string parsePgm(std::string_view b, PgmImage& out, std::size_t maxSamples)
{
    out = PgmImage{};
    if (b.size() < 2 || b[0] != 'P' || b[1] != '5')
        return "not a binary PGM height map (it must start with \"P5\")";
    std::size_t pos = 2;
    long width = 0, height = 0, maxval = 0;
    if (!readNumber(b, pos, width) || !readNumber(b, pos, height) || !readNumber(b, pos, maxval))
        return "PGM header is truncated or malformed (expected \"P5 width height maxval\")";
    if (width < 1 || height < 1)
        return "PGM image has no pixels (" + std::to_string(width) + " x " + std::to_string(height) + ")";
    if (maxval < 1 || maxval > 65535)
        return "PGM maxval must be 1..65535, got " + std::to_string(maxval);
    const std::size_t count = std::size_t(width) * std::size_t(height);
    if (count > maxSamples)
        return "PGM image is " + std::to_string(width) + " x " + std::to_string(height) + " pixels, more than the " +
               std::to_string(maxSamples) + " allowed";
    // Exactly one whitespace byte separates the header from the samples.
    if (pos >= b.size() || !isSpace(b[pos]))
        return "PGM header is truncated or malformed (no whitespace after maxval)";
    ++pos;
    const std::size_t bytesPer = maxval < 256 ? 1 : 2;
    const std::size_t need = count * bytesPer;
    const std::size_t have = b.size() - pos;
    if (have < need)
        return "PGM file is truncated: " + std::to_string(width) + " x " + std::to_string(height) + " pixels need " +
               std::to_string(need) + " bytes of samples, found " + std::to_string(have);
    out.width = static_cast<int>(width);
    out.height = static_cast<int>(height);
    out.maxval = static_cast<int>(maxval);
    out.samples.resize(count);
    const auto* p = reinterpret_cast<const unsigned char*>(b.data() + pos);
    for (std::size_t i = 0; i < count; ++i) {
        const unsigned v = bytesPer == 1 ? p[i] : (unsigned(p[2 * i]) << 8) | p[2 * i + 1];
        if (v > unsigned(maxval)) {
            out = PgmImage{};
            return "PGM sample " + std::to_string(i) + " is " + std::to_string(v) + ", above maxval " +
                   std::to_string(maxval);
        }
        out.samples[i] = static_cast<std::uint16_t>(v);
    }
    return {};
}

}  // namespace jounce::sim
