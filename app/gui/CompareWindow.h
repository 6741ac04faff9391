#pragma once
// The compare view: two to four vehicles (presets, files, or the vehicle being edited, unsaved
// state included) side by side: their parameters, the same maneuver run for each in the
// background, overlaid telemetry with a shared cursor, the figures with the best marked; copying
// the winner's values into the edited vehicle; exports. Figures of a vehicle that changed after its
// run are marked stale, on screen and in the report, which always holds what the tables show.
// The window runs the comparison and keeps what the last run ran; its parts:
//   CompareInputs    the vehicle slots, terrain, maneuver and run controls
//   CompareCharts    the overlaid telemetry
//   CompareExports   vehicle JSON, JSON Patch, report CSV, charts PNG

#include "CompareInputs.h"
#include "CompareRunner.h"
#include "VehicleDocument.h"

#include "compare/ComparisonRun.h"
#include "compare/RunStatus.h"
#include "compare/SprungMassFit.h"
#include "compare/VehiclePatch.h"

#include <QMainWindow>

#include <memory>
#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QLabel;
QT_END_NAMESPACE

namespace jounce::widgets {
class CompareFiguresTable;
class CompareParameterTable;
class OverlayChart;
}  // namespace jounce::widgets

namespace jounce::gui {

class CompareCharts;
class CompareExports;

class CompareWindow : public QMainWindow {
    Q_OBJECT
public:
    static constexpr int kSlots = CompareInputs::kSlots;

    CompareWindow(VehicleDocument& document, const QString& presetsDir, QWidget* parent = nullptr);
    ~CompareWindow() override;

    /// Sizes the window for a screen with this available area: 1500×900, or as much as the screen
    /// allows with room for the frame, centred (it opened at 1500×900 on a 1366×768 screen).
    void placeOn(const QRect& available);

    /// Fills slot `slot` (0-3) with the edited vehicle, a vehicle file, or nothing (empty path).
    /// Returns false (and leaves the slot empty) when the file cannot be compared.
    /// `model`: the edited vehicle under that model generation (CompareInputs::setSlotEdited).
    bool setSlotEdited(int slot, std::optional<ModelGenerationKind> model = std::nullopt);
    bool setSlotFile(int slot, const QString& path);
    void clearSlot(int slot);
    bool setManeuverFile(const QString& path);
    bool setTerrainFile(const QString& path);  ///< empty: the flat plane

    /// Starts the runs in the background; false (with the reason in the status bar) when fewer
    /// than two vehicles are chosen or a run is already going.
    bool run();
    void cancel();
    bool isRunning() const { return runner_.isRunning(); }

    /// The labels and configurations currently chosen, in slot order.
    QStringList labels() const;
    std::vector<std::shared_ptr<const VehicleConfig>> vehicles() const;
    /// The runs last finished (null before the first).
    std::shared_ptr<const std::vector<compare::VehicleRun>> runs() const { return runs_; }

    /// Copies from a chosen vehicle into the edited one as one undoable step; "" or the reason. A
    /// section copy takes its coupled sections along (compare/CopyCoupling.h); `note` then says
    /// which and why. A copy that leaves the sprung masses off the chassis mass asks first (the
    /// "sprungMassBox": fit them, copy them as they are, or cancel), and `note` says what was done.
    QString copyIntoEdited(int vehicle, compare::CopyScope scope, const QString& what, const QString& description,
                           QString* note = nullptr);
    /// The last run's results as the figures table shows them: one per chosen vehicle, with status.
    const compare::MatchedRuns& shownResults() const { return shown_; }

    /// The compare report of what the tables show: the chosen vehicles as they are now, and the
    /// last run's results with their status (stale when the vehicle changed after the run).
    std::string reportCsv(bool allParameters) const;
    /// The exports (CompareExports); "" or an error message.
    QString exportReport(const QString& path, bool allParameters);
    QString exportChartsPng(const QString& path);
    QString exportPatch(int from, int to, const QString& path);
    QString exportVehicle(int vehicle, const QString& path);

    widgets::CompareParameterTable& parameterTable() { return *parameters_; }
    widgets::CompareFiguresTable& figuresTable() { return *figures_; }
    widgets::OverlayChart& chart(int index);
    int chartCount() const;

signals:
    /// The runs finished (or were cancelled) and the tables and charts show them.
    void runsShown();

private:
    QWidget* buildPanes();
    void buildMenus();
    void vehiclesChanged();
    void showResults();
    void documentChanged();
    void showRuns(std::shared_ptr<const std::vector<compare::VehicleRun>> runs, bool cancelled);
    void updateRunControls();
    void message(const QString& text, bool error = false);
    /// Asks what to do with a copy's sprung masses that miss the chassis mass; fits them in `copy`
    /// when asked to. False when the copy is cancelled.
    bool askAboutSprungMasses(const compare::SprungMassMismatch& mismatch, const QString& from, compare::CopyResult& copy,
                              QString* note);

    VehicleDocument& document_;
    CompareInputs* inputs_;
    QLabel* status_;
    widgets::CompareParameterTable* parameters_;
    widgets::CompareFiguresTable* figures_;
    CompareCharts* charts_;
    CompareExports* exports_;
    CompareRunner runner_;

    // What the last run ran: the vehicles as they were, their slots and labels, and the results.
    std::vector<std::shared_ptr<const VehicleConfig>> runVehicles_;
    std::vector<int> runSlots_;
    QStringList runLabels_;
    QString runManeuver_;
    QString runTerrain_;
    std::shared_ptr<const std::vector<compare::VehicleRun>> runs_;
    compare::MatchedRuns shown_;  ///< runs_ matched to the chosen vehicles
};

}  // namespace jounce::gui
