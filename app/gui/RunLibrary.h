#pragma once
// The runs the workbench holds (docs/architecture.md "Runs and replay"): the recent finished runs
// of this session, the run files and CSVs opened, and up to four of them pinned as references,
// each with its own colour and dash. Memory stays bounded in bytes: kMaxBytes for all of them
// together (see there), each run itself bounded where it comes from.

#include "run/RunLog.h"
#include "widgets/ReferenceRuns.h"

#include <QObject>

#include <deque>
#include <memory>
#include <vector>

namespace jounce::gui {

class RunLibrary : public QObject {
    Q_OBJECT
public:
    static constexpr std::size_t kMaxRecent = 8;
    static constexpr std::size_t kMaxReferences = 4;
    /// The recent runs and the references together (a run in both counted once, as
    /// RunLog::memoryBytes() counts it) hold at most this much: past it the oldest recent runs that
    /// are not references go first, then the oldest references. The newest run and the first
    /// reference always stay, so the library holds at most kMaxBytes, or those two runs when they
    /// alone take more. A recorded run takes at most RunLogger::kMaxRunBytes (512 MiB); an opened
    /// run file about its own size (at most 2 GiB), a telemetry CSV at most kCsvBytesPerFileByte
    /// times its size and kCsvTrackOverheadBytes (TelemetryCsvReader.h). The lockstep partner's live
    /// run (setLive) is the simulation controller's, grown as it drives up to kMaxRunBytes.
    static constexpr std::size_t kMaxBytes = std::size_t(1) << 30;

    using QObject::QObject;

    /// A finished or opened run, newest last.
    void add(std::shared_ptr<const sim::RunLog> run);
    const std::deque<std::shared_ptr<const sim::RunLog>>& recent() const { return recent_; }
    /// The newest run that can be replayed (not a lockstep partner's, not a CSV), or null.
    std::shared_ptr<const sim::RunLog> lastReplayable() const;
    /// The newest run with this name, or null.
    std::shared_ptr<const sim::RunLog> find(const std::string& name) const;

    /// Pins `run` as the first reference; the oldest goes when there are already kMaxReferences.
    void pin(std::shared_ptr<const sim::RunLog> run);
    void unpinAll();
    /// The lockstep partner's run, growing live; shown as the first reference while set.
    void setLive(std::shared_ptr<const sim::RunLog> run);
    const std::vector<widgets::ReferenceRun>& references() const { return references_; }
    bool isPinned(const sim::RunLog* run) const;
    /// Bytes of the recent runs and references, each run once.
    std::size_t heldBytes() const;
    /// The bound in place of kMaxBytes (tests use a small one).
    void setMaxBytes(std::size_t bytes) { maxBytes_ = bytes; }

signals:
    void referencesChanged();

private:
    void rebuildReferences();
    /// Drops runs until the library keeps to kMaxRecent and kMaxBytes; true when a reference went.
    bool trim();

    std::deque<std::shared_ptr<const sim::RunLog>> recent_;
    std::vector<std::shared_ptr<const sim::RunLog>> pinned_;  ///< newest first
    std::shared_ptr<const sim::RunLog> live_;
    std::size_t maxBytes_ = kMaxBytes;
    std::vector<widgets::ReferenceRun> references_;
};

}  // namespace jounce::gui
