#pragma once
// The runs the workbench holds (docs/architecture.md "Runs and replay"): the recent finished runs
// of this session, the run files and CSVs opened, and up to four of them pinned as references,
// each with its own colour and dash. Memory stays bounded: at most kMaxRecent runs of at most
// kMaxRecentBytes together are kept (the oldest go first), and every run is itself bounded by the
// run logger.

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
    /// The recent runs together hold at most this much (the newest is always kept): eight hour-long
    /// runs would otherwise take 600 MB.
    static constexpr std::size_t kMaxRecentBytes = std::size_t(1) << 30;
    static constexpr std::size_t kMaxReferences = 4;

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

signals:
    void referencesChanged();

private:
    void rebuildReferences();

    std::deque<std::shared_ptr<const sim::RunLog>> recent_;
    std::vector<std::shared_ptr<const sim::RunLog>> pinned_;  ///< newest first
    std::shared_ptr<const sim::RunLog> live_;
    std::vector<widgets::ReferenceRun> references_;
};

}  // namespace jounce::gui
