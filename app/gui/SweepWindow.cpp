// The Sweep window: its layout and menus, and running a sweep or a sensitivity study in the
// background with progress and cancel.

#include "SweepWindow.h"

#include "sweep/SweepPoints.h"
#include "widgets/HeatMap.h"
#include "widgets/TornadoChart.h"

#include <QAction>
#include <QComboBox>
#include <QFileDialog>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace jounce::gui {

SweepWindow::SweepWindow(VehicleDocument& document, const QString& presetsDir, std::function<CompareWindow&()> compare,
                         QWidget* parent)
    : QMainWindow(parent), document_(document), presetsDir_(presetsDir), compare_(std::move(compare))
{
    setObjectName(QStringLiteral("SweepWindow"));
    setWindowFlag(Qt::Window);
    setWindowTitle(tr("Sweep — %1").arg(QString::fromStdString(document_.config().name)));
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    auto* scroll = new QScrollArea(splitter);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // the setup fits its width
    auto* left = new QWidget(scroll);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(buildSetup(), 1);

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
    scroll->setWidget(left);
    splitter->addWidget(scroll);
    splitter->addWidget(buildResults());
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({560, 940});
    setCentralWidget(splitter);

    connect(runButton_, &QPushButton::clicked, this, &SweepWindow::runSweep);
    connect(sensitivityButton_, &QPushButton::clicked, this, &SweepWindow::runSensitivity);
    connect(cancelButton_, &QPushButton::clicked, this, &SweepWindow::cancel);
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
        fillParameterPicker();
    });

    const QString skidpad = presetsDir_ + "/maneuvers/skidpad.json";
    if (!setManeuverFile(skidpad) && maneuverBox_->count() > 1)
        setManeuverFile(maneuverBox_->itemData(0).toString());
    setTerrainFile(presetsDir_ + "/terrains/proving-ground.json");
    const QScreen* screen = QGuiApplication::primaryScreen();
    const QRect available = screen ? screen->availableGeometry() : QRect(0, 0, 1366, 768);
    resize(std::min(1500, available.width() - 40), std::min(900, available.height() - 60));
    updateButtons();
    message(tr("Pick parameters of the edited vehicle, then Run sweep (F5) or Sensitivity (F6)."));
}

SweepWindow::~SweepWindow() = default;

void SweepWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Save sweep file…"), QKeySequence::Save, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save sweep file"), QString(), tr("Sweep (*.json)"));
        if (!path.isEmpty())
            if (const QString err = saveSweepFile(path); !err.isEmpty())
                message(err, true);
    })->setToolTip(tr("The sweep as a self-contained file for jounce-cli sweep, --plan and tune"));
    file->addAction(tr("&Export results CSV…"), QKeySequence(Qt::CTRL | Qt::Key_E), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export results"), QString(), tr("CSV (*.csv)"));
        if (!path.isEmpty())
            if (const QString err = exportResults(path); !err.isEmpty())
                message(err, true);
    });
    file->addSeparator();
    file->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);
    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addAction(tr("Run &sweep"), this, &SweepWindow::runSweep)->setShortcut(QKeySequence(Qt::Key_F5));
    run->addAction(tr("Se&nsitivity"), this, &SweepWindow::runSensitivity)->setShortcut(QKeySequence(Qt::Key_F6));
    run->addAction(tr("&Cancel"), this, &SweepWindow::cancel);
    for (QAction* a : run->actions())
        a->setShortcutContext(Qt::WidgetShortcut);  // the window's QShortcuts own the keys
}

bool SweepWindow::runSweep()
{
    return start(Mode::Sweep);
}

bool SweepWindow::runSensitivity()
{
    return start(Mode::Sensitivity);
}

bool SweepWindow::start(Mode mode)
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
    std::vector<sweep::Point> points = mode == Mode::Sweep ? sweep::makePoints(*s) : sweep::oneAtATimePoints(*s);
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
    shown_ = pending_;
    mode_ = running_;
    results_ = *results;
    const auto failed = std::count_if(results_.begin(), results_.end(), [](const sweep::PointResult& r) { return !r.ok(); });
    showResults();
    if (cancelled)
        message(tr("Cancelled: %1 of %2 points ran").arg(results_.size() - std::size_t(failed)).arg(results_.size()), true);
    else
        message(tr("%1 points, %2 ok%3. Click a point to select it.")
                    .arg(results_.size())
                    .arg(results_.size() - std::size_t(failed))
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
    const bool chosen = selected_ >= 0 && !running;
    loadButton_->setEnabled(chosen);
    compareButton_->setEnabled(chosen);
}

void SweepWindow::message(const QString& text, bool error)
{
    status_->setText(text);
    status_->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

}  // namespace jounce::gui
