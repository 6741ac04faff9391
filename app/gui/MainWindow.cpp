// The main window's construction (panels, docks, signal wiring), document updates and window
// events. Menus: MainWindowMenus.cpp; vehicle files: MainWindowFiles.cpp; the simulation dock,
// terrain, maneuvers and status: MainWindowSimulation.cpp.
#include "MainWindow.h"

#include "widgets/CurveEditor.h"
#include "widgets/DoctorPanel.h"
#include "widgets/ParameterEditor.h"
#include "widgets/ProblemsPanel.h"
#include "widgets/TelemetryPanel.h"
#include "widgets/VehicleView.h"
#include "widgets/XYPlotPair.h"

#include <QApplication>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

namespace jounce::gui {
namespace {

QDockWidget* addDock(QMainWindow* window, const QString& title, const QString& objectName, QWidget* content,
                     Qt::DockWidgetArea area)
{
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(objectName);
    dock->setWidget(content);
    window->addDockWidget(area, dock);
    return dock;
}

}  // namespace

QString MainWindow::presetsDir()
{
    const QString env = qEnvironmentVariable("JOUNCE_PRESETS");
    if (!env.isEmpty() && QDir(env).exists())
        return env;
    const QString installed = QCoreApplication::applicationDirPath() + "/../share/jounce/presets";
    if (QDir(installed).exists())
        return QDir(installed).canonicalPath();
    return QStringLiteral(JOUNCE_SOURCE_DIR "/presets");
}

MainWindow::MainWindow()
{
    setObjectName("JounceMainWindow");
    setWindowIcon(QIcon(":/jounce.svg"));
    telemetry_ = new widgets::TelemetryPanel(this);
    setCentralWidget(telemetry_);

    // Every widget's edits go through the document's edit session as one undoable step.
    const widgets::ApplyEdits applyEdits = [this](const config::EditList& edits, const QString& text) {
        return document_.setParameters(edits, text);
    };
    parameters_ = new widgets::ParameterEditor(this);
    parameters_->setApplyEdits(applyEdits);
    connect(parameters_, &widgets::ParameterEditor::message, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    problems_ = new widgets::ProblemsPanel(this);
    connect(problems_, &widgets::ProblemsPanel::activated, this, [this](const QString& pointer) {
        if (!parameters_->selectParameter(pointer))
            statusBar()->showMessage(tr("%1 is not a parameter the editor shows").arg(pointer), 5000);
    });

    vehicleView_ = new widgets::VehicleView(this);
    vehicleView_->setHistory(&telemetry_->history());
    curves_ = new widgets::CurveEditor(this);
    curves_->setHistory(&telemetry_->history());
    curves_->setApplyEdits(applyEdits);
    // Curve edits follow the parameter editor's link box.
    curves_->setLink(parameters_->link());
    connect(parameters_, &widgets::ParameterEditor::linkChanged, curves_, &widgets::CurveEditor::setLink);
    connect(curves_, &widgets::CurveEditor::message, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    doctor_ = new widgets::DoctorPanel(this);
    doctor_->setApplyEdits(applyEdits);
    connect(doctor_, &widgets::DoctorPanel::message, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(doctor_, &widgets::DoctorPanel::parametersSelected, this, [this](const QStringList& paths) {
        if (!paths.isEmpty())
            parameters_->selectParameter(paths.front());
    });

    simulation_ = std::make_unique<SimulationController>(document_, *telemetry_, this);
    connect(simulation_.get(), &SimulationController::framesArrived, vehicleView_, qOverload<>(&QWidget::update));
    connect(simulation_.get(), &SimulationController::framesArrived, curves_, &widgets::CurveEditor::updateOperatingPoint);
    connect(simulation_.get(), &SimulationController::framesArrived, this, [this] { doctor_->feed(telemetry_->history()); });
    xyPlots_ = new widgets::XYPlotPair(this);
    xyPlots_->setHistory(&telemetry_->history());
    connect(simulation_.get(), &SimulationController::framesArrived, this,
            [this] { xyPlots_->append(simulation_->newFrames()); });
    connect(telemetry_, &widgets::TelemetryPanel::pausedChanged, xyPlots_, &widgets::XYPlotPair::setFrozen);
    connect(simulation_.get(), &SimulationController::maneuverFinished, this, &MainWindow::showManeuverSummary);
    connect(simulation_.get(), &SimulationController::blockedChanged, this, [this](const QString& reason) {
        blockedLabel_->setText(reason);
        blockedLabel_->setVisible(!reason.isEmpty());
    });

    QDockWidget* params = addDock(this, tr("Parameters"), "ParametersDock", parameters_, Qt::LeftDockWidgetArea);
    // In a scroll area: on a small screen the controls scroll rather than squash.
    auto* simScroll = new QScrollArea(this);
    simScroll->setWidget(buildSimulationDock());
    simScroll->setWidgetResizable(true);
    simScroll->setFrameShape(QFrame::NoFrame);
    simScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QDockWidget* simDock = addDock(this, tr("Simulation"), "SimulationDock", simScroll, Qt::RightDockWidgetArea);
    rebuildStartBox();
    connect(pickStart_, &QPushButton::toggled, vehicleView_, &widgets::VehicleView::setPicking);
    connect(vehicleView_, &widgets::VehicleView::pickingChanged, pickStart_, &QPushButton::setChecked);
    connect(vehicleView_, &widgets::VehicleView::startPicked, this, &MainWindow::usePickedStart);
    QDockWidget* viewDock = addDock(this, tr("Vehicle view"), "VehicleViewDock", vehicleView_, Qt::RightDockWidgetArea);
    QDockWidget* curvesDock = addDock(this, tr("Curves"), "CurvesDock", curves_, Qt::LeftDockWidgetArea);
    splitDockWidget(params, curvesDock, Qt::Vertical);
    QDockWidget* problemsDock = addDock(this, tr("Problems"), "ProblemsDock", problems_, Qt::BottomDockWidgetArea);
    QDockWidget* doctorDock = addDock(this, tr("Doctor"), "DoctorDock", doctor_, Qt::BottomDockWidgetArea);
    // The tabs carry the panels' counts ("Doctor · 1 error"): a new error shows without opening the tab.
    connect(problems_, &widgets::ProblemsPanel::titleChanged, problemsDock, &QDockWidget::setWindowTitle);
    connect(doctor_, &widgets::DoctorPanel::titleChanged, doctorDock, &QDockWidget::setWindowTitle);
    problemsDock->setWindowTitle(problems_->title());
    doctorDock->setWindowTitle(doctor_->title());
    // The X–Y plots beside the problems and findings, not a tab of them: the g–g diagram stays in view.
    QDockWidget* xyDock = addDock(this, tr("X–Y plots"), "XYPlotsDock", xyPlots_, Qt::BottomDockWidgetArea);
    splitDockWidget(problemsDock, xyDock, Qt::Horizontal);
    tabifyDockWidget(problemsDock, doctorDock);
    problemsDock->raise();
    splitDockWidget(simDock, viewDock, Qt::Vertical);

    buildMenus();
    connect(&document_, &VehicleDocument::configChanged, this, &MainWindow::documentChanged);
    connect(&document_, &VehicleDocument::fileStateChanged, this, &MainWindow::updateTitle);
    connect(&autosave_, &Autosave::writeFailed, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    documentChanged();
    updateTitle();

    auto* statusTimer = new QTimer(this);
    connect(statusTimer, &QTimer::timeout, this, &MainWindow::updateStatus);
    statusTimer->start(200);

    placeOnScreen();
    qApp->installEventFilter(this);
}

CompareWindow& MainWindow::compareWindow()
{
    if (!compare_)
        compare_ = std::make_unique<CompareWindow>(document_, presetsDir(), this);
    return *compare_;
}

MainWindow::~MainWindow()
{
    qApp->removeEventFilter(this);
}

void MainWindow::documentChanged()
{
    parameters_->setVehicle(document_.config(), document_.savedConfig(), document_.problems());
    vehicleView_->setVehicle(document_.config());
    xyPlots_->setVehicle(document_.config());
    curves_->setVehicle(document_.config());
    doctor_->setVehicle(document_.config());
    problems_->setProblems(document_.problems(), document_.displayName());
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — Jounce").arg(document_.displayName()));
    setWindowModified(document_.isModified());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    autosave_.discard();  // saved, or the user discarded the edits
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    event->accept();
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    // Driving keys reach the simulation unless a text field or an editor has the focus.
    if (event->type() == QEvent::KeyPress || event->type() == QEvent::KeyRelease) {
        auto* key = static_cast<QKeyEvent*>(event);
        QWidget* focus = QApplication::focusWidget();
        const bool typing = focus && (focus->inherits("QLineEdit") || focus->inherits("QAbstractSpinBox") ||
                                      focus->inherits("QTextEdit") || focus->inherits("QComboBox"));
        // (An item view's cell editor is a QLineEdit with the focus, so it counts as typing.)
        if (!typing && key->modifiers() == Qt::NoModifier && isActiveWindow() &&
            simulation_->keyEvent(key->key(), event->type() == QEvent::KeyPress, key->isAutoRepeat()))
            return true;
    } else if (event->type() == QEvent::ApplicationDeactivate) {
        simulation_->releaseKeys();
    }
    return QMainWindow::eventFilter(watched, event);
}

}  // namespace jounce::gui
