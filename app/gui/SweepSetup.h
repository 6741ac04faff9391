#pragma once
// The Sweep window's left side: the sweep being built. The maneuver and terrain every point
// drives, the parameters with their ranges (SweepParameterTable), the design (grid, random samples,
// Latin hypercube) and the figures to collect. It is written as a sweep file and read back by the
// same reader as `jounce-cli sweep`, so the window and the CLI check and run it alike.

#include "sweep/Sweep.h"

#include <QWidget>

#include <optional>
#include <string>

QT_BEGIN_NAMESPACE
class QComboBox;
class QGroupBox;
class QLabel;
class QListWidget;
class QSpinBox;
QT_END_NAMESPACE

namespace jounce::gui {

class SweepParameterTable;
class VehicleDocument;

class SweepSetup : public QWidget {
    Q_OBJECT
public:
    SweepSetup(const VehicleDocument& document, const QString& presetsDir, QWidget* parent);

    /// The skidpad (else the first maneuver) on the proving ground.
    void chooseDefaultRun();
    bool setManeuverFile(const QString& path);
    bool setTerrainFile(const QString& path);  ///< empty: the flat plane
    void setDesign(sweep::DesignType type, int samples, int seed);
    SweepParameterTable& parameters() { return *parameters_; }
    const SweepParameterTable& parameters() const { return *parameters_; }

    /// The sweep file the window would run.
    std::string sweepFileText() const;
    /// The sweep file read and checked; nullopt with the problems ("chassis.mass, max: must be > 0,
    /// got -5") in `error`.
    std::optional<sweep::Sweep> buildSweep(QString& error) const;

signals:
    void message(const QString& text, bool error);

private:
    QGroupBox* buildRunChoice();
    QGroupBox* buildDesign();
    QGroupBox* buildFigures();
    void fillFigures();
    void updateDesignControls();
    void updatePointCount();

    const VehicleDocument& document_;
    QString presetsDir_;
    QString maneuverPath_;
    QString terrainPath_;
    QComboBox* maneuverBox_ = nullptr;
    QComboBox* terrainBox_ = nullptr;
    SweepParameterTable* parameters_ = nullptr;
    QComboBox* designBox_ = nullptr;
    QSpinBox* samples_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QLabel* pointCount_ = nullptr;
    QListWidget* figures_ = nullptr;
};

}  // namespace jounce::gui
