#include "MainWindow.h"

#include "DockLayout.h"
#include "ExchangeMenus.h"
#include "ModelGenerationSwitch.h"
#include "PresetFiles.h"
#include "RunActions.h"
#include "RunExports.h"
#include "SimulationDock.h"
#include "VehicleFiles.h"
#include "WorkbenchMenus.h"

#include "widgets/CurveEditor.h"
#include "widgets/DoctorPanel.h"
#include "widgets/HistogramView.h"
#include "widgets/ParameterEditor.h"
#include "widgets/ProblemsPanel.h"
#include "widgets/TelemetryPanel.h"
#include "widgets/VehicleView.h"
#include "widgets/XYPlotPair.h"

#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QKeyEvent>
#include <QStatusBar>
#include <QTimer>

namespace jounce::gui {

MainWindow::MainWindow()
{
    setObjectName("JounceMainWindow");
    setWindowIcon(QIcon(":/jounce.svg"));
    createPanels();
    simulation_ = std::make_unique<SimulationController>(document_, *telemetry_, this);
    connectSimulation();
    simulationDock_ = new SimulationDock(*simulation_, *vehicleView_, *problems_, *this);
    layout_ = new DockLayout(*this, {parameters_, simulationDock_, vehicleView_, curves_, problems_, doctor_, xyPlots_,
                                      histograms_});
    files_ = new VehicleFiles(document_, *this);
    runs_ = new RunActions(document_, *simulation_, *telemetry_, *vehicleView_, *simulationDock_, *this);
    auto* exchange = new ExchangeMenus(document_, *files_, *this);
    runExports_ = new RunExports(*runs_, *simulation_, *this);
    generation_ = new ModelGenerationSwitch(document_, *this);
    new WorkbenchMenus({*this, document_, *simulation_, *telemetry_, *parameters_, *files_, *exchange, *runs_,
                        *runExports_, *simulationDock_, *layout_, *generation_});

    connect(&document_, &VehicleDocument::configChanged, this, &MainWindow::documentChanged);
    connect(&document_, &VehicleDocument::fileStateChanged, this, &MainWindow::updateTitle);
    connect(&autosave_, &Autosave::writeFailed, this, &MainWindow::showMessage);
    documentChanged();
    updateTitle();
    layout_->placeOnScreen();
    qApp->installEventFilter(this);
}

MainWindow::~MainWindow()
{
    qApp->removeEventFilter(this);
}

void MainWindow::createPanels()
{
    telemetry_ = new widgets::TelemetryPanel(this);
    setCentralWidget(telemetry_);

    // Every widget's edits go through the document's edit session as one undoable step.
    const widgets::ApplyEdits applyEdits = [this](const config::EditList& edits, const QString& text) {
        return document_.setParameters(edits, text);
    };
    parameters_ = new widgets::ParameterEditor(this);
    parameters_->setApplyEdits(applyEdits);
    connect(parameters_, &widgets::ParameterEditor::message, this, &MainWindow::showRefusal);
    problems_ = new widgets::ProblemsPanel(this);
    connect(problems_, &widgets::ProblemsPanel::activated, this, [this](const QString& pointer) {
        if (!parameters_->selectParameter(pointer))
            statusBar()->showMessage(tr("%1 is not a parameter the editor shows").arg(pointer), 5000);
    });

    vehicleView_ = new widgets::VehicleView(this);
    vehicleView_->setHistory(&telemetry_->history());
    // Histograms count what the charts show: read again four times a second while in view.
    histograms_ = new widgets::HistogramView(*telemetry_, this);
    auto* histogramTimer = new QTimer(this);
    connect(histogramTimer, &QTimer::timeout, this, [this] {
        if (histograms_->isVisible())
            histograms_->recompute();
    });
    histogramTimer->start(250);
    curves_ = new widgets::CurveEditor(this);
    curves_->setHistory(&telemetry_->history());
    curves_->setApplyEdits(applyEdits);
    // Curve edits follow the parameter editor's link box.
    curves_->setLink(parameters_->link());
    connect(parameters_, &widgets::ParameterEditor::linkChanged, curves_, &widgets::CurveEditor::setLink);
    connect(curves_, &widgets::CurveEditor::message, this, &MainWindow::showRefusal);
    doctor_ = new widgets::DoctorPanel(this);
    doctor_->setApplyEdits(applyEdits);
    connect(doctor_, &widgets::DoctorPanel::message, this, &MainWindow::showMessage);
    connect(doctor_, &widgets::DoctorPanel::parametersSelected, this, [this](const QStringList& paths) {
        if (!paths.isEmpty())
            parameters_->selectParameter(paths.front());
    });
    xyPlots_ = new widgets::XYPlotPair(this);
    xyPlots_->setHistory(&telemetry_->history());
    connect(telemetry_, &widgets::TelemetryPanel::pausedChanged, xyPlots_, &widgets::XYPlotPair::setFrozen);
}

void MainWindow::connectSimulation()
{
    SimulationController* s = simulation_.get();
    connect(s, &SimulationController::framesArrived, vehicleView_, qOverload<>(&QWidget::update));
    connect(s, &SimulationController::framesArrived, curves_, &widgets::CurveEditor::updateOperatingPoint);
    connect(s, &SimulationController::framesArrived, this, [this] { doctor_->feed(telemetry_->history()); });
    connect(s, &SimulationController::framesArrived, this, [this] { xyPlots_->append(simulation_->newFrames()); });
}

CompareWindow& MainWindow::compareWindow()
{
    if (!compare_)
        compare_ = std::make_unique<CompareWindow>(document_, presetsDir(), this);
    return *compare_;
}

bool MainWindow::openVehicle(const QString& path) { return files_->openVehicle(path); }
bool MainWindow::openTerrain(const QString& path) { return simulationDock_->openTerrain(path); }
bool MainWindow::startManeuverFile(const QString& path) { return simulationDock_->startManeuverFile(path); }
bool MainWindow::chooseStartPoint(const QString& name) { return simulationDock_->chooseStartPoint(name); }
QString MainWindow::maneuverSummary() const { return simulationDock_->maneuverSummary(); }
QString MainWindow::suggestedExportPath() const { return files_->suggestedExportPath(); }
bool MainWindow::openRunFile(const QString& path) { return runs_->openRunFile(path); }
QString MainWindow::saveRunFile(const sim::RunLog& run, const QString& path) { return runs_->saveRunFile(run, path); }
bool MainWindow::replayReference() { return runs_->replayReference(); }
QString MainWindow::exportRunAsMotec(std::shared_ptr<const sim::RunLog> run, const QString& path)
{
    return runExports_->exportLd(std::move(run), path);
}
bool MainWindow::startLockstep(const QString& vehicleFile) { return runs_->startLockstep(vehicleFile); }
QRect MainWindow::defaultGeometry(const QRect& available) { return DockLayout::defaultGeometry(available); }
void MainWindow::applyDefaultLayout(const QRect& available) { layout_->applyDefault(available); }

void MainWindow::documentChanged()
{
    parameters_->setVehicle(document_.config(), document_.savedConfig(), document_.problems());
    vehicleView_->setVehicle(document_.config());
    xyPlots_->setVehicle(document_.config());
    curves_->setVehicle(document_.config());
    doctor_->setVehicle(document_.config());
    problems_->setProblems(document_.problems(), document_.displayName());
    // An edit was taken: a refusal still in the status bar is about a value no longer being typed.
    if (!refusal_.isEmpty() && statusBar()->currentMessage() == refusal_)
        statusBar()->clearMessage();
    refusal_.clear();
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — Jounce").arg(document_.displayName()));
    setWindowModified(document_.isModified());
}

void MainWindow::showMessage(const QString& text)
{
    statusBar()->showMessage(text, 8000);
}

void MainWindow::showRefusal(const QString& text)
{
    refusal_ = text;
    statusBar()->showMessage(text, 8000);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!files_->maybeSave()) {
        event->ignore();
        return;
    }
    autosave_.discard();  // saved, or the user discarded the edits
    layout_->save();
    event->accept();
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    layout_->windowShown();
}

