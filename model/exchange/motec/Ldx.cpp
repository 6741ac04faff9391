// The .ldx beside a .ld (docs/motec.md "The .ldx file"): i2's XML of markers on the log. Beacons
// are markers of class BCN in the group "Beacons", their times in microseconds from the log's
// start; "Details" holds the lap count and the fastest lap.

#include "LdWriter.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace jounce::exchange {
namespace {

std::string escaped(const std::string& text)
{
    std::string out;
    for (const char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        default: out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
        }
    }
    return out;
}

/// Microseconds as i2 writes them ("2.58129811370032370e+08"), whatever the process's locale.
std::string microseconds(double seconds)
{
    char buffer[40];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, seconds * 1e6, std::chars_format::scientific, 17);
    return ec == std::errc() ? std::string(buffer, end) : std::string("0");
}

/// "1:23.456"
std::string lapTime(double seconds)
{
    const long long ms = std::llround(seconds * 1000.0);
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%lld:%02lld.%03lld", ms / 60000, (ms / 1000) % 60, ms % 1000);
    return buffer;
}

}  // namespace

std::string ldxText(const std::vector<MotecBeacon>& beacons, double origin)
{
    std::vector<MotecBeacon> sorted;
    for (const MotecBeacon& b : beacons)
        if (b.time - origin > 0.0)  // a beacon at the log's start would make an empty lap
            sorted.push_back(b);
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.time < b.time; });

    std::string out = "<?xml version=\"1.0\"?>\n"
                      "<LDXFile Locale=\"English_United States.1252\" DefaultLocale=\"C\" Version=\"1.6\">\n"
                      " <Layers>\n  <Layer>\n   <MarkerBlock>\n    <MarkerGroup Name=\"Beacons\" Index=\"3\">\n";
    // A lap is the span up to its beacon from the one before (or the log's start): i2 numbers
    // them from 1, the first ending at the first beacon.
    std::size_t fastest = 0;
    double fastestTime = 0.0;
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        out += "     <Marker Version=\"100\" ClassName=\"BCN\" Name=\"" + escaped(sorted[i].name) +
               "\" Flags=\"77\" Time=\"" + microseconds(sorted[i].time - origin) + "\"/>\n";
        const double span = sorted[i].time - (i > 0 ? sorted[i - 1].time : origin);
        if (sorted[i].lap && (fastest == 0 || span < fastestTime)) {
            fastest = i + 1;
            fastestTime = span;
        }
    }
    out += "    </MarkerGroup>\n   </MarkerBlock>\n   <RangeBlock/>\n  </Layer>\n  <Details>\n";
    out += "   <String Id=\"Total Laps\" Value=\"" + std::to_string(sorted.size() + 1) + "\"/>\n";
    if (fastest > 0) {
        out += "   <String Id=\"Fastest Time\" Value=\"" + lapTime(fastestTime) + "\"/>\n";
        out += "   <String Id=\"Fastest Lap\" Value=\"" + std::to_string(fastest) + "\"/>\n";
    }
    out += "  </Details>\n </Layers>\n</LDXFile>\n";
    return out;
}

}  // namespace jounce::exchange
