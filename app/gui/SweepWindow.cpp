#include "SweepWindow.h"

#include "CompareWindow.h"
#include "MenuTable.h"
#include "SweepParameterTable.h"
#include "SweepSetup.h"
#include "VehicleDocument.h"

#include "config/VehicleJson.h"
#include "json/TextFile.h"
#include "sweep/SweepEdits.h"
#include "sweep/SweepJson.h"
#include "sweep/SweepPoints.h"
#include "sweep/SweepTable.h"

#include <QFileDialog>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace jounce::gui {

SweepWindow::SweepWindow(VehicleDocument& document, const QString& presetsDir, std::function<CompareWindow&()> compare,
                         QWidget* parent)
    : QMainWindow(parent), document_(document), compare_(std::move(compare))
{
    setObjectName(QStringLiteral("SweepWindow"));
    setWindowFlag(Qt::Window);
    setWindowTitle(tr("Sweep — %1").arg(QString::fromStdString(document_.config().name)));
    setup_ = new SweepSetup(document_, presetsDir, this);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    auto* scroll = new QScrollArea(splitter);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // the setup fits its width
    scroll->setWidget(buildLeftSide());
    splitter->addWidget(scroll);
    results_ = new SweepResults(this);
    splitter->addWidget(results_);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({560, 940});
    setCentralWidget(splitter);

    connect(setup_, &SweepSetup::message, this, &SweepWindow::message);
    connect(results_, &SweepResults::loadRequested, this, [this] {
        if (const QString err = loadSelectedAsEdited(); !err.isEmpty())
            message(err, true);
    });
    connect(results_, &SweepResults::compareRequested, this, [this](int slot) {
        if (const QString err = loadSelectedIntoCompare(slot); !err.isEmpty())
            message(err, true);
    });
    new QShortcut(QKeySequence(Qt::Key_F5), this, this, [this] { runSweep(); });
    new QShortcut(QKeySequence(Qt::Key_F6), this, this, [this] { runSensitivity(); });
    new QShortcut(QKeySequence(Qt::Key_Escape), this, this, &SweepWindow::cancel);
    connect(&runner_, &SweepWindowRunner::progressChanged, this, [this](std::size_t done, std::size_t total) {
        progress_->setRange(0, int(total));
        progress_->setValue(int(done));
    });
    connect(&runner_, &SweepWindowRunner::finished, this, &SweepWindow::finished);
    buildMenus();
    // Another vehicle opened: its name in the title, its parameters in the picker.
    connect(&document_, &VehicleDocument::fileStateChanged, this, [this] {
        setWindowTitle(tr("Sweep — %1").arg(QString::fromStdString(document_.config().name)));
        setup_->parameters().fillPicker();
    });

    setup_->chooseDefaultRun();
    const QScreen* screen = QGuiApplication::primaryScreen();
    const QRect available = screen ? screen->availableGeometry() : QRect(0, 0, 1366, 768);
    resize(std::min(1500, available.width() - 40), std::min(900, available.height() - 60));
    updateButtons();
    message(tr("Pick parameters of the edited vehicle, then Run sweep (F5) or Sensitivity (F6)."));
}

SweepWindow::~SweepWindow() = default;

