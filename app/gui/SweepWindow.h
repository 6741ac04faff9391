#pragma once
// The Sweep window (Simulation ▸ Sweep…, docs/sweeps.md "The Sweep window"): a sweep of the vehicle
// being edited built from parameters picked in the window (SweepSetup), run in the background with
// progress and cancel (SweepWindowRunner), the results as a heat map, a tornado chart and a table
// (SweepResults). A selected point can become the edited vehicle (one undo step) or a slot of the
// compare view. File ▸ Save sweep file gives the file to run on a cluster.

#include "SweepResults.h"
#include "SweepWindowRunner.h"

#include "sweep/Sweep.h"

#include <QMainWindow>
#include <QTemporaryDir>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
QT_END_NAMESPACE

namespace jounce::gui {

class CompareWindow;
class SweepSetup;
class VehicleDocument;

class SweepWindow : public QMainWindow {
    Q_OBJECT
public:
    /// `compare` gives the workbench's compare view (created on first use).
    SweepWindow(VehicleDocument& document, const QString& presetsDir, std::function<CompareWindow&()> compare,
                QWidget* parent = nullptr);
    ~SweepWindow() override;

    // ---- the sweep being built (SweepSetup) ----
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

    // ---- running ----
    /// Every point of the design; false (with the reason shown) when the sweep has problems or a run is going.
    bool runSweep();
    /// The one-at-a-time study of the parameters (tornado).
    bool runSensitivity();
    void cancel();
    bool isRunning() const { return runner_.isRunning(); }

    // ---- results (SweepResults) ----
    const std::vector<sweep::PointResult>& results() const;
    /// The sweep the results are of (null before the first run).
    std::shared_ptr<const sweep::Sweep> shownSweep() const;
    /// Selects a result (index into results()); -1 clears.
    void selectPoint(int index);
    int selectedPoint() const;
    /// The selected point as the edited vehicle, one undo step; "" or why not.
    QString loadSelectedAsEdited();
    /// The selected point's vehicle into compare slot 0-3 (the compare view opens); "" or why not.
    QString loadSelectedIntoCompare(int slot);
    QString saveSweepFile(const QString& path) const;
    QString exportResults(const QString& path) const;

    widgets::HeatMap& heatMap();
    widgets::TornadoChart& tornado();
    QTableWidget& pointTable();
    QTableWidget& parameterTable();

signals:
    /// A run finished (or was cancelled) and the results are shown.
    void resultsShown();

private:
    QWidget* buildLeftSide();
    void buildMenus();
    bool start(SweepResults::Mode mode);
    void finished(std::shared_ptr<const std::vector<sweep::PointResult>> results, bool cancelled);
    void updateButtons();
    void message(const QString& text, bool error = false);

    VehicleDocument& document_;
    std::function<CompareWindow&()> compare_;
    SweepSetup* setup_ = nullptr;
    SweepResults* results_ = nullptr;
    QPushButton* runButton_ = nullptr;
    QPushButton* sensitivityButton_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;

    SweepWindowRunner runner_;
    SweepResults::Mode running_ = SweepResults::Mode::Sweep;
    std::shared_ptr<const sweep::Sweep> pending_;  ///< the sweep being run
    QTemporaryDir pointFiles_;                     ///< vehicles handed to the compare view
};

}  // namespace jounce::gui
