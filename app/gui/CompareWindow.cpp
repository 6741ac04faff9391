#include "CompareWindow.h"

#include "CompareCharts.h"
#include "CompareExports.h"
#include "DockLayout.h"
#include "MenuTable.h"
#include "PresetFiles.h"

#include "compare/CompareReport.h"
#include "compare/CopyCoupling.h"
#include "compare/SprungMassFit.h"
#include "widgets/CompareFiguresTable.h"
#include "widgets/CompareParameterTable.h"
#include "widgets/DisplayUnits.h"

#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QSplitter>
#include <QStatusBar>
#include <QUndoStack>
#include <QVBoxLayout>

namespace jounce::gui {

CompareWindow::CompareWindow(VehicleDocument& document, const QString& presetsDir, QWidget* parent)
    : QMainWindow(parent), document_(document)
{
    setObjectName("JounceCompareWindow");
    setWindowTitle(tr("Compare vehicles — Jounce"));
    setAttribute(Qt::WA_DeleteOnClose, false);

    parameters_ = new widgets::CompareParameterTable(this);
    figures_ = new widgets::CompareFiguresTable(this);
    charts_ = new CompareCharts(this);
    inputs_ = new CompareInputs(document_, presetsDir, this);
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(inputs_);
    layout->addWidget(buildPanes(), 1);
    setCentralWidget(central);
    status_ = new QLabel(this);
    statusBar()->addWidget(status_, 1);
    exports_ = new CompareExports(*this, *charts_);
    buildMenus();

    connect(parameters_, &widgets::CompareParameterTable::copyRequested, this,
            [this](int vehicle, compare::CopyScope scope, const QString& what, const QString& description) {
                QString note;
                const QString err = copyIntoEdited(vehicle, scope, what, description, &note);
                message(err.isEmpty() ? tr("%1%2 (one step: Ctrl+Z undoes it)").arg(description, note)
                                      : tr("Not copied: %1").arg(err),
                        !err.isEmpty());
            });
    connect(inputs_, &CompareInputs::vehiclesChanged, this, &CompareWindow::vehiclesChanged);
    connect(inputs_, &CompareInputs::runRequested, this, [this] { run(); });
    connect(inputs_, &CompareInputs::cancelRequested, this, &CompareWindow::cancel);
    connect(inputs_, &CompareInputs::message, this, &CompareWindow::message);
    connect(exports_, &CompareExports::message, this, &CompareWindow::message);
    connect(&runner_, &CompareRunner::progressChanged, inputs_, &CompareInputs::setProgress);
    connect(&runner_, &CompareRunner::finished, this, &CompareWindow::showRuns);
    connect(&document_, &VehicleDocument::configChanged, this, &CompareWindow::documentChanged);
    // The parameter table and the charts follow the display units themselves; the figures table
    // holds no runs of its own, so it is refilled here.
    connect(&widgets::DisplayUnits::instance(), &widgets::DisplayUnits::changed, this,
            [this] { figures_->setRuns(labels(), shown_.runs, shown_.status); });

    // A first useful state: the edited vehicle against the first other preset, skidpad maneuver.
    setSlotEdited(0);
    for (const QString& f : jsonFilesIn(presetsDir))
        if (QFileInfo(f) != QFileInfo(document_.filePath()) && setSlotFile(1, f))
            break;
    const QString skidpad = presetsDir + "/maneuvers/skidpad.json";
    if (QFileInfo::exists(skidpad))
        setManeuverFile(skidpad);
    const QScreen* screen = parent && parent->screen() ? parent->screen() : QGuiApplication::primaryScreen();
    placeOn(screen ? screen->availableGeometry() : QRect(0, 0, 1366, 768));
}

void CompareWindow::placeOn(const QRect& available)
{
    setGeometry(DockLayout::fittedGeometry(available, QSize(1500, 900)));
}

CompareWindow::~CompareWindow() = default;

QWidget* CompareWindow::buildPanes()
{
    // The parameters on the left; the charts above the figures on the right.
    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(charts_);
    right->addWidget(figures_);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 1);
    right->setSizes({600, 260});
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(parameters_);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({700, 800});
    return split;
}

