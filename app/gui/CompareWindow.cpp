#include "CompareWindow.h"

#include "compare/CompareReport.h"
#include "io/VehicleJson.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainJson.h"
#include "widgets/CompareFiguresTable.h"
#include "widgets/CompareParameterTable.h"
#include "widgets/OverlayChart.h"
#include "widgets/WheelColors.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QVBoxLayout>

#include <chrono>

namespace jounce::gui {
namespace {

constexpr const char* kNone = "none";
constexpr const char* kEdited = "edited";
constexpr const char* kBrowse = "browse";

QStringList jsonFilesIn(const QString& dir)
{
    QStringList out;
    for (const QString& name : QDir(dir).entryList({"*.json"}, QDir::Files, QDir::Name))
        out << QDir(dir).filePath(name);
    return out;
}

QString problemsText(const Problems& problems, int max = 6)
{
    QStringList lines;
    for (const Problem& p : problems.items) {
        if (p.severity != Severity::Error)
            continue;
        if (lines.size() == max) {
            lines << QObject::tr("…");
            break;
        }
        lines << QString::fromStdString(p.toString());
    }
    return lines.join('\n');
}

}  // namespace

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
                const QString err = copyIntoEdited(vehicle, scope, what, description);
                message(err.isEmpty() ? tr("%1 (Ctrl+Z undoes it)").arg(description)
                                      : tr("Not copied: %1").arg(err),
                        !err.isEmpty());
            });
    connect(&runner_, &CompareRunner::progressChanged, this,
            [this](double f) { progress_->setValue(static_cast<int>(f * 1000.0)); });
    connect(&runner_, &CompareRunner::finished, this, &CompareWindow::showRuns);
    connect(&document_, &VehicleDocument::configChanged, this, &CompareWindow::documentChanged);

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

QWidget* CompareWindow::buildControls()
{
    auto* box = new QWidget(this);
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    for (int s = 0; s < kSlots; ++s) {
        auto* combo = new QComboBox(box);
        combo->setObjectName(QString("vehicleSlot%1").arg(s));
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        combo->setToolTip(tr("Vehicle %1: a preset, a file, or the vehicle being edited (with its unsaved edits)").arg(s + 1));
        slots_[std::size_t(s)].box = combo;
        fillSlotBox(s);
        connect(combo, &QComboBox::activated, this, [this, s](int index) { slotActivated(s, index); });
        auto* swatch = new QLabel(QStringLiteral("■"), box);
        swatch->setStyleSheet(QString("color: %1; font-size: 16px;").arg(widgets::vehicleColor(s).name()));
        row->addWidget(swatch);
        row->addWidget(combo);
    }
    row->addSpacing(12);
    terrainBox_ = new QComboBox(box);
    terrainBox_->setToolTip(tr("Terrain the maneuver runs on"));
    terrainBox_->addItem(tr("flat plane"), QString());
    for (const QString& f : jsonFilesIn(presetsDir_ + "/terrains"))
        terrainBox_->addItem(QFileInfo(f).completeBaseName(), f);
    terrainBox_->addItem(tr("Other terrain…"), QString(kBrowse));
    connect(terrainBox_, &QComboBox::activated, this, [this](int index) {
        QString path = terrainBox_->itemData(index).toString();
        if (path == kBrowse)
            path = QFileDialog::getOpenFileName(this, tr("Terrain"), presetsDir_ + "/terrains", tr("Terrain (*.json)"));
        if (path != kBrowse)
            setTerrainFile(path);
    });
    maneuverBox_ = new QComboBox(box);
    maneuverBox_->setToolTip(tr("Maneuver every vehicle runs; its measured phases give the figures"));
    for (const QString& f : jsonFilesIn(presetsDir_ + "/maneuvers"))
        maneuverBox_->addItem(QFileInfo(f).completeBaseName(), f);
    maneuverBox_->addItem(tr("Other maneuver…"), QString(kBrowse));
    connect(maneuverBox_, &QComboBox::activated, this, [this](int index) {
        QString path = maneuverBox_->itemData(index).toString();
        if (path == kBrowse)
            path = QFileDialog::getOpenFileName(this, tr("Maneuver"), presetsDir_ + "/maneuvers", tr("Maneuver (*.json)"));
        if (!path.isEmpty() && path != kBrowse)
            setManeuverFile(path);
    });
    row->addWidget(new QLabel(tr("on"), box));
    row->addWidget(terrainBox_);
    row->addWidget(maneuverBox_);
    runButton_ = new QPushButton(tr("Run"), box);
    runButton_->setToolTip(tr("Run the maneuver for every vehicle in the background (Ctrl+R)"));
    cancelButton_ = new QPushButton(tr("Cancel"), box);
    cancelButton_->setToolTip(tr("Stop the runs (Esc)"));
    progress_ = new QProgressBar(box);
    progress_->setRange(0, 1000);
    progress_->setTextVisible(false);
    progress_->setMaximumWidth(160);
    connect(runButton_, &QPushButton::clicked, this, [this] { run(); });
    connect(cancelButton_, &QPushButton::clicked, this, &CompareWindow::cancel);
    row->addWidget(runButton_);
    row->addWidget(cancelButton_);
    row->addWidget(progress_);
    row->addStretch(1);
    updateRunControls();
    return box;
}

void CompareWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("Export &vehicle JSON…"), this, [this] {
        const QStringList names = labels();
        bool ok = false;
        const QString name = QInputDialog::getItem(this, tr("Export vehicle"), tr("Vehicle:"), names, 0, false, &ok);
        if (!ok)
            return;
        const QString path = QFileDialog::getSaveFileName(this, tr("Export vehicle JSON"), name + ".json", tr("Vehicle (*.json)"));
        if (!path.isEmpty()) {
            const QString err = exportVehicle(static_cast<int>(names.indexOf(name)), path);
            message(err.isEmpty() ? tr("Saved %1").arg(path) : err, !err.isEmpty());
        }
    });
    file->addAction(tr("Export differences as JSON &Patch…"), this, [this] {
        const QStringList names = labels();
        if (names.size() < 2) {
            message(tr("Choose two vehicles first"), true);
            return;
        }
        QDialog dialog(this);
        dialog.setWindowTitle(tr("Export JSON Patch (RFC 6902)"));
        auto* from = new QComboBox(&dialog);
        auto* to = new QComboBox(&dialog);
        from->addItems(names);
        to->addItems(names);
        to->setCurrentIndex(1);
        auto* form = new QFormLayout(&dialog);
        form->addRow(tr("From (A):"), from);
        form->addRow(tr("To (B):"), to);
        auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
        form->addRow(buttons);
        connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
        connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
        if (dialog.exec() != QDialog::Accepted)
            return;
        const QString path = QFileDialog::getSaveFileName(this, tr("Export JSON Patch"), "diff.json", tr("JSON Patch (*.json)"));
        if (!path.isEmpty()) {
            const QString err = exportPatch(from->currentIndex(), to->currentIndex(), path);
            message(err.isEmpty() ? tr("Saved %1 (apply it with jounce-cli patch BASE.json %1)").arg(path) : err,
                    !err.isEmpty());
        }
    });
    file->addAction(tr("Export &report CSV…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export compare report"), "compare.csv", tr("CSV (*.csv)"));
        if (!path.isEmpty()) {
            const QString err = exportReport(path, parameters_->showAll());
            message(err.isEmpty() ? tr("Saved %1").arg(path) : err, !err.isEmpty());
        }
    });
    file->addAction(tr("Export &charts PNG…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export charts"), "compare.png", tr("PNG (*.png)"));
        if (!path.isEmpty()) {
            const QString err = exportChartsPng(path);
            message(err.isEmpty() ? tr("Saved %1").arg(path) : err, !err.isEmpty());
        }
    });
    file->addSeparator();
    file->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);

    QMenu* runMenu = menuBar()->addMenu(tr("&Run"));
    runMenu->addAction(tr("&Run all"), QKeySequence(Qt::CTRL | Qt::Key_R), this, [this] { run(); });
    runMenu->addAction(tr("&Cancel"), QKeySequence(Qt::Key_Escape), this, &CompareWindow::cancel);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(parameters_->copyValueAction());
    edit->addAction(parameters_->copySectionAction());
    edit->addAction(parameters_->copyAllAction());
    QAction* undo = document_.undoStack()->createUndoAction(this, tr("&Undo in the edited vehicle"));
    undo->setShortcut(QKeySequence::Undo);
    edit->addAction(undo);
}

