#pragma once
// The Sweep window's right side: the results of the last run as a heat map (a grid of two
// parameters), a tornado chart (the sensitivity study) and a table of every point. Clicking a
// cell, a bar or a row selects a point; it can then be loaded as the edited vehicle or into a slot
// of the compare view (the window does that when asked).

#include "sweep/Sensitivity.h"
#include "sweep/Sweep.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QLayout;
class QPushButton;
class QTabWidget;
class QTableWidget;
class QToolButton;
QT_END_NAMESPACE

namespace jounce::widgets {
class HeatMap;
class TornadoChart;
}  // namespace jounce::widgets

namespace jounce::gui {

class SweepResults : public QWidget {
    Q_OBJECT
public:
    /// What the points were: every point of the design, or the one-at-a-time sensitivity study.
    enum class Mode { Sweep, Sensitivity };

    explicit SweepResults(QWidget* parent = nullptr);

    /// Shows a run's results (no point selected).
    void showRun(std::shared_ptr<const sweep::Sweep> sweep, std::vector<sweep::PointResult> results, Mode mode);
    const std::vector<sweep::PointResult>& results() const { return results_; }
    /// The sweep the results are of (null before the first run).
    std::shared_ptr<const sweep::Sweep> shownSweep() const { return shown_; }
    /// Selects a result (index into results()); -1 clears.
    void selectPoint(int index);
    int selectedPoint() const { return selected_; }
    /// The selected point's result, or null.
    const sweep::PointResult* selectedResult() const;
    /// While a run is going, the selected point cannot be loaded.
    void setRunning(bool running);

    widgets::HeatMap& heatMap() { return *heatMap_; }
    widgets::TornadoChart& tornado() { return *tornado_; }
    QTableWidget& pointTable() { return *points_; }

signals:
    /// Load the selected point as the edited vehicle.
    void loadRequested();
    /// Load the selected point's vehicle into compare slot 0-3.
    void compareRequested(int slot);

private:
    QLayout* buildSelectionRow();
    void connectViews();
    void showHeatMap();
    void showTornado();
    void showPointTable();
    void showSelection();
    void updateButtons();
    QString valueText(std::size_t parameter, const sweep::Json& value) const;
    QString figureTitle(const std::string& id) const;

    QTabWidget* tabs_ = nullptr;
    QComboBox* heatFigure_ = nullptr;
    QComboBox* tornadoFigure_ = nullptr;
    widgets::HeatMap* heatMap_ = nullptr;
    widgets::TornadoChart* tornado_ = nullptr;
    QTableWidget* points_ = nullptr;
    QLabel* selection_ = nullptr;
    QPushButton* loadButton_ = nullptr;
    QToolButton* compareButton_ = nullptr;

    Mode mode_ = Mode::Sweep;
    std::shared_ptr<const sweep::Sweep> shown_;
    std::vector<sweep::PointResult> results_;
    std::vector<sweep::Tornado> tornadoes_;
    std::optional<sweep::HeatMap> map_;
    int selected_ = -1;
    bool running_ = false;
};

}  // namespace jounce::gui
