#pragma once
// The tuning doctor in the GUI: the static findings on the vehicle as it is edited and the live
// findings from its telemetry, by severity; selecting one selects its parameters, and "Apply fix"
// applies its fix as one undoable edit.

#include "EditRequest.h"
#include "TelemetryHistory.h"
#include "doctor/Finding.h"
#include "doctor/LiveDoctor.h"

#include <QWidget>

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
    /// Applies the fix of the finding with this key; returns the refusal reason or "".
    QString applyFix(const std::string& key);

signals:
    /// The user selected a finding: the registry paths it is about.
    void parametersSelected(const QStringList& paths);
    void message(const QString& text);

private:
    void relist();

    ApplyEdits apply_;
    std::vector<doctor::Finding> static_;
    std::vector<doctor::Finding> shown_;
    std::unique_ptr<doctor::LiveDoctor> live_;
    int liveEpisodes_ = -1;
    double lastFed_ = -1.0;
    std::uint64_t fedRevision_ = 0;
    QTreeWidget* list_;
    QLabel* summary_;
    QPushButton* applyButton_;
};

}  // namespace jounce::widgets