void CompareWindow::fillSlotBox(int slot)
{
    QComboBox* box = slots_[std::size_t(slot)].box;
    const QSignalBlocker block(box);
    box->clear();
    box->addItem(slot < 2 ? tr("(choose a vehicle)") : tr("(none)"), QString(kNone));
    box->addItem(tr("Edited: %1").arg(document_.displayName()), QString(kEdited));
    box->insertSeparator(box->count());
    for (const QString& f : jsonFilesIn(presetsDir_))
        box->addItem(QFileInfo(f).completeBaseName(), f);
    box->insertSeparator(box->count());
    box->addItem(tr("Other file…"), QString(kBrowse));
    const Slot& s = slots_[std::size_t(slot)];
    int index = 0;
    if (s.edited)
        index = 1;
    else if (!s.file.isEmpty()) {
        index = box->findData(s.file);
        if (index < 0) {
            box->insertItem(box->count() - 1, QFileInfo(s.file).fileName(), s.file);
            index = box->findData(s.file);
        }
    }
    box->setCurrentIndex(index);
}

void CompareWindow::slotActivated(int slot, int index)
{
    const QString choice = slots_[std::size_t(slot)].box->itemData(index).toString();
    if (choice == kNone) {
        clearSlot(slot);
    } else if (choice == kEdited) {
        setSlotEdited(slot);
    } else if (choice == kBrowse) {
        const QString path = QFileDialog::getOpenFileName(this, tr("Vehicle to compare"), presetsDir_, tr("Vehicle (*.json)"));
        if (path.isEmpty() || !setSlotFile(slot, path))
            fillSlotBox(slot);  // back to what it was
    } else if (!setSlotFile(slot, choice)) {
        fillSlotBox(slot);
    }
}

bool CompareWindow::setSlotEdited(int slot)
{
    Slot& s = slots_.at(std::size_t(slot));
    s.edited = true;
    s.file.clear();
    s.config = document_.configPtr();
    fillSlotBox(slot);
    vehiclesChanged();
    return true;
}

bool CompareWindow::setSlotFile(int slot, const QString& path)
{
    io::VehicleFile doc = io::loadVehicle(path.toStdString());
    if (!doc.ok()) {
        message(tr("%1 cannot be compared:\n%2").arg(QFileInfo(path).fileName(), problemsText(doc.problems)), true);
        return false;
    }
    Slot& s = slots_.at(std::size_t(slot));
    s.edited = false;
    s.file = QFileInfo(path).absoluteFilePath();
    s.config = std::make_shared<const VehicleConfig>(std::move(doc.config));
    fillSlotBox(slot);
    vehiclesChanged();
    return true;
}

void CompareWindow::clearSlot(int slot)
{
    Slot& s = slots_.at(std::size_t(slot));
    s = Slot{s.box, false, {}, nullptr};
    fillSlotBox(slot);
    vehiclesChanged();
}

bool CompareWindow::setManeuverFile(const QString& path)
{
    sim::ManeuverDocument doc = sim::loadManeuver(path.toStdString());
    if (!doc.ok()) {
        message(tr("%1 cannot be run:\n%2").arg(QFileInfo(path).fileName(), problemsText(doc.problems)), true);
        return false;
    }
    maneuver_ = std::move(doc.maneuver);
    hasManeuver_ = true;
    const QString abs = QFileInfo(path).absoluteFilePath();
    int index = maneuverBox_->findData(abs);
    if (index < 0)
        for (int i = 0; i < maneuverBox_->count(); ++i)
            if (QFileInfo(maneuverBox_->itemData(i).toString()) == QFileInfo(abs))
                index = i;
    if (index < 0) {
        maneuverBox_->insertItem(maneuverBox_->count() - 1, QFileInfo(path).completeBaseName(), abs);
        index = maneuverBox_->findData(abs);
    }
    maneuverBox_->setCurrentIndex(index);
    updateRunControls();
    return true;
}

