#pragma once
// The vehicle's model generation (simulation.model) as a visible setting of the workbench: a
// button in the menu bar's corner that names the generation the car is simulated with (the
// simulation dock's status line names it too), and the "Convert to
// PhysX 5 behaviour" action (or back to PhysX 4.1), which first shows what will behave differently
// for this vehicle (config/ModelGenerationChange.h) and then switches as one undoable edit.

#include "config/VehicleConfig.h"

#include <QObject>
#include <QString>

QT_BEGIN_NAMESPACE
class QAction;
class QMainWindow;
class QToolButton;
QT_END_NAMESPACE

namespace jounce::gui {

class VehicleDocument;

class ModelGenerationSwitch : public QObject {
    Q_OBJECT
public:
    ModelGenerationSwitch(VehicleDocument& document, QMainWindow& window);

    /// "Convert to PhysX 5 behaviour…" or "Convert to PhysX 4.1 behaviour…", as the car's model is.
    QAction* convertAction() const { return action_; }

    /// The report the conversion shows: one line per behaviour that will differ.
    QString report() const;
    /// Switches to the other generation as one undoable edit; with `ask`, only after the user read
    /// the report and agreed. Returns whether the model changed.
    bool convert(bool ask = true);

private:
    void documentChanged();

    VehicleDocument& document_;
    QMainWindow& window_;
    QAction* action_ = nullptr;
    QToolButton* button_ = nullptr;
};

}  // namespace jounce::gui