bool MainWindow::typingInto(const QWidget* focus)
{
    if (!focus)
        return false;
    // An open list (a combo box's popup, a menu) takes the keys; so does any field text is typed into.
    // A closed, non-editable combo box does not: after choosing a start point it kept the focus,
    // turned W and the arrows into choices of its own, and the car never moved.
    if (focus->window() && focus->window()->windowType() == Qt::Popup)
        return true;
    if (const auto* combo = qobject_cast<const QComboBox*>(focus))
        return combo->isEditable();
    // (An item view's cell editor is a QLineEdit with the focus, so it counts as typing.)
    return focus->inherits("QLineEdit") || focus->inherits("QAbstractSpinBox") || focus->inherits("QTextEdit") ||
           focus->inherits("QPlainTextEdit");
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    // Driving keys reach the simulation unless a text field or an editor has the focus.
    if (event->type() == QEvent::KeyPress || event->type() == QEvent::KeyRelease) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (!typingInto(QApplication::focusWidget()) && key->modifiers() == Qt::NoModifier && isActiveWindow() &&
            simulation_->keyEvent(key->key(), event->type() == QEvent::KeyPress, key->isAutoRepeat()))
            return true;
    } else if (event->type() == QEvent::ApplicationDeactivate) {
        simulation_->releaseKeys();
    }
    return QMainWindow::eventFilter(watched, event);
}

}  // namespace jounce::gui