void CompareWindow::buildMenus()
{
    const QString file = tr("&File");
    const QString runMenu = tr("&Run");
    const QString edit = tr("&Edit");
    addMenuBarRows(
        menuBar(), this,
        {{.menu = file, .text = tr("Export &vehicle JSON…"), .triggered = [this] { exports_->askVehicle(); }},
         {.menu = file, .text = tr("Export differences as JSON &Patch…"), .triggered = [this] { exports_->askPatch(); }},
         {.menu = file, .text = tr("Export &report CSV…"), .triggered = [this] { exports_->askReport(parameters_->showAll()); }},
         {.menu = file, .text = tr("Export &charts PNG…"), .triggered = [this] { exports_->askChartsPng(); }},
         {.menu = file},
         {.menu = file, .text = tr("&Close"), .shortcuts = {QKeySequence::Close}, .triggered = [this] { close(); }},
         // F5 as in the main window; the stale marks say "re-run (F5)".
         {.menu = runMenu, .text = tr("&Run all"), .shortcuts = {QKeySequence(Qt::CTRL | Qt::Key_R), QKeySequence(Qt::Key_F5)},
          .triggered = [this] { run(); }},
         {.menu = runMenu, .text = tr("&Cancel"), .shortcuts = {QKeySequence(Qt::Key_Escape)}, .triggered = [this] { cancel(); }},
         {.menu = edit, .action = parameters_->copyValueAction()},
         {.menu = edit, .action = parameters_->copySectionAction()},
         {.menu = edit, .action = parameters_->copyAllAction()},
         {.menu = edit, .shortcuts = {QKeySequence::Undo},
          .action = document_.undoStack()->createUndoAction(this, tr("&Undo in the edited vehicle"))}});
}

bool CompareWindow::setSlotEdited(int slot, std::optional<ModelGenerationKind> model)
{
    return inputs_->setSlotEdited(slot, model);
}
bool CompareWindow::setSlotFile(int slot, const QString& path) { return inputs_->setSlotFile(slot, path); }
void CompareWindow::clearSlot(int slot) { inputs_->clearSlot(slot); }
bool CompareWindow::setManeuverFile(const QString& path) { return inputs_->setManeuverFile(path); }
bool CompareWindow::setTerrainFile(const QString& path) { return inputs_->setTerrainFile(path); }
QStringList CompareWindow::labels() const { return inputs_->labels(); }
std::vector<std::shared_ptr<const VehicleConfig>> CompareWindow::vehicles() const { return inputs_->vehicles(); }
QString CompareWindow::exportReport(const QString& path, bool allParameters) { return exports_->exportReport(path, allParameters); }
QString CompareWindow::exportChartsPng(const QString& path) { return exports_->exportChartsPng(path); }
QString CompareWindow::exportPatch(int from, int to, const QString& path) { return exports_->exportPatch(from, to, path); }
QString CompareWindow::exportVehicle(int vehicle, const QString& path) { return exports_->exportVehicle(vehicle, path); }
widgets::OverlayChart& CompareWindow::chart(int index) { return charts_->chart(index); }
int CompareWindow::chartCount() const { return charts_->count(); }

void CompareWindow::vehiclesChanged()
{
    std::vector<const VehicleConfig*> configs;
    for (const auto& c : vehicles())
        configs.push_back(c.get());
    parameters_->setCopyTarget(document_.configPtr());
    parameters_->setVehicles(labels(), std::move(configs), inputs_->editedColumn());
    showResults();
    updateRunControls();
}

void CompareWindow::showResults()
{
    if (!runs_) {
        shown_ = {};
        return;
    }
    // The figures follow the vehicles as they are now: a vehicle edited (or swapped) after the run
    // keeps its figures, greyed and marked stale, until it is run again. Re-running by itself on
    // every edit would restart seconds of work on each keystroke and copy, and change the figures
    // under the user's eyes; the mark tells them what the numbers are of.
    std::vector<compare::RunKey> ran;
    for (std::size_t i = 0; i < runSlots_.size() && i < runVehicles_.size(); ++i)
        ran.push_back({runSlots_[i], runVehicles_[i].get()});
    shown_ = compare::matchRuns(*runs_, ran, inputs_->keys());
    figures_->setRuns(labels(), shown_.runs, shown_.status);
}

