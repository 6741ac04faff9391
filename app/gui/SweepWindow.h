#pragma once
// The Sweep window (Simulation ▸ Sweep…, docs/sweeps.md "The Sweep window"): a sweep of the vehicle
// being edited built from parameters picked in the window (ranges from the registry's typical range
// or limits), run in the background with progress and cancel; the results as a heat map (a grid of
// two parameters), a tornado chart (the sensitivity study) and a table. Clicking a point selects it;
// it can then become the edited vehicle (one undo step) or a slot of the compare view. The sweep is
// built as a sweep file and read by the same reader as `jounce-cli sweep`, so the window and the CLI
// check and run it alike, and File ▸ Save sweep file gives the file to run on a cluster.

#include "SweepWindowRunner.h"
#include "VehicleDocument.h"

#include "sweep/Sensitivity.h"
#include "sweep/Sweep.h"

#include <QMainWindow>
#include <QTemporaryDir>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;
class QToolButton;
QT_END_NAMESPACE

namespace jounce::widgets {
class HeatMap;
class TornadoChart;
}  // namespace jounce::widgets

namespace jounce::gui {

class CompareWindow;

class SweepWindow : public QMainWindow {
    Q_OBJECT
public:
    /// `compare` gives the workbench's compare view (created on first use).
    SweepWindow(VehicleDocument& document, const QString& presetsDir, std::function<CompareWindow&()> compare,
                QWidget* parent = nullptr);
    ~SweepWindow() override;

    // ---- the sweep being built (SweepWindowSetup.cpp) ----
    bool setManeuverFile(const QString& path);
    bool setTerrainFile(const QString& path);  ///< empty: the flat plane
    /// Adds a parameter path (a registry path of the edited vehicle, `[*]` for every element) with
    /// its default range: the registry's typical range, else its limits, else +-50 % of the value.
    bool addParameter(const QString& path);
    void removeParameter(int row);
    int parameterCount() const;
    /// A parameter's range in SI (or as factors) and its grid steps.
    void setParameterRange(int row, double min, double max, int steps);
    void setDesign(sweep::DesignType type, int samples = 20, int seed = 0);
    /// The sweep as built from the window, read and checked like a sweep file; nullopt with the
    /// problems ("/parameters/1/max: must be > 0, got -5") in `error`.
    std::optional<sweep::Sweep> buildSweep(QString& error) const;
    /// The sweep file the window would run.
    std::string sweepFileText() const;

    // ---- running (SweepWindow.cpp) ----
    /// Every point of the design; false (with the reason shown) when the sweep has problems or a run is going.
    bool runSweep();
    /// The one-at-a-time study of the parameters (tornado).
    bool runSensitivity();
    void cancel();
    bool isRunning() const { return runner_.isRunning(); }

    // ---- results (SweepWindowResults.cpp) ----
    const std::vector<sweep::PointResult>& results() const { return results_; }
    /// The sweep the results are of (null before the first run).
    std::shared_ptr<const sweep::Sweep> shownSweep() const { return shown_; }
    /// Selects a result (index into results()); -1 clears.
    void selectPoint(int index);
    int selectedPoint() const { return selected_; }
    /// The selected point as the edited vehicle, one undo step; "" or why not.
    QString loadSelectedAsEdited();
    /// The selected point's vehicle into compare slot 0-3 (the compare view opens); "" or why not.
    QString loadSelectedIntoCompare(int slot);
    QString saveSweepFile(const QString& path) const;
    QString exportResults(const QString& path) const;

    widgets::HeatMap& heatMap() { return *heatMap_; }
    widgets::TornadoChart& tornado() { return *tornado_; }
    QTableWidget& pointTable() { return *points_; }
    QTableWidget& parameterTable() { return *parameters_; }

signals:
    /// A run finished (or was cancelled) and the results are shown.
    void resultsShown();

private:
    enum class Mode { Sweep, Sensitivity };

    QWidget* buildSetup();
    QWidget* buildResults();
    void buildMenus();
    void fillParameterPicker();
    void fillFigures();
    void updateDesignControls();
    void updatePointCount();
    bool start(Mode mode);
    void finished(std::shared_ptr<const std::vector<sweep::PointResult>> results, bool cancelled);
    void showResults();
    void showHeatMap();
    void showTornado();
    void showPointTable();
    void showSelection();
    void updateButtons();
    void message(const QString& text, bool error = false);
    QString valueText(std::size_t parameter, const sweep::Json& value) const;
    QString figureTitle(const std::string& id) const;

    VehicleDocument& document_;
    QString presetsDir_;
    std::function<CompareWindow&()> compare_;
    QString maneuverPath_;
    QString terrainPath_;

    QComboBox* maneuverBox_ = nullptr;
    QComboBox* terrainBox_ = nullptr;
    QComboBox* picker_ = nullptr;
    QTableWidget* parameters_ = nullptr;
    QComboBox* designBox_ = nullptr;
    QSpinBox* samples_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QLabel* pointCount_ = nullptr;
    QListWidget* figures_ = nullptr;
    QPushButton* runButton_ = nullptr;
    QPushButton* sensitivityButton_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;

    QTabWidget* tabs_ = nullptr;
    QComboBox* heatFigure_ = nullptr;
    QComboBox* tornadoFigure_ = nullptr;
    widgets::HeatMap* heatMap_ = nullptr;
    widgets::TornadoChart* tornado_ = nullptr;
    QTableWidget* points_ = nullptr;
    QLabel* selection_ = nullptr;
    QPushButton* loadButton_ = nullptr;
    QToolButton* compareButton_ = nullptr;

    SweepWindowRunner runner_;
    Mode mode_ = Mode::Sweep;
    Mode running_ = Mode::Sweep;
    std::shared_ptr<const sweep::Sweep> pending_;  ///< the sweep being run
    std::shared_ptr<const sweep::Sweep> shown_;    ///< the sweep the results are of
    std::vector<sweep::PointResult> results_;
    std::vector<sweep::Tornado> tornadoes_;
    std::optional<sweep::HeatMap> map_;
    int selected_ = -1;
    QTemporaryDir pointFiles_;  ///< vehicles handed to the compare view
};

}  // namespace jounce::gui
