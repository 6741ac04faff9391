#include "CsvWriter.h"

#include <algorithm>
#include <charconv>
#include <ostream>

namespace jounce::telemetry {

void appendNumber(std::string& out, double v)
{
    // 32 bytes hold any shortest double ("-2.2250738585072014e-308" is 24).
    char buffer[32];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    if (ec == std::errc())
        out.append(buffer, end);
}

CsvWriter::CsvWriter(int wheelCount)
    : wheelCount_(std::clamp(wheelCount, 0, kMaxWheels)), columns_(csvColumns(wheelCount_))
{
}

void CsvWriter::appendHeader(std::string& out) const
{
    // Identifiers and units hold no comma, quote or newline, so no field needs quoting.
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        if (i > 0)
            out += ',';
        out += columnName(columns_[i]);
    }
    out += '\n';
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        if (i > 0)
            out += ',';
        out += columnUnit(columns_[i]);
    }
    out += '\n';
}

void CsvWriter::appendRow(std::string& out, const Frame& frame) const
{
    const int wheels = frame.wheelCount();
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        if (i > 0)
            out += ',';
        const Column& c = columns_[i];
        if (c.kind == Column::Kind::Wheel && c.wheel >= wheels)
            continue;
        appendNumber(out, frame.value(c));
    }
    out += '\n';
}

bool CsvWriter::writeHeader(std::ostream& out) const
{
    std::string text;
    appendHeader(text);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    return bool(out);
}

bool CsvWriter::writeRows(std::ostream& out, std::span<const Frame> frames) const
{
    // Rows are gathered into one buffer of a bounded size and written in blocks.
    constexpr std::size_t kBlock = 1u << 16;
    std::string text;
    text.reserve(kBlock + 4096);
    for (const Frame& f : frames) {
        appendRow(text, f);
        if (text.size() >= kBlock) {
            out.write(text.data(), static_cast<std::streamsize>(text.size()));
            text.clear();
        }
    }
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    return bool(out);
}

std::string toCsv(std::span<const Frame> frames, int wheelCount)
{
    const CsvWriter writer(wheelCount);
    std::string text;
    writer.appendHeader(text);
    for (const Frame& f : frames)
        writer.appendRow(text, f);
    return text;
}

std::string toCsv(std::span<const Frame> frames)
{
    return toCsv(frames, frames.empty() ? 0 : frames.front().wheelCount());
}

}  // namespace jounce::telemetry
