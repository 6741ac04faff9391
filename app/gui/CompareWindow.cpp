// The compare view's construction, the chosen vehicles, the background runs and their results
// in the tables and charts, copying into the edited vehicle. The choosers (vehicle slots,
// terrain, maneuver): CompareWindowInputs.cpp; the menus and exports: CompareWindowExports.cpp.
#include "CompareWindow.h"
#include "PresetFiles.h"

#include "compare/CopyCoupling.h"
#include "widgets/CompareFiguresTable.h"
#include "widgets/CompareParameterTable.h"
#include "widgets/DisplayUnits.h"
#include "widgets/OverlayChart.h"
#include "widgets/WheelColors.h"

#include <QComboBox>
#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QVBoxLayout>

namespace jounce::gui {

CompareWindow::CompareWindow(VehicleDocument& document, const QString& presetsDir, QWidget* parent)
    : QMainWindow(parent), document_(document), presetsDir_(presetsDir)
{
    setObjectName("JounceCompareWindow");
    setWindowTitle(tr("Compare vehicles — Jounce"));
    setAttribute(Qt::WA_DeleteOnClose, false);

    parameters_ = new widgets::CompareParameterTable(this);
    figures_ = new widgets::CompareFiguresTable(this);
    chartsBox_ = new QWidget(this);
    auto* chartsLayout = new QVBoxLayout(chartsBox_);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    using telemetry::Column;
    using telemetry::VehicleChannel;
    for (const Column& c : {Column::of(VehicleChannel::LatAccel), Column::of(VehicleChannel::YawRate),
                            Column::of(VehicleChannel::ForwardSpeed)}) {
        auto* chart = new widgets::OverlayChart(c, chartsBox_);
        charts_.push_back(chart);
        chartsLayout->addWidget(chart, 1);
        connect(chart, &widgets::OverlayChart::hovered, this, &CompareWindow::showCursor);
    }

    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(chartsBox_);
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

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(buildControls());
    layout->addWidget(split, 1);
    setCentralWidget(central);
    status_ = new QLabel(this);
    statusBar()->addWidget(status_, 1);
    buildMenus();

    connect(parameters_, &widgets::CompareParameterTable::copyRequested, this,
            [this](int vehicle, compare::CopyScope scope, const QString& what, const QString& description) {
                QString note;
                const QString err = copyIntoEdited(vehicle, scope, what, description, &note);
                message(err.isEmpty() ? tr("%1%2 (one step: Ctrl+Z undoes it)").arg(description, note)
                                      : tr("Not copied: %1").arg(err),
                        !err.isEmpty());
            });
    connect(&runner_, &CompareRunner::progressChanged, this,
            [this](double f) { progress_->setValue(static_cast<int>(f * 1000.0)); });
    connect(&runner_, &CompareRunner::finished, this, &CompareWindow::showRuns);
    connect(&document_, &VehicleDocument::configChanged, this, &CompareWindow::documentChanged);
    // The parameter table and the charts follow the display units themselves; the figures table
    // holds no runs of its own, so it is refilled here.
    connect(&widgets::DisplayUnits::instance(), &widgets::DisplayUnits::changed, this,
            [this] { figures_->setRuns(labels(), shown_.runs, shown_.status); });

    // A first useful state: the edited vehicle against the first other preset, skidpad maneuver.
    setSlotEdited(0);
    for (const QString& f : jsonFilesIn(presetsDir_))
        if (QFileInfo(f) != QFileInfo(document_.filePath()) && setSlotFile(1, f))
            break;
    const QString skidpad = presetsDir_ + "/maneuvers/skidpad.json";
    if (QFileInfo::exists(skidpad))
        setManeuverFile(skidpad);
    resize(1500, 900);
}

CompareWindow::~CompareWindow() = default;

std::vector<const CompareWindow::Slot*> CompareWindow::chosen() const
{
    std::vector<const Slot*> out;
    for (const Slot& s : slots_)
        if (s.config)
            out.push_back(&s);
    return out;
}

QStringList CompareWindow::labels() const
{
    QStringList out;
    for (const Slot* s : chosen()) {
        QString edited = document_.displayName();
        if (edited.endsWith(".json"))
            edited.chop(5);
        QString label = s->edited ? tr("edited: %1").arg(edited) : QFileInfo(s->file).completeBaseName();
        // The same vehicle twice still needs two names.
        if (out.contains(label)) {
            int k = 2;
            while (out.contains(label + QString(" (%1)").arg(k)))
                ++k;
            label += QString(" (%1)").arg(k);
        }
        out << label;
    }
    return out;
}

std::vector<std::shared_ptr<const VehicleConfig>> CompareWindow::vehicles() const
{
    std::vector<std::shared_ptr<const VehicleConfig>> out;
    for (const Slot* s : chosen())
        out.push_back(s->config);
    return out;
}

int CompareWindow::editedColumn() const
{
    const auto list = chosen();
    for (std::size_t i = 0; i < list.size(); ++i)
        if (list[i]->edited)
            return static_cast<int>(i);
    return -1;
}

std::vector<compare::RunKey> CompareWindow::keys(const std::vector<const Slot*>& list) const
{
    std::vector<compare::RunKey> out;
    for (const Slot* s : list)
        out.push_back({static_cast<int>(s - slots_.data()), s->config.get()});
    return out;
}

void CompareWindow::vehiclesChanged()
{
    std::vector<const VehicleConfig*> configs;
    for (const Slot* s : chosen())
        configs.push_back(s->config.get());
    parameters_->setCopyTarget(document_.configPtr());
    parameters_->setVehicles(labels(), std::move(configs), editedColumn());
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
    shown_ = compare::matchRuns(*runs_, ran, keys(chosen()));
    figures_->setRuns(labels(), shown_.runs, shown_.status);
}

void CompareWindow::documentChanged()
{
    parameters_->setCopyTarget(document_.configPtr());
    bool shown = false;
    for (std::size_t s = 0; s < slots_.size(); ++s) {
        if (slots_[s].edited) {
            slots_[s].config = document_.configPtr();
            shown = true;
        }
        fillSlotBox(static_cast<int>(s));  // the edited vehicle's name may have changed
    }
    if (shown)
        vehiclesChanged();
}

void CompareWindow::updateRunControls()
{
    const bool running = runner_.isRunning();
    const auto n = chosen().size();
    runButton_->setEnabled(!running && n >= 2 && hasManeuver_);
    cancelButton_->setEnabled(running);
    for (Slot& s : slots_)
        s.box->setEnabled(!running);
    terrainBox_->setEnabled(!running);
    maneuverBox_->setEnabled(!running);
}

void CompareWindow::message(const QString& text, bool error)
{
    status_->setText(text);
    status_->setStyleSheet(error ? "color: #b00000;" : QString());
    status_->setToolTip(text);
}

bool CompareWindow::run()
{
    const auto list = chosen();
    if (runner_.isRunning()) {
        message(tr("A comparison is already running"), true);
        return false;
    }
    if (list.size() < 2) {
        message(tr("Choose at least two vehicles"), true);
        return false;
    }
    if (!hasManeuver_) {
        message(tr("Choose a maneuver"), true);
        return false;
    }
    for (const Slot* s : list)
        if (s->edited && document_.hasErrors()) {
            message(tr("The edited vehicle has errors (see Problems); fix them before running it"), true);
            return false;
        }
    compare::CompareSetup setup;
    runLabels_ = labels();
    runVehicles_ = vehicles();
    runSlots_.clear();
    for (const compare::RunKey& k : keys(list))
        runSlots_.push_back(k.slot);
    for (int i = 0; i < runLabels_.size(); ++i)
        setup.vehicles.push_back({runLabels_[i].toStdString(), runVehicles_[std::size_t(i)]});
    setup.terrain = terrain_;
    setup.maneuver = maneuver_;
    runManeuver_ = QString::fromStdString(maneuver_.name);
    runTerrain_ = terrainName_;
    if (!runner_.start(std::move(setup)))
        return false;
    progress_->setValue(0);
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
    std::vector<widgets::OverlayChart::Run> overlay;
    double wall = 0.0;
    for (std::size_t i = 0; i < runs_->size(); ++i) {
        overlay.push_back({runLabels_.value(static_cast<int>(i)), widgets::vehicleColor(static_cast<int>(i)), &(*runs_)[i].trace});
        wall = std::max(wall, (*runs_)[i].wallTime);
    }
    for (widgets::OverlayChart* chart : charts_)
        chart->setRuns(overlay);
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

void CompareWindow::showCursor(std::optional<double> t)
{
    for (widgets::OverlayChart* chart : charts_)
        chart->setCursor(t);
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
    } else {
        result = compare::copyDifferences(document_.config(), source, scope, what.toStdString());
    }
    if (!result.error.empty())
        return QString::fromStdString(result.error);
    // Through the document's edit session: values as edits, a copy that changes a list's length
    // (a sixth gear) as a whole configuration; either is refused when it creates a new error.
    if (!result.edits.empty())
        return document_.setParameters(result.edits, description);
    return document_.replaceConfigChecked(result.config, description);
}

}  // namespace jounce::gui
