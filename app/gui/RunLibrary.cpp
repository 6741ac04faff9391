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
    if (trim())
        rebuildReferences();
}

std::size_t RunLibrary::heldBytes() const
{
    std::vector<const sim::RunLog*> runs;
    for (const auto& r : recent_)
        runs.push_back(r.get());
    for (const auto& r : pinned_)
        runs.push_back(r.get());
    std::sort(runs.begin(), runs.end());
    runs.erase(std::unique(runs.begin(), runs.end()), runs.end());
    std::size_t bytes = 0;
    for (const sim::RunLog* r : runs)
        bytes += r->memoryBytes();
    return bytes;
}

bool RunLibrary::trim()
{
    // The oldest go first (a pinned one lives on in pinned_).
    while (recent_.size() > kMaxRecent)
        recent_.pop_front();
    bool referencesDropped = false;
    while (heldBytes() > maxBytes_) {
        // The oldest recent run that frees memory (not a reference), never the newest.
        std::size_t i = 0;
        while (i + 1 < recent_.size() && isPinned(recent_[i].get()))
            ++i;
        if (i + 1 < recent_.size()) {
            recent_.erase(recent_.begin() + std::ptrdiff_t(i));
            continue;
        }
        if (pinned_.size() <= 1)
            break;
        // Then the oldest reference, from the recent runs too (but the newest).
        const std::shared_ptr<const sim::RunLog> dropped = pinned_.back();
        pinned_.pop_back();
        referencesDropped = true;
        for (std::size_t j = 0; j + 1 < recent_.size();)
            if (recent_[j] == dropped)
                recent_.erase(recent_.begin() + std::ptrdiff_t(j));
            else
                ++j;
    }
    return referencesDropped;
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
    trim();
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
