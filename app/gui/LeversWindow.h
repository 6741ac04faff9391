#pragma once
// Simulation ▸ Levers… (docs/sweeps.md "Levers", issue #30 item 5): for the edited vehicle and one
// figure, the levers a tuner reaches for first, each measured at −20 % and +20 % alone on the
// figure's library maneuver, as a tornado chart, largest change on top. The runs go to a worker
// (SweepWindowRunner) with progress and Cancel; results are kept per vehicle and figure, so going
// back to a vehicle state already measured shows its levers at once.

#include "sweep/Levers.h"

#include <QWidget>

#include <map>
#include <memory>
#include <string>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
QT_END_NAMESPACE

namespace jounce::widgets {
class TornadoChart;
}

namespace jounce::gui {

class SweepWindowRunner;
class VehicleDocument;

class LeversWindow : public QWidget {
    Q_OBJECT
public:
    LeversWindow(const VehicleDocument& document, QString presetsDir, QWidget* parent = nullptr);

    /// Measures the levers of the chosen figure on the vehicle as it is now; a cached result is shown
    /// at once instead. False when a run is going or the study cannot be made (the status says why).
    bool measure();
    void cancel();
    bool isRunning() const;
    void setFigure(const QString& id);
    /// The levers shown, largest change first (tests).
    const std::vector<sweep::Lever>& levers() const { return shown_; }
    const widgets::TornadoChart& chart() const { return *chart_; }
    QString status() const;

signals:
    void measured();

private:
    void finished(std::shared_ptr<const std::vector<sweep::PointResult>> results, bool cancelled);
    void showLevers(const std::vector<sweep::Lever>& levers, std::optional<double> base);
    void vehicleChanged();
    std::string cacheKey() const;

    const VehicleDocument& document_;
    QString presetsDir_;
    QComboBox* figure_ = nullptr;
    QPushButton* run_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    widgets::TornadoChart* chart_ = nullptr;
    SweepWindowRunner* runner_ = nullptr;
    std::shared_ptr<const sweep::Sweep> sweep_;  ///< the study running or last run
    std::string runningKey_;
    struct Measured {
        std::vector<sweep::Lever> levers;
        std::optional<double> base;
    };
    std::map<std::string, Measured> cache_;  ///< by vehicle text and figure
    std::vector<sweep::Lever> shown_;
};

}  // namespace jounce::gui
