#pragma once
// The byte layout shared by the run file writer and reader (docs/run-files.md): little-endian
// numbers, the 48-byte input change record, the channel list of a frame.

#include "run/InputTrack.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace jounce::sim::runfile {

/// The first line: the format name and the header's length in bytes, e.g. "jounce.run 20517\n".
inline constexpr std::string_view kMagic = "jounce.run ";

template <typename T>
void putLittle(std::string& out, T value)
{
    using U = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
    const U bits = std::bit_cast<U>(value);
    for (std::size_t i = 0; i < sizeof(U); ++i)
        out.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
}

template <typename T>
T getLittle(const char* p)
{
    using U = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
    U bits = 0;
    for (std::size_t i = 0; i < sizeof(U); ++i)
        bits |= U(static_cast<unsigned char>(p[i])) << (8 * i);
    return std::bit_cast<T>(bits);
}

// The key bits of an input record's second byte.
enum KeyBit : unsigned {
    kAccel = 1, kBrake = 2, kHandbrake = 4, kSteerLeft = 8, kSteerRight = 16, kGearUp = 32, kGearDown = 64
};
// The one-shot bits of its third byte.
enum OneShotBit : unsigned { kHasForceGear = 1, kHasAutoBox = 2, kAutoBoxOn = 4 };

/// The channel identifiers of a frame's floats: every vehicle channel, then the wheel channels
/// (written once; they repeat for each wheel).
std::vector<std::string> vehicleChannelIds();
std::vector<std::string> wheelChannelIds();

}  // namespace jounce::sim::runfile