bool CompareWindow::setTerrainFile(const QString& path)
{
    if (path.isEmpty()) {
        terrain_.reset();
        terrainName_ = tr("flat plane");
        terrainBox_->setCurrentIndex(0);
        return true;
    }
    sim::TerrainDocument doc = sim::loadTerrain(path.toStdString());
    if (!doc.ok()) {
        message(tr("%1 cannot be used:\n%2").arg(QFileInfo(path).fileName(), problemsText(doc.problems)), true);
        return false;
    }
    terrain_ = std::make_shared<const sim::Terrain>(std::move(doc.terrain));
    terrainName_ = QString::fromStdString(terrain_->name);
    int index = -1;
    for (int i = 0; i < terrainBox_->count(); ++i)
        if (!terrainBox_->itemData(i).toString().isEmpty() && QFileInfo(terrainBox_->itemData(i).toString()) == QFileInfo(path))
            index = i;
    if (index < 0) {
        terrainBox_->insertItem(terrainBox_->count() - 1, QFileInfo(path).completeBaseName(), QFileInfo(path).absoluteFilePath());
        index = terrainBox_->count() - 2;
    }
    terrainBox_->setCurrentIndex(index);
    return true;
}

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

void CompareWindow::vehiclesChanged()
{
    std::vector<const VehicleConfig*> configs;
    for (const Slot* s : chosen())
        configs.push_back(s->config.get());
    parameters_->setVehicles(labels(), std::move(configs), editedColumn());
    updateRunControls();
}

void CompareWindow::documentChanged()
{
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
    figures_->setRuns(runLabels_, *runs_);
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

QString CompareWindow::copyIntoEdited(int vehicle, compare::CopyScope scope, const QString& what, const QString& description)
{
    const auto list = vehicles();
    if (vehicle < 0 || vehicle >= static_cast<int>(list.size()))
        return tr("no such vehicle");
    const compare::CopyResult result = compare::copyDifferences(document_.config(), *list[std::size_t(vehicle)], scope,
                                                                what.toStdString());
    if (!result.error.empty())
        return QString::fromStdString(result.error);
    // Through the document's edit session: values as edits, a copy that changes a list's length
    // (a sixth gear) as a whole configuration; either is refused when it creates a new error.
    if (!result.edits.empty())
        return document_.setParameters(result.edits, description);
    return document_.replaceConfigChecked(result.config, description);
}

std::string CompareWindow::reportCsv(bool allParameters) const
{
    compare::ReportInput in;
    const bool ran = runs_ && !runs_->empty();
    const QStringList names = ran ? runLabels_ : labels();
    const auto configs = ran ? runVehicles_ : vehicles();
    for (const QString& n : names)
        in.labels.push_back(n.toStdString());
    for (const auto& c : configs)
        in.vehicles.push_back(c.get());
    if (ran)
        in.runs = *runs_;
    in.maneuver = runManeuver_.toStdString();
    in.terrain = runTerrain_.toStdString();
    in.allParameters = allParameters;
    return compare::compareReportCsv(in);
}

QString CompareWindow::exportReport(const QString& path, bool allParameters)
{
    if (chosen().empty() && !runs_)
        return tr("Nothing to report: choose vehicles first");
    const std::string err = io::writeFileAtomic(path.toStdString(), reportCsv(allParameters));
    return QString::fromStdString(err);
}

QString CompareWindow::exportChartsPng(const QString& path)
{
    return chartsBox_->grab().save(path, "PNG") ? QString() : tr("Cannot write %1").arg(path);
}

QString CompareWindow::exportPatch(int from, int to, const QString& path)
{
    const auto list = vehicles();
    if (from < 0 || to < 0 || from >= static_cast<int>(list.size()) || to >= static_cast<int>(list.size()))
        return tr("Choose two of the compared vehicles");
    const io::Json patch = compare::makePatch(*list[std::size_t(from)], *list[std::size_t(to)]);
    return QString::fromStdString(io::writeFileAtomic(path.toStdString(), io::formatJson(patch)));
}

QString CompareWindow::exportVehicle(int vehicle, const QString& path)
{
    const auto list = vehicles();
    if (vehicle < 0 || vehicle >= static_cast<int>(list.size()))
        return tr("Choose one of the compared vehicles");
    return QString::fromStdString(io::saveVehicle(path.toStdString(), *list[std::size_t(vehicle)]));
}

}  // namespace jounce::gui
