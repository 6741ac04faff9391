#pragma once
// The tuning doctor in the GUI: the static findings on the vehicle as it is edited and the live
// findings from its telemetry, by severity; selecting one selects its parameters, and "Apply fix"
// applies its fix as one undoable edit. A live finding shows when it was seen; one seen before the
// last edit keeps that vehicle's words and is marked so, and its fix is not offered (applyFix).

#include "EditRequest.h"
#include "TelemetryHistory.h"
#include "doctor/Finding.h"
#include "doctor/LiveDoctor.h"

#include <QWidget>

#include <array>
#include <functional>
#include <memory>
#include <vector>

QT_BEGIN_NAMESPACE
class QLabel;
class QPushButton;
class QTreeWidget;
QT_END_NAMESPACE

namespace jounce::widgets {

class DoctorPanel : public QWidget {
    Q_OBJECT
public:
    explicit DoctorPanel(QWidget* parent = nullptr);
    void setApplyEdits(ApplyEdits apply) { apply_ = std::move(apply); }

    /// Re-runs the static checks on the edited vehicle (and tells the live checks about it).
    void setVehicle(const VehicleConfig& config);
    /// Feeds the telemetry frames that arrived since the last call to the live checks.
    void feed(const TelemetryHistory& history);

    const std::vector<doctor::Finding>& findings() const { return shown_; }
    /// Applies the fix of the finding with this key; returns the refusal reason or "". A live
    /// finding seen before the last edit offers no fix: its values were computed from the vehicle
    /// as it was (the edit may be that very fix, or have changed what it was computed from), and a
    /// symptom that persists is found again with a fix for the vehicle as it is.
    QString applyFix(const std::string& key);

    /// "Doctor · 1 error, 2 warnings" ("Doctor" when it has nothing to say): for the dock's tab.
    QString title() const { return title_; }
    /// The text of the "Seen" column for `f`: "seen 3.2–8.9 s", ", before your last edit" for a
    /// finding of an earlier configuration; "" for a static finding.
    static QString seenText(const doctor::Finding& f);

signals:
    /// The user selected a finding: the registry paths it is about.
    void parametersSelected(const QStringList& paths);
    void message(const QString& text);
    /// The number of findings shown changed (after an edit, or a live symptom).
    void countsChanged(int errors, int warnings, int advice);
    /// title() changed.
    void titleChanged(const QString& title);

private:
    void relist();
    void updateCounts();
    bool fixOffered(const doctor::Finding& f) const { return f.fix.has_value() && !f.earlierConfig; }

    ApplyEdits apply_;
    std::vector<doctor::Finding> static_;
    ModelGenerationKind model_ = ModelGenerationKind::Physx41;
    std::vector<doctor::Finding> shown_;
    std::unique_ptr<doctor::LiveDoctor> live_;
    int liveEpisodes_ = -1;
    std::array<int, 3> counts_{-1, -1, -1};  ///< errors, warnings, advice last announced
    QString title_;
    double lastFed_ = -1.0;
    std::uint64_t fedRevision_ = 0;
    QTreeWidget* list_;
    QLabel* summary_;
    QPushButton* applyButton_;
};

}  // namespace jounce::widgets