void CompareWindow::documentChanged()
{
    parameters_->setCopyTarget(document_.configPtr());
    if (inputs_->documentChanged())
        vehiclesChanged();
}

void CompareWindow::updateRunControls()
{
    inputs_->setRunning(runner_.isRunning());
}

void CompareWindow::message(const QString& text, bool error)
{
    status_->setText(text);
    status_->setStyleSheet(error ? "color: #b00000;" : QString());
    status_->setToolTip(text);
}

bool CompareWindow::run()
{
    const std::vector<compare::RunKey> keys = inputs_->keys();
    if (runner_.isRunning()) {
        message(tr("A comparison is already running"), true);
        return false;
    }
    if (keys.size() < 2) {
        message(tr("Choose at least two vehicles"), true);
        return false;
    }
    if (!inputs_->maneuver()) {
        message(tr("Choose a maneuver"), true);
        return false;
    }
    if (inputs_->editedColumn() >= 0 && document_.hasErrors()) {
        message(tr("The edited vehicle has errors (see Problems); fix them before running it"), true);
        return false;
    }
    compare::CompareSetup setup;
    runLabels_ = labels();
    runVehicles_ = vehicles();
    runSlots_.clear();
    for (const compare::RunKey& k : keys)
        runSlots_.push_back(k.slot);
    for (int i = 0; i < runLabels_.size(); ++i)
        setup.vehicles.push_back({runLabels_[i].toStdString(), runVehicles_[std::size_t(i)]});
    setup.terrain = inputs_->terrain();
    setup.maneuver = *inputs_->maneuver();
    runManeuver_ = QString::fromStdString(setup.maneuver.name);
    runTerrain_ = inputs_->terrainName();
    if (!runner_.start(std::move(setup)))
        return false;
    inputs_->setProgress(0.0);
    message(tr("Running %1 on %2 for %3 vehicles…").arg(runManeuver_, runTerrain_).arg(runLabels_.size()));
    updateRunControls();
    return true;
}

void CompareWindow::cancel()
{
    if (runner_.isRunning()) {
        runner_.cancel();
        message(tr("Cancelling…"));
    }
}

void CompareWindow::showRuns(std::shared_ptr<const std::vector<compare::VehicleRun>> runs, bool cancelled)
{
    runs_ = std::move(runs);
    double wall = 0.0;
    for (const compare::VehicleRun& r : *runs_)
        wall = std::max(wall, r.wallTime);
    charts_->setRuns(runLabels_, *runs_);
    showResults();
    updateRunControls();
    if (cancelled)
        message(tr("Cancelled: the charts show the runs up to where they stopped"));
    else
        message(tr("%1 on %2: %3 vehicles in %4 s. Hover a chart for the values; select a cell and copy the "
                   "winner's values into the edited vehicle.")
                    .arg(runManeuver_, runTerrain_)
                    .arg(runs_->size())
                    .arg(wall, 0, 'f', 2));
    emit runsShown();
}

