#include "LdWriter.h"

#include "json/TextFile.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <ostream>
#include <string_view>

namespace jounce::exchange {
namespace {

// The layout of docs/motec.md "The .ld file": the header, then the event, venue and vehicle
// blocks, the channel descriptions and the samples, each block where the one before ends.
constexpr std::uint32_t kHeaderBytes = 0x6E2;
constexpr std::uint32_t kEventBytes = 1160;
constexpr std::uint32_t kVenueBytes = 3102;
constexpr std::uint32_t kVehicleBytes = 1380;
constexpr std::uint32_t kChannelBytes = 124;
constexpr std::uint16_t kInt32Type = 5;  // with size 4: signed 32-bit samples
constexpr std::size_t kBufferBytes = std::size_t(1) << 16;

/// Where each block goes.
struct Layout {
    std::uint32_t event = kHeaderBytes;
    std::uint32_t venue = kHeaderBytes + kEventBytes;
    std::uint32_t vehicle = venue + kVenueBytes;
    std::uint32_t channels = vehicle + kVehicleBytes;
    std::uint32_t data = 0;       ///< the first channel's samples
    std::uint64_t total = 0;      ///< the file's size
    std::uint32_t perChannel = 0; ///< bytes of one channel's samples
};

/// A block of the file, zero-filled, with fields set at their offsets (little-endian).
class Block {
public:
    explicit Block(std::size_t size) : bytes_(size, '\0') {}
    void u16(std::size_t at, std::uint16_t v)
    {
        bytes_[at] = char(v & 0xFF);
        bytes_[at + 1] = char(v >> 8);
    }
    void u32(std::size_t at, std::uint32_t v)
    {
        u16(at, std::uint16_t(v & 0xFFFF));
        u16(at + 2, std::uint16_t(v >> 16));
    }
    void i16(std::size_t at, std::int16_t v) { u16(at, static_cast<std::uint16_t>(v)); }
    /// A text field of `field` bytes: Latin-1 (what i2 shows; other characters become '?'),
    /// cut to leave the terminating NUL.
    void text(std::size_t at, std::size_t field, std::string_view utf8)
    {
        std::size_t n = 0;
        for (std::size_t i = 0; i < utf8.size() && n + 1 < field;) {
            const auto c = static_cast<unsigned char>(utf8[i]);
            std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
            char out = '?';
            if (len == 1)
                out = char(c);
            else if (len == 2 && i + 1 < utf8.size() && c <= 0xC3)
                out = char(((c & 0x1F) << 6) | (static_cast<unsigned char>(utf8[i + 1]) & 0x3F));
            bytes_[at + n++] = out;
            i += std::min(len, utf8.size() - i);
        }
    }
    const std::string& bytes() const { return bytes_; }

private:
    std::string bytes_;
};

std::string header(const MotecMetadata& m, const Layout& l, std::uint32_t channels)
{
    Block b(kHeaderBytes);
    b.u32(0x00, 0x40);  // the .ld marker
    b.u32(0x08, l.channels);
    b.u32(0x0C, l.data);
    b.u32(0x24, l.event);
    b.u32(0x42, 1000000);
    // The logger identity of MoTeC's own sample log (docs/motec.md "The .ld file").
    b.u32(0x46, 12007);
    b.text(0x4A, 8, "ADL");
    b.u16(0x52, 420);
    b.u16(0x54, 0x80);
    b.u32(0x56, channels);
    b.u32(0x5A, 0x00010064);
    b.text(0x5E, 16, m.date);
    b.text(0x7E, 16, m.time);
    b.text(0x9E, 64, m.driver);
    b.text(0xDE, 64, m.vehicle);
    b.text(0x15E, 64, m.venue);
    b.u32(0x5DE, 0xD20822);
    b.text(0x5E4, 64, m.session);
    b.text(0x624, 64, m.shortComment);
    return b.bytes();
}

std::string eventVenueVehicle(const MotecMetadata& m, const Layout& l)
{
    Block event(kEventBytes);
    event.text(0, 64, m.event);
    event.text(64, 64, m.session);
    event.text(128, 1024, m.longComment);
    event.u32(1152, l.venue);
    Block venue(kVenueBytes);
    venue.text(0, 64, m.venue);
    venue.u32(0x44A, l.vehicle);
    Block vehicle(kVehicleBytes);
    vehicle.text(0, 64, m.vehicle);
    vehicle.u16(192, static_cast<std::uint16_t>(std::clamp(m.vehicleMass + 0.5, 0.0, 65535.0)));
    vehicle.text(196, 32, "Car");
    return event.bytes() + venue.bytes() + vehicle.bytes();
}

std::string channelBlock(const MotecChannel& c, std::size_t index, std::size_t count, const Layout& l,
                         const SampleGrid& grid)
{
    Block b(kChannelBytes);
    const auto at = [&](std::size_t i) { return std::uint32_t(l.channels + i * kChannelBytes); };
    b.u32(0, index == 0 ? 0 : at(index - 1));
    b.u32(4, index + 1 == count ? 0 : at(index + 1));
    b.u32(8, std::uint32_t(l.data + index * l.perChannel));
    b.u32(12, std::uint32_t(grid.count));
    b.u16(16, std::uint16_t(index + 1));
    b.u16(18, kInt32Type);
    b.u16(20, 4);
    b.u16(22, std::uint16_t(grid.rate));
    b.i16(24, 0);  // offset
    b.i16(26, 1);  // multiplier
    b.i16(28, 1);  // scale (divisor)
    b.i16(30, std::int16_t(c.decimals));
    b.text(32, 32, c.name);
    b.text(64, 8, c.shortName);
    b.text(72, 12, c.unit);
    return b.bytes();
}

/// Streams each channel's samples; false when cancelled or the stream failed.
bool writeSamples(std::ostream& out, const sim::TelemetryTrack& track, const std::vector<MotecChannel>& channels,
                  const SampleGrid& grid, const std::function<bool(double)>& progress)
{
    std::string buffer;
    buffer.reserve(kBufferBytes + 4);
    for (std::size_t c = 0; c < channels.size(); ++c) {
        if (progress && !progress(double(c) / double(channels.size())))
            return false;
        TimeCursor cursor(track, grid);
        for (std::size_t j = 0; j < grid.count; ++j) {
            const auto v = static_cast<std::uint32_t>(quantise(sampleValue(track, channels[c], cursor.at(j)), channels[c]));
            const char bytes[4] = {char(v & 0xFF), char((v >> 8) & 0xFF), char((v >> 16) & 0xFF), char(v >> 24)};
            buffer.append(bytes, 4);
            if (buffer.size() >= kBufferBytes) {
                out.write(buffer.data(), std::streamsize(buffer.size()));
                buffer.clear();
            }
        }
    }
    out.write(buffer.data(), std::streamsize(buffer.size()));
    return bool(out);
}

}  // namespace

std::string ldxPathFor(const std::string& ldPath)
{
    const std::size_t slash = ldPath.find_last_of('/');
    const std::size_t dot = ldPath.find_last_of('.');
    const bool hasExtension = dot != std::string::npos && (slash == std::string::npos || dot > slash + 1);
    return (hasExtension ? ldPath.substr(0, dot) : ldPath) + ".ldx";
}

LdResult writeMotecLd(const sim::RunLog& run, const std::string& ldPath, const LdOptions& options)
{
    LdResult r;
    const sim::TelemetryTrack& track = run.telemetry;
    const std::optional<SampleGrid> grid = sampleGrid(track, run.timeStep, r.error);
    if (!grid) {
        if (r.error.empty())
            r.error = "the run has no telemetry: there is nothing to export";
        return r;
    }
    r.grid = *grid;
    std::vector<MotecChannel> channels = motecChannels(track.wheelCount(), hasDistance(track));
    fitDecimals(track, channels);
    Layout l;
    l.data = l.channels + std::uint32_t(channels.size()) * kChannelBytes;
    l.total = l.data + std::uint64_t(grid->count) * 4u * channels.size();
    if (l.total > std::numeric_limits<std::uint32_t>::max()) {
        r.error = "the run is too long for a .ld file: " + std::to_string(grid->count) + " samples of " +
                  std::to_string(channels.size()) + " channels take more than the format's 4 GiB";
        return r;
    }
    l.perChannel = std::uint32_t(grid->count * 4u);

    json::AtomicFileWriter file(ldPath);
    if (!file.ok()) {
        r.error = "cannot write " + ldPath + ": " + file.error();
        return r;
    }
    std::ostream& out = file.stream();
    const std::string blocks = header(options.metadata, l, std::uint32_t(channels.size())) +
                               eventVenueVehicle(options.metadata, l);
    out.write(blocks.data(), std::streamsize(blocks.size()));
    for (std::size_t c = 0; c < channels.size(); ++c) {
        const std::string block = channelBlock(channels[c], c, channels.size(), l, *grid);
        out.write(block.data(), std::streamsize(block.size()));
    }
    if (!writeSamples(out, track, channels, *grid, options.progress)) {
        r.error = file.ok() ? "cancelled" : "cannot write " + ldPath + ": " + file.error();
        return r;
    }
    r.ldxPath = ldxPathFor(ldPath);
    if (const std::string err = json::writeFileAtomic(r.ldxPath, ldxText(options.beacons, grid->origin)); !err.empty()) {
        r.error = "cannot write " + r.ldxPath + ": " + err;
        return r;
    }
    if (const std::string err = file.commit(); !err.empty()) {
        r.error = "cannot write " + ldPath + ": " + err;
        return r;
    }
    r.channels = channels.size();
    r.bytes = std::size_t(l.total);
    r.beacons = options.beacons.size();
    return r;
}

}  // namespace jounce::exchange