QWidget* SweepWindow::buildLeftSide()
{
    // The setup above the run controls, its progress and the status line.
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(setup_, 1);
    auto* controls = new QHBoxLayout;
    runButton_ = new QPushButton(tr("Run sweep"), left);
    runButton_->setToolTip(tr("Run every point of the design in the background, on all cores (F5)"));
    sensitivityButton_ = new QPushButton(tr("Sensitivity"), left);
    sensitivityButton_->setToolTip(tr("Each parameter at its min and at its max, the others as the edited vehicle: a tornado chart per figure (F6)"));
    cancelButton_ = new QPushButton(tr("Cancel"), left);
    cancelButton_->setToolTip(tr("Stop the points still running (Esc)"));
    controls->addWidget(runButton_);
    controls->addWidget(sensitivityButton_);
    controls->addWidget(cancelButton_);
    leftLayout->addLayout(controls);
    progress_ = new QProgressBar(left);
    progress_->setFormat(tr("%v / %m points"));
    leftLayout->addWidget(progress_);
    status_ = new QLabel(left);
    status_->setObjectName(QStringLiteral("sweepStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    leftLayout->addWidget(status_);
    connect(runButton_, &QPushButton::clicked, this, &SweepWindow::runSweep);
    connect(sensitivityButton_, &QPushButton::clicked, this, &SweepWindow::runSensitivity);
    connect(cancelButton_, &QPushButton::clicked, this, &SweepWindow::cancel);
    return left;
}

void SweepWindow::buildMenus()
{
    const QString file = tr("&File");
    const QString run = tr("&Run");
    const QHash<QString, QMenu*> menus = addMenuBarRows(
        menuBar(), this,
        {{.menu = file, .text = tr("&Save sweep file…"), .shortcuts = {QKeySequence::Save},
          .tooltip = tr("The sweep as a self-contained file for jounce-cli sweep, --plan and tune"),
          .triggered = [this] {
              const QString path = QFileDialog::getSaveFileName(this, tr("Save sweep file"), QString(), tr("Sweep (*.json)"));
              if (!path.isEmpty())
                  if (const QString err = saveSweepFile(path); !err.isEmpty())
                      message(err, true);
          }},
         {.menu = file, .text = tr("&Export results CSV…"), .shortcuts = {QKeySequence(Qt::CTRL | Qt::Key_E)},
          .triggered = [this] {
              const QString path = QFileDialog::getSaveFileName(this, tr("Export results"), QString(), tr("CSV (*.csv)"));
              if (!path.isEmpty())
                  if (const QString err = exportResults(path); !err.isEmpty())
                      message(err, true);
          }},
         {.menu = file},
         {.menu = file, .text = tr("&Close"), .shortcuts = {QKeySequence::Close}, .triggered = [this] { close(); }},
         {.menu = run, .text = tr("Run &sweep"), .shortcuts = {QKeySequence(Qt::Key_F5)}, .triggered = [this] { runSweep(); }},
         {.menu = run, .text = tr("Se&nsitivity"), .shortcuts = {QKeySequence(Qt::Key_F6)},
          .triggered = [this] { runSensitivity(); }},
         {.menu = run, .text = tr("&Cancel"), .triggered = [this] { cancel(); }}});
    for (QAction* a : menus.value(run)->actions())
        a->setShortcutContext(Qt::WidgetShortcut);  // the window's QShortcuts own the keys
}

bool SweepWindow::setManeuverFile(const QString& path) { return setup_->setManeuverFile(path); }
bool SweepWindow::setTerrainFile(const QString& path) { return setup_->setTerrainFile(path); }
bool SweepWindow::addParameter(const QString& path) { return setup_->parameters().addParameter(path); }
void SweepWindow::removeParameter(int row) { setup_->parameters().removeParameter(row); }
int SweepWindow::parameterCount() const { return setup_->parameters().count(); }
void SweepWindow::setParameterRange(int row, double min, double max, int steps) { setup_->parameters().setRange(row, min, max, steps); }
void SweepWindow::setDesign(sweep::DesignType type, int samples, int seed) { setup_->setDesign(type, samples, seed); }
std::optional<sweep::Sweep> SweepWindow::buildSweep(QString& error) const { return setup_->buildSweep(error); }
std::string SweepWindow::sweepFileText() const { return setup_->sweepFileText(); }
const std::vector<sweep::PointResult>& SweepWindow::results() const { return results_->results(); }
std::shared_ptr<const sweep::Sweep> SweepWindow::shownSweep() const { return results_->shownSweep(); }
void SweepWindow::selectPoint(int index) { results_->selectPoint(index); }
int SweepWindow::selectedPoint() const { return results_->selectedPoint(); }
widgets::HeatMap& SweepWindow::heatMap() { return results_->heatMap(); }
widgets::TornadoChart& SweepWindow::tornado() { return results_->tornado(); }
QTableWidget& SweepWindow::pointTable() { return results_->pointTable(); }
QTableWidget& SweepWindow::parameterTable() { return setup_->parameters().table(); }

bool SweepWindow::runSweep()
{
    return start(SweepResults::Mode::Sweep);
}

bool SweepWindow::runSensitivity()
{
    return start(SweepResults::Mode::Sensitivity);
}

bool SweepWindow::start(SweepResults::Mode mode)
{
    if (runner_.isRunning()) {
        message(tr("A run is going; cancel it first (Esc)"), true);
        return false;
    }
    QString error;
    std::optional<sweep::Sweep> s = buildSweep(error);
    if (!s) {
        message(error, true);
        return false;
    }
    std::vector<sweep::Point> points =
        mode == SweepResults::Mode::Sweep ? sweep::makePoints(*s) : sweep::oneAtATimePoints(*s);
    if (points.empty()) {
        message(tr("The design has no points"), true);
        return false;
    }
    pending_ = std::make_shared<const sweep::Sweep>(std::move(*s));
    running_ = mode;
    const std::size_t n = points.size();
    progress_->setRange(0, int(n));
    progress_->setValue(0);
    runner_.start(pending_, std::move(points));
    message(tr("Running %1 points on %2 threads…").arg(n).arg(sweep::workerCount(0, n)));
    updateButtons();
    return true;
}

void SweepWindow::cancel()
{
    if (runner_.isRunning()) {
        runner_.cancel();
        message(tr("Cancelling…"));
    }
}

void SweepWindow::finished(std::shared_ptr<const std::vector<sweep::PointResult>> results, bool cancelled)
{
    results_->showRun(pending_, *results, running_);
    const std::vector<sweep::PointResult>& shown = results_->results();
    const auto failed = std::count_if(shown.begin(), shown.end(), [](const sweep::PointResult& r) { return !r.ok(); });
    if (cancelled)
        message(tr("Cancelled: %1 of %2 points ran").arg(shown.size() - std::size_t(failed)).arg(shown.size()), true);
    else
        message(tr("%1 points, %2 ok%3. Click a point to select it.")
                    .arg(shown.size())
                    .arg(shown.size() - std::size_t(failed))
                    .arg(failed ? tr(", %1 not (see the Points tab's status)").arg(failed) : QString()));
    updateButtons();
    emit resultsShown();
}

void SweepWindow::updateButtons()
{
    const bool running = runner_.isRunning();
    runButton_->setEnabled(!running);
    sensitivityButton_->setEnabled(!running);
    cancelButton_->setEnabled(running);
    results_->setRunning(running);
}

void SweepWindow::message(const QString& text, bool error)
{
    status_->setText(text);
    status_->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

QString SweepWindow::loadSelectedAsEdited()
{
    const sweep::PointResult* r = results_->selectedResult();
    if (!r)
        return tr("Select a point first");
    // The point's values, as absolute values of its leaves, on the vehicle as it is now.
    const config::EditList edits = sweep::pointEdits(*results_->shownSweep(), sweep::Point{r->id, r->values});
    if (edits.empty())
        return tr("Point %1 is the vehicle as edited: nothing to load").arg(r->id);
    if (const QString err = document_.setParameters(edits, tr("Sweep point %1").arg(r->id)); !err.isEmpty())
        return err;
    message(tr("Point %1 is now the edited vehicle (Ctrl+Z in the workbench undoes it)").arg(r->id));
    return {};
}

QString SweepWindow::loadSelectedIntoCompare(int slot)
{
    const sweep::PointResult* r = results_->selectedResult();
    if (!r)
        return tr("Select a point first");
    const config::EditResult vehicle = sweep::PointRunner(*results_->shownSweep()).vehicle({r->id, r->values});
    if (!vehicle.ok())
        return tr("Point %1's vehicle is invalid: %2").arg(r->id).arg(QString::fromStdString(vehicle.refusal));
    if (!pointFiles_.isValid())
        return tr("No temporary folder for the point's vehicle");
    VehicleConfig named = *vehicle.config;
    named.name = named.name + " (sweep point " + std::to_string(r->id) + ")";
    const QString path = pointFiles_.filePath(QStringLiteral("sweep-point-%1.json").arg(r->id));
    if (const std::string err = config::saveVehicle(path.toStdString(), named); !err.empty())
        return QString::fromStdString(err);
    CompareWindow& compare = compare_();
    if (!compare.setSlotFile(slot, path))
        return tr("The compare view refused point %1").arg(r->id);
    compare.show();
    compare.raise();
    message(tr("Point %1 is in compare slot %2").arg(r->id).arg(QChar('A' + slot)));
    return {};
}

QString SweepWindow::saveSweepFile(const QString& path) const
{
    QString error;
    const std::optional<sweep::Sweep> s = buildSweep(error);
    if (!s)
        return error;
    const std::string err = json::writeFileAtomic(path.toStdString(), json::formatJson(sweep::sweepToJson(*s)));
    return QString::fromStdString(err);
}

QString SweepWindow::exportResults(const QString& path) const
{
    if (!results_->shownSweep())
        return tr("Nothing has run yet");
    return QString::fromStdString(json::writeFileAtomic(path.toStdString(), sweep::tableCsv(*results_->shownSweep(), results_->results())));
}

}  // namespace jounce::gui
