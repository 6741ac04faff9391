#include "DoctorPanel.h"

#include "doctor/StaticChecks.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace jounce::widgets {

DoctorPanel::DoctorPanel(QWidget* parent) : QWidget(parent)
{
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    applyButton_ = new QPushButton(tr("Apply fix"), this);
    applyButton_->setEnabled(false);
    applyButton_->setToolTip(tr("Apply the selected finding's fix as one undoable edit"));
    list_ = new QTreeWidget(this);
    list_->setColumnCount(4);
    list_->setHeaderLabels({tr("Severity"), tr("Check"), tr("Why"), tr("Fix")});
    list_->setRootIsDecorated(false);
    list_->setWordWrap(true);
    list_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    list_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    list_->setToolTip(tr("Select a finding to select its parameters in the editor"));
    connect(list_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        const int i = item ? list_->indexOfTopLevelItem(item) : -1;
        const bool valid = i >= 0 && i < static_cast<int>(shown_.size());
        applyButton_->setEnabled(valid && shown_[std::size_t(i)].fix.has_value());
        if (!valid)
            return;
        QStringList paths;
        for (const std::string& p : shown_[std::size_t(i)].parameters)
            paths << QString::fromStdString(p);
        emit parametersSelected(paths);
    });
    connect(applyButton_, &QPushButton::clicked, this, [this] {
        const int i = list_->indexOfTopLevelItem(list_->currentItem());
        if (i < 0 || i >= static_cast<int>(shown_.size()))
            return;
        const QString err = applyFix(shown_[std::size_t(i)].key());
        if (!err.isEmpty())
            emit message(tr("The fix was refused: %1").arg(err));
    });
    auto* top = new QHBoxLayout();
    top->addWidget(summary_, 1);
    top->addWidget(applyButton_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(top);
    layout->addWidget(list_, 1);
}

void DoctorPanel::setVehicle(const VehicleConfig& config)
{
    static_ = doctor::diagnose(config);
    if (!live_)
        live_ = std::make_unique<doctor::LiveDoctor>(config);
    else
        live_->setConfig(config);
    relist();
}

void DoctorPanel::feed(const TelemetryHistory& history)
{
    if (!live_ || history.empty())
        return;
    // A reset restarts the history (time goes back): the live findings start over with it.
    if (history.startTime() < lastFed_ && history.endTime() < lastFed_) {
        live_->reset();
        lastFed_ = -1.0;
    }
    for (std::size_t i = history.lowerBound(lastFed_ + 1e-9); i < history.size(); ++i)
        live_->addFrame(history.at(i));
    lastFed_ = history.endTime();
    if (live_->episodeCount() != liveEpisodes_)
        relist();
}

void DoctorPanel::relist()
{
    std::string selected;
    if (QTreeWidgetItem* item = list_->currentItem()) {
        const int i = list_->indexOfTopLevelItem(item);
        if (i >= 0 && i < static_cast<int>(shown_.size()))
            selected = shown_[std::size_t(i)].key();
    }
    shown_ = static_;
    if (live_) {
        for (doctor::Finding& f : live_->findings())
            shown_.push_back(std::move(f));
        liveEpisodes_ = live_->episodeCount();
    }
    doctor::sortBySeverity(shown_);

    const QSignalBlocker block(list_);
    list_->clear();
    QTreeWidgetItem* reselect = nullptr;
    for (const doctor::Finding& f : shown_) {
        auto* item = new QTreeWidgetItem(list_);
        const QStyle::StandardPixmap icon = f.severity == doctor::Severity::Error     ? QStyle::SP_MessageBoxCritical
                                            : f.severity == doctor::Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                                                      : QStyle::SP_MessageBoxInformation;
        item->setIcon(0, style()->standardIcon(icon));
        item->setText(0, QString::fromLatin1(doctor::severityName(f.severity)) + (f.live ? tr(" (live)") : QString()));
        item->setText(1, QString::fromStdString(f.id));
        item->setText(2, QString::fromStdString(f.reason));
        item->setText(3, f.fix ? QString::fromStdString(f.fix->summary) : QString());
        QString tip = QString::fromStdString(f.reason) + tr("\nGuide: %1").arg(QString::fromStdString(f.guideSection));
        if (f.fix)
            for (const config::Edit& e : f.fix->edits)
                tip += "\n  " + QString::fromStdString(config::editText(e));
        for (int c = 0; c < 4; ++c)
            item->setToolTip(c, tip);
        if (f.key() == selected)
            reselect = item;
    }
    if (reselect)
        list_->setCurrentItem(reselect);
    const std::size_t errors = doctor::countSeverity(shown_, doctor::Severity::Error);
    const std::size_t warnings = doctor::countSeverity(shown_, doctor::Severity::Warning);
    const std::size_t advice = doctor::countSeverity(shown_, doctor::Severity::Advice);
    summary_->setText(shown_.empty() ? tr("The doctor has nothing to say about this vehicle.")
                                     : tr("%1 error(s), %2 warning(s), %3 advice").arg(errors).arg(warnings).arg(advice));
}

QString DoctorPanel::applyFix(const std::string& key)
{
    for (const doctor::Finding& f : shown_) {
        if (f.key() != key || !f.fix)
            continue;
        if (!apply_)
            return tr("read-only");
        return apply_(f.fix->edits, tr("Doctor: %1").arg(QString::fromStdString(f.fix->summary)));
    }
    return tr("no fix for %1").arg(QString::fromStdString(key));
}

}  // namespace jounce::widgets
