#include "ModelGenerationSwitch.h"

#include "VehicleDocument.h"

#include "config/ModelGenerationChange.h"

#include <QAbstractButton>
#include <QAction>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QToolButton>

namespace jounce::gui {
namespace {

ModelGenerationKind other(ModelGenerationKind kind)
{
    return kind == ModelGenerationKind::Physx5 ? ModelGenerationKind::Physx41 : ModelGenerationKind::Physx5;
}

QString title(ModelGenerationKind kind) { return QString::fromUtf8(modelGenerationTitle(kind).data()); }

}  // namespace

ModelGenerationSwitch::ModelGenerationSwitch(VehicleDocument& document, QMainWindow& window)
    : QObject(&window), document_(document), window_(window)
{
    action_ = new QAction(&window);
    action_->setObjectName("convertModelAction");
    connect(action_, &QAction::triggered, this, [this] { convert(true); });
    button_ = new QToolButton(&window);
    button_->setObjectName("modelGenerationButton");
    button_->setAutoRaise(true);
    connect(button_, &QToolButton::clicked, action_, &QAction::trigger);
    // In the menu bar's corner, always in view; a status bar would make the window taller than a
    // 1366×768 screen allows.
    window.menuBar()->setCornerWidget(button_, Qt::TopRightCorner);
    connect(&document_, &VehicleDocument::configChanged, this, &ModelGenerationSwitch::documentChanged);
    documentChanged();
}

void ModelGenerationSwitch::documentChanged()
{
    const ModelGenerationKind now = document_.config().simulation.model;
    action_->setText(tr("Convert to %1 &behaviour…").arg(title(other(now))));
    action_->setToolTip(tr("Simulate this vehicle with %1's vehicle model instead of %2's; shows first what will "
                           "behave differently (one undoable edit of simulation.model)")
                            .arg(title(other(now)), title(now)));
    button_->setText(tr("%1 model").arg(title(now)));
    button_->setToolTip(tr("The vehicle is simulated with %1's vehicle model (simulation.model). Click to convert "
                           "it to %2 behaviour.")
                            .arg(title(now), title(other(now))));
}

QString ModelGenerationSwitch::report() const
{
    const VehicleConfig& v = document_.config();
    QString text;
    for (const GenerationDifference& d : generationDifferences(v, other(v.simulation.model)))
        text += QStringLiteral("• %1: %2\n").arg(QString::fromStdString(d.subject), QString::fromStdString(d.text));
    return text;
}

bool ModelGenerationSwitch::convert(bool ask)
{
    const ModelGenerationKind to = other(document_.config().simulation.model);
    const QString what = tr("Convert to %1 behaviour").arg(title(to));
    if (ask) {
        QMessageBox box(QMessageBox::Question, what,
                        tr("%1 simulates this vehicle differently from %2. With the same parameters:")
                            .arg(title(to), title(other(to))),
                        QMessageBox::Cancel, &window_);
        const QAbstractButton* accept = box.addButton(tr("Convert"), QMessageBox::AcceptRole);
        box.setInformativeText(report());
        box.setObjectName("convertModelDialog");
        box.exec();
        if (box.clickedButton() != accept)
            return false;
    }
    const QString err = document_.setParameters({{"simulation.model", std::string(modelGenerationName(to))}}, what);
    if (!err.isEmpty()) {
        QMessageBox::warning(&window_, what, err);
        return false;
    }
    window_.statusBar()->showMessage(tr("The vehicle now runs %1's model; Undo (Ctrl+Z) converts it back").arg(title(to)), 8000);
    return true;
}

}  // namespace jounce::gui
