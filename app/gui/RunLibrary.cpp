#include "RunLibrary.h"

#include <algorithm>

namespace jounce::gui {
namespace {

// Reference colours and dashes, in pin order: distinct from the wheel colours and from each other.
const QColor kColors[] = {QColor(120, 120, 120), QColor(170, 90, 200), QColor(0, 150, 150), QColor(200, 120, 40)};
const Qt::PenStyle kStyles[] = {Qt::DashLine, Qt::DotLine, Qt::DashDotLine, Qt::DashDotDotLine};

}  // namespace

void RunLibrary::add(std::shared_ptr<const sim::RunLog> run)
{
    if (!run)
        return;
    recent_.push_back(std::move(run));
    // Drop the oldest (a pinned one lives on in pinned_).
    std::size_t bytes = 0;
    for (const auto& r : recent_)
        bytes += r->memoryBytes();
    while (recent_.size() > kMaxRecent || (recent_.size() > 1 && bytes > kMaxRecentBytes)) {
        bytes -= recent_.front()->memoryBytes();
        recent_.pop_front();
    }
}

std::shared_ptr<const sim::RunLog> RunLibrary::lastReplayable() const
{
    for (auto it = recent_.rbegin(); it != recent_.rend(); ++it)
        if ((*it)->replayable() && (*it)->source != "lockstep B")
            return *it;
    return nullptr;
}

std::shared_ptr<const sim::RunLog> RunLibrary::find(const std::string& name) const
{
    for (auto it = recent_.rbegin(); it != recent_.rend(); ++it)
        if ((*it)->name == name)
            return *it;
    return nullptr;
}

bool RunLibrary::isPinned(const sim::RunLog* run) const
{
    return std::any_of(pinned_.begin(), pinned_.end(), [run](const auto& p) { return p.get() == run; });
}

void RunLibrary::pin(std::shared_ptr<const sim::RunLog> run)
{
    if (!run)
        return;
    pinned_.erase(std::remove(pinned_.begin(), pinned_.end(), run), pinned_.end());
    pinned_.insert(pinned_.begin(), std::move(run));
    const std::size_t room = kMaxReferences - (live_ ? 1 : 0);
    if (pinned_.size() > room)
        pinned_.resize(room);
    rebuildReferences();
}

void RunLibrary::unpinAll()
{
    pinned_.clear();
    rebuildReferences();
}

void RunLibrary::setLive(std::shared_ptr<const sim::RunLog> run)
{
    live_ = std::move(run);
    if (live_ && pinned_.size() >= kMaxReferences)
        pinned_.resize(kMaxReferences - 1);
    rebuildReferences();
}

void RunLibrary::rebuildReferences()
{
    references_.clear();
    std::vector<std::shared_ptr<const sim::RunLog>> runs;
    if (live_)
        runs.push_back(live_);
    runs.insert(runs.end(), pinned_.begin(), pinned_.end());
    for (std::size_t i = 0; i < runs.size(); ++i)
        references_.push_back({runs[i], kColors[i % 4], kStyles[i % 4], QString::fromStdString(runs[i]->name)});
    emit referencesChanged();
}

}  // namespace jounce::gui
