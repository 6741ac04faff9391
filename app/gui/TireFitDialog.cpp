#include "TireFitDialog.h"

#include "VehicleDocument.h"

#include "widgets/DisplayUnits.h"
#include "widgets/TireFitChart.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace jounce::gui {

using tirefit::SlipDirection;

/// What the worker reads and writes: the vehicle and the choices in, the fit out.
struct TireFitDialog::Job {
    std::shared_ptr<const VehicleConfig> config;
    tirefit::WheelChoice wheels = tirefit::WheelChoice::All;
    TireModelKind target = TireModelKind::MagicFormula;
    tirefit::FitSettings settings;
    std::shared_ptr<tirefit::VehicleTireFit> result;
};

namespace {

QString modelTitle(TireModelKind kind)
{
    switch (kind) {
    case TireModelKind::PhysX:
        return QObject::tr("PhysX");
    case TireModelKind::Unity:
        return QObject::tr("Unity");
    case TireModelKind::MagicFormula:
        break;
    }
    return QObject::tr("Magic Formula");
}

QDoubleSpinBox* slipBox(double lo, double hi, double value, const QString& suffix, const QString& tooltip)
{
    auto* box = new QDoubleSpinBox();
    box->setRange(lo, hi);
    box->setDecimals(2);
    box->setSingleStep(0.05);
    box->setValue(value);
    box->setSuffix(suffix);
    box->setToolTip(tooltip);
    return box;
}

/// The slip angle of a box in the display unit, in rad: on the 0.001 rad grid when the box's
/// rounding is all that separates it from there, so the default ±0.5 rad shown as ±28.65° stays
/// ±0.5 (the CLI's default, and the same fit).
double angleOf(const QDoubleSpinBox* box)
{
    const widgets::Conversion angle = widgets::DisplayUnits::current().conversion("rad");
    const double rad = angle.fromDisplay(box->value());
    const double grid = std::round(rad * 1000.0) / 1000.0;
    const double precision = 0.5 * std::pow(10.0, -box->decimals()) / std::abs(angle.factor);
    return std::abs(rad - grid) <= precision ? grid : rad;
}

/// "slip ratio -1 to 1", "slip angle -28.65° to 28.65°": the range in the display unit.
QString shownRange(SlipDirection d, const tirefit::SlipRange& r)
{
    const widgets::Conversion slip = widgets::DisplayUnits::current().conversion(d == SlipDirection::Lateral ? "rad" : "1");
    const auto value = [&](double v) {
        const QString n = QString::number(slip.toDisplay(v), 'g', 4);
        return slip.label.isEmpty() ? n : slip.label == QStringLiteral("°") ? n + slip.label : n + QChar(' ') + slip.label;
    };
    return (d == SlipDirection::Lateral ? QObject::tr("slip angle %1 to %2") : QObject::tr("slip ratio %1 to %2"))
        .arg(value(r.min), value(r.max));
}

QString wheelList(const std::vector<std::size_t>& wheels)
{
    QStringList names;
    for (const std::size_t w : wheels)
        names << QString::number(w);
    return names.join(QStringLiteral(", "));
}

}  // namespace

