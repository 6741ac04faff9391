#pragma once
// Run files (docs/run-files.md): one recorded run per file -- a text header of JSON (format,
// version, the vehicle, terrain reference, start pose, edits, events, figures, sizes) followed by
// binary blocks (the input changes, the frame times, the telemetry floats), little-endian. Reading
// checks every byte count against the header, so a truncated or padded file is an error that says
// where, never a crash; the vehicle is read and validated like a vehicle file.

#include "json/Problem.h"
#include "run/RunLog.h"

#include <memory>
#include <string>

namespace jounce::sim {

inline constexpr const char* kRunFormat = "jounce.run";
inline constexpr int kRunSchemaVersion = 3;
/// Run files larger than this are refused: about 7 hours of a 4-wheel vehicle at 60 Hz.
inline constexpr std::size_t kMaxRunFileBytes = std::size_t(2) << 30;
/// The JSON header at most (edits and figures; the vehicle is at most 4 MiB like a vehicle file).
inline constexpr std::size_t kMaxRunHeaderBytes = std::size_t(64) << 20;
/// A run whose telemetry stopped before its inputs (`telemetry.truncated`, written by Jounce before
/// the recording bound covered the inputs) holds at least this much telemetry: it stopped at 512 MiB
/// in memory, which is at least 400 MiB in the file. A file claiming it with less is refused, so
/// that a replay's length stays in proportion to the file.
inline constexpr std::size_t kMinTruncatedTelemetryBytes = std::size_t(256) << 20;
/// Bytes of one input change in the binary inputs block.
inline constexpr std::size_t kInputRecordBytes = 48;

struct RunFileDocument {
    std::shared_ptr<RunLog> run;  ///< null when the file could not be read
    Problems problems;
    bool ok() const { return run && !problems.hasErrors(); }
};

/// The file's bytes; reading them and writing again gives the same bytes.
std::string runFileBytes(const RunLog& run);
/// Writes atomically. Returns an error message or "".
std::string saveRunFile(const std::string& path, const RunLog& run);

RunFileDocument parseRunFile(std::string_view bytes);
RunFileDocument loadRunFile(const std::string& path);

}  // namespace jounce::sim
