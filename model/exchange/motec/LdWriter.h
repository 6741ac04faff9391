#pragma once
// A recorded run as a MoTeC i2 log (docs/motec.md): FILE.ld, the binary log -- a header with the
// run's metadata, the event, venue and vehicle blocks, a linked list of channel descriptions and
// each channel's samples, 32-bit integers with decimal places at one fixed rate -- and FILE.ldx
// beside it, the XML of the beacons (maneuver phases, laps) and lap details. Written from the
// format's public descriptions; docs/motec.md says which and what could not be checked.
//
// Channels are written one after another from the run in memory through a fixed buffer, so an
// export takes constant memory beside the run, however long the run.

#include "MotecChannels.h"
#include "MotecRun.h"
#include "MotecSampler.h"
#include "run/RunLog.h"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace jounce::exchange {

struct LdOptions {
    MotecMetadata metadata;
    std::vector<MotecBeacon> beacons;
    /// Called with the fraction written so far; returning false cancels the export (nothing is
    /// written then). May be empty.
    std::function<bool(double)> progress;
};

struct LdResult {
    std::string error;      ///< "" when both files were written
    std::string ldxPath;    ///< the .ldx written beside the .ld
    std::size_t channels = 0;
    SampleGrid grid;        ///< rate, samples and whether the run was resampled
    std::size_t bytes = 0;  ///< of the .ld
    std::size_t beacons = 0;
    bool ok() const { return error.empty(); }
};

/// The .ldx beside `ldPath`: its name with the extension .ldx, as i2 looks for it.
std::string ldxPathFor(const std::string& ldPath);

/// Writes `ldPath` and its .ldx, each atomically (json/TextFile.h): a cancel or an error before
/// the end leaves both as they were, never half a file. An empty run, a time step with no whole rate up to 65535 Hz, a log
/// over 4 GiB and a file that cannot be written are errors with a message.
LdResult writeMotecLd(const sim::RunLog& run, const std::string& ldPath, const LdOptions& options);

/// The .ldx text: the beacons (Jounce times, placed on the log's time from `origin`, s), the lap
/// count and, when the beacons hold closed-path laps, the fastest of them.
std::string ldxText(const std::vector<MotecBeacon>& beacons, double origin);

}  // namespace jounce::exchange