TireFitDialog::TireFitDialog(VehicleDocument& document, QWidget* parent) : QDialog(parent), document_(document)
{
    setObjectName(QStringLiteral("tireFitDialog"));
    setWindowTitle(tr("Fit tires to another model"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(makeControls());
    layout->addWidget(makeResults(), 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    applyButton_ = buttons->addButton(tr("&Apply to the vehicle"), QDialogButtonBox::ApplyRole);
    applyButton_->setObjectName(QStringLiteral("applyTireFit"));
    applyButton_->setToolTip(tr("Put the fitted tires on the wheels: one edit, which Edit ▸ Undo takes back"));
    connect(applyButton_, &QPushButton::clicked, this, [this] { apply(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(&document_, &VehicleDocument::configChanged, this, &TireFitDialog::updateButtons);
    // The model the wheels do not have yet: a PhysX car fits to the Magic Formula, others to PhysX.
    const bool physx = !document_.config().wheels.empty() && document_.config().wheels[0].tire.physx();
    setChoice(tirefit::WheelChoice::All, physx ? TireModelKind::MagicFormula : TireModelKind::PhysX);
    // Two charts side by side need the width; on a small screen (1366 x 768) the dialog keeps within it.
    const QRect screen = (parent ? parent->screen() : QGuiApplication::primaryScreen())->availableGeometry();
    resize(std::min(1180, screen.width() * 9 / 10), std::min(720, screen.height() * 9 / 10));
    updateButtons();
}

TireFitDialog::~TireFitDialog()
{
    if (thread_)
        thread_->wait();
}

QWidget* TireFitDialog::makeControls()
{
    auto* box = new QWidget(this);
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    wheels_ = new QComboBox(box);
    for (const auto w : {tirefit::WheelChoice::Front, tirefit::WheelChoice::Rear, tirefit::WheelChoice::All})
        wheels_->addItem(QString::fromUtf8(tirefit::wheelChoiceName(w)), static_cast<int>(w));
    wheels_->setToolTip(tr("The wheels whose tires are fitted: front (ahead of the centre of mass), rear or all; wheels "
                           "of one axle with the same tire are fitted together at their mean rest load"));
    target_ = new QComboBox(box);
    for (const auto m : {TireModelKind::MagicFormula, TireModelKind::PhysX, TireModelKind::Unity})
        target_->addItem(modelTitle(m), static_cast<int>(m));
    target_->setToolTip(tr("The tire model to fit to the wheels' tires"));
    ratioMin_ = slipBox(-5, 5, -1, QString(), tr("Lowest slip ratio compared (1)"));
    ratioMax_ = slipBox(-5, 5, 1, QString(), tr("Highest slip ratio compared (1)"));
    // Slip angles in the display unit (° or rad, Edit ▸ Preferences), as the charts show them.
    const widgets::Conversion angle = widgets::DisplayUnits::current().conversion("rad");
    const QString unit = QStringLiteral(" ") + angle.label;
    angleMin_ = slipBox(angle.toDisplay(-1.4), angle.toDisplay(1.4), angle.toDisplay(-0.5), unit,
                        tr("Lowest slip angle compared (%1)").arg(angle.label));
    angleMax_ = slipBox(angle.toDisplay(-1.4), angle.toDisplay(1.4), angle.toDisplay(0.5), unit,
                        tr("Highest slip angle compared (%1)").arg(angle.label));
    fitButton_ = new QPushButton(tr("&Fit"), box);
    fitButton_->setObjectName(QStringLiteral("fitTires"));
    fitButton_->setToolTip(tr("Fit the chosen model to the tires' pure-slip forces at each wheel's rest load"));
    connect(fitButton_, &QPushButton::clicked, this, &TireFitDialog::fit);
    busy_ = new QProgressBar(box);
    busy_->setRange(0, 0);
    busy_->setMaximumWidth(120);
    busy_->setToolTip(tr("Fitting on a worker thread"));
    busy_->hide();
    row->addWidget(new QLabel(tr("Wheels:"), box));
    row->addWidget(wheels_);
    row->addWidget(new QLabel(tr("Fit to:"), box));
    row->addWidget(target_);
    row->addSpacing(12);
    row->addWidget(new QLabel(tr("Slip ratio:"), box));
    row->addWidget(ratioMin_);
    row->addWidget(new QLabel(tr("to"), box));
    row->addWidget(ratioMax_);
    row->addSpacing(12);
    row->addWidget(new QLabel(tr("Slip angle:"), box));
    row->addWidget(angleMin_);
    row->addWidget(new QLabel(tr("to"), box));
    row->addWidget(angleMax_);
    row->addStretch(1);
    row->addWidget(busy_);
    row->addWidget(fitButton_);
    return box;
}

QWidget* TireFitDialog::makeResults()
{
    auto* box = new QWidget(this);
    auto* column = new QVBoxLayout(box);
    column->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout();
    groups_ = new QComboBox(box);
    groups_->setToolTip(tr("The wheel group whose fit the charts and the table show"));
    groups_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(groups_, &QComboBox::currentIndexChanged, this, &TireFitDialog::showGroup);
    status_ = new QLabel(tr("Choose the wheels and the model, then Fit."), box);
    status_->setWordWrap(true);
    top->addWidget(new QLabel(tr("Show:"), box));
    top->addWidget(groups_);
    top->addWidget(status_, 1);
    column->addLayout(top);
    auto* charts = new QHBoxLayout();
    longitudinal_ = new widgets::TireFitChart(SlipDirection::Longitudinal, box);
    lateral_ = new widgets::TireFitChart(SlipDirection::Lateral, box);
    charts->addWidget(longitudinal_);
    charts->addWidget(lateral_);
    column->addLayout(charts, 1);
    const widgets::Conversion force = widgets::DisplayUnits::current().conversion("N");
    errors_ = new QTableWidget(2, 7, box);
    errors_->setObjectName(QStringLiteral("tireFitErrors"));
    errors_->setHorizontalHeaderLabels({tr("slips compared"), force.titled(tr("source peak")), force.titled(tr("RMS error")),
                                        tr("RMS (% of peak)"), force.titled(tr("max error")), tr("max (% of peak)"),
                                        tr("max at")});
    errors_->setVerticalHeaderLabels({tr("longitudinal"), tr("lateral")});
    errors_->setToolTip(tr("Fitted − source over the slips compared: root mean square and largest error, in %1 and as "
                           "a share of the source's largest force there")
                            .arg(force.label));
    errors_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    errors_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    errors_->horizontalHeader()->setStretchLastSection(true);
    errors_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    errors_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    fitTableHeight();
    column->addWidget(errors_);
    return box;
}

void TireFitDialog::setChoice(tirefit::WheelChoice wheels, TireModelKind target)
{
    wheels_->setCurrentIndex(wheels_->findData(static_cast<int>(wheels)));
    target_->setCurrentIndex(target_->findData(static_cast<int>(target)));
}

const widgets::TireFitChart* TireFitDialog::chart(SlipDirection direction) const
{
    return direction == SlipDirection::Longitudinal ? longitudinal_ : lateral_;
}

bool TireFitDialog::isFitting() const
{
    return !thread_.isNull();
}

void TireFitDialog::fit()
{
    if (isFitting())
        return;
    auto job = std::make_shared<Job>();
    job->config = document_.configPtr();
    job->wheels = static_cast<tirefit::WheelChoice>(wheels_->currentData().toInt());
    job->target = static_cast<TireModelKind>(target_->currentData().toInt());
    job->settings.slipRatio = {ratioMin_->value(), ratioMax_->value()};
    job->settings.slipAngle = {angleOf(angleMin_), angleOf(angleMax_)};
    // The worker touches only the job; the dialog reads it once the thread has finished.
    thread_ = QThread::create([job] {
        job->result = std::make_shared<tirefit::VehicleTireFit>(
            tirefit::fitVehicleTires(*job->config, job->wheels, job->target, job->settings));
    });
    connect(thread_, &QThread::finished, this, [this, job] { finishFit(job); });
    connect(thread_, &QThread::finished, thread_, &QObject::deleteLater);
    status_->setText(tr("Fitting…"));
    busy_->show();
    updateButtons();
    thread_->start();
}

void TireFitDialog::finishFit(const std::shared_ptr<Job>& job)
{
    thread_ = nullptr;
    busy_->hide();
    result_ = job->result;
    fittedConfig_ = job->config;
    fittedWheels_ = job->wheels;
    applied_ = false;
    groups_->blockSignals(true);
    groups_->clear();
    if (result_ && result_->ok())
        for (const tirefit::GroupFit& g : result_->groups)
            groups_->addItem(tr("%1 wheels (%2): %3 to %4")
                                 .arg(QString::fromStdString(g.name), wheelList(g.wheels), modelTitle(g.sourceModel),
                                      modelTitle(result_->target)));
    groups_->blockSignals(false);
    if (!result_ || !result_->ok()) {
        QStringList why;
        if (result_)
            for (const Problem& p : result_->problems.items)
                why << QString::fromStdString(p.message);
        status_->setText(tr("Nothing fitted: %1").arg(why.join(QStringLiteral("; "))));
        longitudinal_->clear();
        lateral_->clear();
        errors_->clearContents();
    } else {
        showGroup(0);
    }
    updateButtons();
    emit fitFinished();
}

void TireFitDialog::showGroup(int index)
{
    if (!result_ || index < 0 || index >= static_cast<int>(result_->groups.size()))
        return;
    const tirefit::GroupFit& g = result_->groups[static_cast<std::size_t>(index)];
    const QString source = modelTitle(g.sourceModel), fitted = tr("%1 (fitted)").arg(modelTitle(result_->target));
    longitudinal_->setCurves(g.fit.source.longitudinal, g.fit.result.longitudinal, source, fitted);
    lateral_->setCurves(g.fit.source.lateral, g.fit.result.lateral, source, fitted);
    showErrors(g);
}

void TireFitDialog::showErrors(const tirefit::GroupFit& g)
{
    const widgets::Conversion force = widgets::DisplayUnits::current().conversion("N");
    for (const SlipDirection d : {SlipDirection::Longitudinal, SlipDirection::Lateral}) {
        const tirefit::CurveError& e = g.fit.error(d);
        const int row = d == SlipDirection::Longitudinal ? 0 : 1;
        const widgets::Conversion slip = widgets::DisplayUnits::current().conversion(d == SlipDirection::Lateral ? "rad" : "1");
        const QStringList cells{shownRange(d, e.range), force.format(e.peak, false), force.format(e.rms, false),
                                widgets::formatNumber(e.rmsPercent(), 2), force.format(e.max, false),
                                widgets::formatNumber(e.maxPercent(), 2), slip.format(e.maxAt)};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setTextAlignment(c == 0 ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
            errors_->setItem(row, c, item);
        }
    }
    fitTableHeight();
    QStringList notes;
    for (const std::string& n : g.fit.notes)
        notes << QString::fromStdString(n);
    status_->setText(tr("At rest load %1: %2 evaluations, %3 s. %4")
                         .arg(force.format(g.restLoad), QString::number(g.fit.evaluations),
                              widgets::formatNumber(g.fit.seconds, 2), notes.join(QStringLiteral(" "))));
}

void TireFitDialog::fitTableHeight()
{
    // Both rows and the header, no empty space under them and no scroll bar.
    errors_->resizeRowsToContents();
    errors_->setFixedHeight(errors_->horizontalHeader()->sizeHint().height() + errors_->verticalHeader()->length() +
                            2 * errors_->frameWidth());
}

QString TireFitDialog::apply()
{
    QString refusal;
    if (!result_ || !result_->ok())
        refusal = tr("there is no fit to apply");
    else if (applied_)
        refusal = tr("this fit is already applied");
    else if (!fittedConfig_ || !(document_.config() == *fittedConfig_))
        refusal = tr("the vehicle changed since this fit: fit again");
    else
        refusal = document_.setParameters(result_->edits,
                                          tr("Fit %1 tires to %2")
                                              .arg(QString::fromUtf8(tirefit::wheelChoiceName(fittedWheels_)),
                                                   modelTitle(result_->target)));
    if (refusal.isEmpty()) {
        applied_ = true;
        status_->setText(tr("Applied: %1. It is one edit: Edit ▸ Undo takes it back.")
                             .arg(QString::fromStdString(result_->summary())));
    } else {
        status_->setText(tr("Not applied: %1").arg(refusal));
    }
    updateButtons();
    return refusal;
}

void TireFitDialog::updateButtons()
{
    fitButton_->setEnabled(!isFitting());
    const bool current = fittedConfig_ && document_.config() == *fittedConfig_;
    applyButton_->setEnabled(!isFitting() && result_ && result_->ok() && !applied_ && current);
}

}  // namespace jounce::gui
