#pragma once
// The compare view's inputs: the vehicle slots (a preset, a file, or the vehicle being edited with
// its unsaved edits), the terrain and the maneuver every vehicle runs, and the run controls.

#include "CompareRunner.h"

#include "compare/RunStatus.h"
#include "scenario/Maneuver.h"
#include "world/Terrain.h"

#include <QWidget>

#include <array>
#include <memory>
#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QComboBox;
class QProgressBar;
class QPushButton;
QT_END_NAMESPACE

namespace jounce::gui {

class VehicleDocument;

class CompareInputs : public QWidget {
    Q_OBJECT
public:
    static constexpr int kSlots = CompareRunner::kMaxVehicles;

    CompareInputs(const VehicleDocument& document, const QString& presetsDir, QWidget* parent);

    /// Fills slot `slot` (0-3) with the edited vehicle, a vehicle file, or nothing. A file that
    /// cannot be compared leaves the slot empty (false, with a message).
    /// `model`: the edited vehicle under that model generation instead of its own (to compare one
    /// car under PhysX 4.1 and PhysX 5 side by side).
    bool setSlotEdited(int slot, std::optional<ModelGenerationKind> model = std::nullopt);
    bool setSlotFile(int slot, const QString& path);
    void clearSlot(int slot);
    bool setManeuverFile(const QString& path);
    bool setTerrainFile(const QString& path);  ///< empty: the flat plane

    /// The labels and configurations chosen, in slot order.
    QStringList labels() const;
    std::vector<std::shared_ptr<const VehicleConfig>> vehicles() const;
    /// The chosen vehicles' keys for matching runs to them.
    std::vector<compare::RunKey> keys() const;
    /// The column of the edited vehicle among the chosen, -1 when it is not chosen.
    int editedColumn() const;

    std::shared_ptr<const sim::Terrain> terrain() const { return terrain_; }
    QString terrainName() const { return terrainName_; }
    /// The maneuver chosen, or null before one is.
    const sim::Maneuver* maneuver() const { return hasManeuver_ ? &maneuver_ : nullptr; }

    /// The edited vehicle changed: its slots take the new configuration, every box its new name.
    /// Returns whether a chosen slot holds it.
    bool documentChanged();
    /// While runs are going, the inputs cannot change.
    void setRunning(bool running);
    void setProgress(double fraction);

signals:
    /// The chosen vehicles changed.
    void vehiclesChanged();
    void runRequested();
    void cancelRequested();
    void message(const QString& text, bool error);

private:
    struct Slot {
        QComboBox* box = nullptr;
        bool edited = false;
        std::optional<ModelGenerationKind> model;  ///< the edited vehicle under another generation
        QString file;
        std::shared_ptr<const VehicleConfig> config;
    };

    void buildSlots(QLayout* row);
    void buildRunChoice(QLayout* row);
    void fillSlotBox(int slot);
    void slotActivated(int slot, int index);
    /// The edited vehicle as slot `s` shows it (its own model or the slot's).
    std::shared_ptr<const VehicleConfig> editedConfig(const Slot& s) const;
    void updateControls();
    std::vector<const Slot*> chosen() const;

    const VehicleDocument& document_;
    QString presetsDir_;
    std::array<Slot, kSlots> slots_;
    QComboBox* terrainBox_ = nullptr;
    QComboBox* maneuverBox_ = nullptr;
    QPushButton* runButton_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QProgressBar* progress_ = nullptr;
    bool running_ = false;

    std::shared_ptr<const sim::Terrain> terrain_;
    QString terrainName_ = "flat plane";
    sim::Maneuver maneuver_;
    bool hasManeuver_ = false;
};

}  // namespace jounce::gui