QString CompareWindow::copyIntoEdited(int vehicle, compare::CopyScope scope, const QString& what, const QString& description,
                                      QString* note)
{
    const auto list = vehicles();
    if (vehicle < 0 || vehicle >= static_cast<int>(list.size()))
        return tr("no such vehicle");
    const VehicleConfig& source = *list[std::size_t(vehicle)];
    compare::CopyResult result;
    if (scope == compare::CopyScope::Section) {
        // Sections whose lists must match (gears and autobox, ...) are copied together.
        const auto coupled = compare::coupledSections(document_.config(), source, what.toStdString());
        result = compare::copySections(document_.config(), source, compare::sectionsToCopy(what.toStdString(), coupled));
        for (const compare::CoupledSection& c : coupled)
            if (note)  // said in the status bar: the user asked for one section
                *note += tr("; %1 came along: %2").arg(QString::fromStdString(c.section), QString::fromStdString(c.reason));
    } else if (scope == compare::CopyScope::Value) {
        // A row for several wheels copies each wheel's value, as one step.
        std::vector<std::string> pointers;
        for (const QString& p : what.split(',', Qt::SkipEmptyParts))
            pointers.push_back(p.toStdString());
        result = compare::copyValues(document_.config(), source, pointers);
    } else {
        result = compare::copyDifferences(document_.config(), source, scope, what.toStdString());
    }
    if (!result.error.empty())
        return QString::fromStdString(result.error);
    if (const auto mismatch = compare::sprungMassMismatch(document_.config(), result)) {
        // Asked only about a copy the document would take (a refused one says why instead).
        const QString refusal = result.edits.empty() ? document_.refusalOf(result.config) : document_.refusalOf(result.edits);
        if (!refusal.isEmpty())
            return refusal;
        if (!askAboutSprungMasses(*mismatch, labels().value(vehicle), result, note))
            return tr("cancelled; the edited vehicle is unchanged");
    }
    // Through the document's edit session: values as edits, a copy that changes a list's length
    // (a sixth gear) as a whole configuration; either is refused when it creates a new error.
    if (!result.edits.empty())
        return document_.setParameters(result.edits, description);
    return document_.replaceConfigChecked(result.config, description);
}

bool CompareWindow::askAboutSprungMasses(const compare::SprungMassMismatch& mismatch, const QString& from,
                                         compare::CopyResult& copy, QString* note)
{
    const QString sum = widgets::formatNumber(mismatch.sum, 0) + " kg";
    const QString mass = widgets::formatNumber(mismatch.chassisMass, 0) + " kg";
    QMessageBox box(QMessageBox::Warning, tr("Sprung masses"),
                    tr("The sprung masses copied from %1 add up to %2, but the edited vehicle's chassis mass is %3: "
                       "its body would rest %4 on every spring, and the doctor would report it.")
                        .arg(from, sum, mass, mismatch.sum < mismatch.chassisMass ? tr("low") : tr("high")),
                    QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("sprungMassBox"));
    box.setInformativeText(tr("Fit: scale them to add up to %1, each spring and damper with its mass, so the copied "
                              "ride frequencies and damping ratios stay.\nCopy as they are: %2 on a %3 chassis.")
                               .arg(mass, sum, mass));
    QPushButton* fit = box.addButton(tr("&Fit to %1").arg(mass), QMessageBox::AcceptRole);
    QPushButton* keep = box.addButton(tr("Copy &as they are"), QMessageBox::DestructiveRole);
    fit->setObjectName(QStringLiteral("fitSprungMasses"));
    keep->setObjectName(QStringLiteral("keepSprungMasses"));
    box.setDefaultButton(fit);
    box.exec();
    if (box.clickedButton() == fit) {
        compare::fitSprungMasses(copy);
        if (note)
            *note += tr("; sprung masses scaled from %1 to %2, springs and dampers with them").arg(sum, mass);
        return true;
    }
    if (box.clickedButton() == keep) {
        if (note)
            *note += tr("; the sprung masses add up to %1, the chassis mass is %2").arg(sum, mass);
        return true;
    }
    return false;
}

std::string CompareWindow::reportCsv(bool allParameters) const
{
    // What the tables show: the vehicles as they are now, the last run's results matched to them.
    compare::ReportInput in;
    for (const QString& n : labels())
        in.labels.push_back(n.toStdString());
    for (const auto& c : vehicles())
        in.vehicles.push_back(c.get());
    if (runs_ && !runs_->empty()) {
        in.runs = shown_.runs;
        in.status = shown_.status;
    }
    in.maneuver = runManeuver_.toStdString();
    in.terrain = runTerrain_.toStdString();
    in.allParameters = allParameters;
    return compare::compareReportCsv(in);
}

}  // namespace jounce::gui
