#include "LeversWindow.h"

#include "SweepWindowRunner.h"
#include "VehicleDocument.h"
#include "config/VehicleJson.h"
#include "sweep/SweepJson.h"
#include "widgets/TornadoChart.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

namespace jounce::gui {
namespace {

/// Studies kept: each is a few hundred bytes, the key a vehicle's text (tens of kilobytes).
constexpr std::size_t kMaxCached = 32;

}  // namespace

LeversWindow::LeversWindow(const VehicleDocument& document, QString presetsDir, QWidget* parent)
    : QWidget(parent, Qt::Window), document_(document), presetsDir_(std::move(presetsDir))
{
    setWindowTitle(tr("Levers"));
    figure_ = new QComboBox(this);
    figure_->setToolTip(tr("The figure whose levers are measured, on its library maneuver on the proving ground"));
    for (const sweep::FigureInfo& f : sweep::figureCatalogue())
        if (!sweep::leverManeuver(f.id).empty())
            figure_->addItem(QString::fromStdString(f.label + " (" + f.unit + ")"), QString::fromStdString(f.id));
    run_ = new QPushButton(tr("&Measure"), this);
    run_->setToolTip(tr("Run each lever at −20 % and +20 % of the vehicle's value, one at a time (Ctrl+Return)"));
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setToolTip(tr("Stop the runs (Esc)"));
    cancel_->setEnabled(false);
    progress_ = new QProgressBar(this);
    progress_->setTextVisible(true);
    progress_->setFormat(tr("%v of %m runs"));
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    chart_ = new widgets::TornadoChart(this);
    chart_->clear(tr("Choose a figure and Measure: each lever of the edited vehicle is run at −20 % and +20 %."));
    runner_ = new SweepWindowRunner(this);

    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Figure:"), this));
    row->addWidget(figure_, 1);
    row->addWidget(run_);
    row->addWidget(cancel_);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(progress_);
    layout->addWidget(status_);
    layout->addWidget(chart_, 1);
    resize(760, 560);

    connect(run_, &QPushButton::clicked, this, [this] { measure(); });
    connect(cancel_, &QPushButton::clicked, this, &LeversWindow::cancel);
    new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this, this, [this] { measure(); });
    new QShortcut(QKeySequence(Qt::Key_Escape), this, this, &LeversWindow::cancel);
    connect(figure_, &QComboBox::currentIndexChanged, this, [this](int) { vehicleChanged(); });
    connect(&document_, &VehicleDocument::configChanged, this, &LeversWindow::vehicleChanged);
    connect(runner_, &SweepWindowRunner::progressChanged, this, [this](std::size_t done, std::size_t total) {
        progress_->setRange(0, int(total));
        progress_->setValue(int(done));
    });
    connect(runner_, &SweepWindowRunner::finished, this, &LeversWindow::finished);
}

std::string LeversWindow::cacheKey() const
{
    return figure_->currentData().toString().toStdString() + "\n" + config::vehicleToText(document_.config());
}

void LeversWindow::setFigure(const QString& id)
{
    const int i = figure_->findData(id);
    if (i >= 0)
        figure_->setCurrentIndex(i);
}

bool LeversWindow::isRunning() const { return runner_->isRunning(); }

QString LeversWindow::status() const { return status_->text(); }

bool LeversWindow::measure()
{
    if (runner_->isRunning())
        return false;
    const std::string key = cacheKey();
    if (const auto it = cache_.find(key); it != cache_.end()) {
        showLevers(it->second.levers, it->second.base);
        status_->setText(tr("Measured before for the vehicle as it is now."));
        emit measured();
        return true;
    }
    const std::string figure = figure_->currentData().toString().toStdString();
    sweep::SweepDocument doc =
        sweep::parseSweep(sweep::leversSweepJson(document_.config(), figure).dump(), {".", presetsDir_.toStdString()});
    if (!doc.ok()) {
        status_->setText(tr("The levers cannot be measured: %1")
                             .arg(QString::fromStdString(doc.problems.items.empty() ? "" : doc.problems.items.front().toString())));
        return false;
    }
    sweep_ = std::make_shared<const sweep::Sweep>(std::move(doc.sweep));
    runningKey_ = key;
    if (!runner_->start(sweep_, sweep::oneAtATimePoints(*sweep_)))
        return false;
    run_->setEnabled(false);
    cancel_->setEnabled(true);
    status_->setText(tr("Measuring %1 levers on %2…").arg(sweep_->parameters.size())
                         .arg(QString::fromStdString(sweep::leverManeuver(figure))));
    return true;
}

void LeversWindow::cancel()
{
    runner_->cancel();
}

void LeversWindow::finished(std::shared_ptr<const std::vector<sweep::PointResult>> results, bool cancelled)
{
    run_->setEnabled(true);
    cancel_->setEnabled(false);
    if (cancelled || !results || !sweep_) {
        status_->setText(tr("Cancelled: nothing measured."));
        return;
    }
    Measured m{sweep::rankLevers(*sweep_, *results), std::nullopt};
    if (!results->empty() && !results->front().figures.empty())
        m.base = results->front().figures.front();
    std::size_t failed = 0;
    for (const sweep::PointResult& r : *results)
        failed += r.ok() ? 0 : 1;
    if (cache_.size() >= kMaxCached)
        cache_.clear();
    cache_[runningKey_] = m;
    // The vehicle may have changed while the runs went: say which vehicle the chart is of.
    const bool current = runningKey_ == cacheKey();
    showLevers(m.levers, m.base);
    status_->setText((current ? tr("%1 runs for the vehicle as it is now.") : tr("%1 runs for the vehicle as it was "
                                                                                 "when Measure was pressed; it has "
                                                                                 "changed since."))
                         .arg(results->size()) +
                     (failed ? tr(" %1 runs failed; their levers show n/a.").arg(failed) : QString()));
    emit measured();
}

void LeversWindow::showLevers(const std::vector<sweep::Lever>& levers, std::optional<double> base)
{
    shown_ = levers;
    widgets::TornadoChart::Data bars;
    bars.title = figure_->currentText();
    bars.base = base;
    for (const sweep::Lever& l : levers)
        bars.bars.push_back({QString::fromStdString(l.name), tr("−20 %"), tr("+20 %"), l.atLow, l.atHigh});
    chart_->setData(std::move(bars));
}

void LeversWindow::vehicleChanged()
{
    if (runner_->isRunning())
        return;
    const auto it = cache_.find(cacheKey());
    if (it != cache_.end()) {
        showLevers(it->second.levers, it->second.base);
        status_->setText(tr("Measured before for the vehicle as it is now."));
        return;
    }
    if (!shown_.empty())
        status_->setText(tr("The chart is of an earlier state of the vehicle or another figure: Measure again."));
}

}  // namespace jounce::gui
