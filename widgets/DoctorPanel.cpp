#include "DoctorPanel.h"

#include "PanelTitle.h"
#include "config/ModelGenerationChange.h"
#include "doctor/StaticChecks.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace jounce::widgets {
namespace {

// The list's columns.
enum Column { SeverityColumn, CheckColumn, SeenColumn, WhyColumn, FixColumn, ColumnCount };

/// Draws a column's text wrapped and makes its rows tall enough for it: QTreeView sizes rows
/// without knowing a column's width, so a long reason would be cut to one line.
class WrappingDelegate final : public QStyledItemDelegate {
public:
    explicit WrappingDelegate(QTreeWidget* view) : QStyledItemDelegate(view), view_(view) {}

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        const int width = std::max(40, view_->header()->sectionSize(index.column()) - 10);
        const QRect text = option.fontMetrics.boundingRect(QRect(0, 0, width, 100000), Qt::TextWordWrap,
                                                           index.data(Qt::DisplayRole).toString());
        return {width, std::max(QStyledItemDelegate::sizeHint(option, index).height(), text.height() + 6)};
    }

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        option->features |= QStyleOptionViewItem::WrapText;
    }

private:
    QTreeWidget* view_;
};

}  // namespace

DoctorPanel::DoctorPanel(QWidget* parent) : QWidget(parent)
{
    summary_ = new QLabel(this);
    summary_->setObjectName("doctorSummary");
    summary_->setWordWrap(true);
    applyButton_ = new QPushButton(tr("Apply fix"), this);
    applyButton_->setEnabled(false);
    applyButton_->setToolTip(tr("Apply the selected finding's fix as one undoable edit"));
    list_ = new QTreeWidget(this);
    list_->setColumnCount(ColumnCount);
    list_->setHeaderLabels({tr("Severity"), tr("Check"), tr("Seen"), tr("Why"), tr("Fix")});
    list_->setRootIsDecorated(false);
    list_->setWordWrap(true);
    for (int c : {SeverityColumn, CheckColumn, SeenColumn})
        list_->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    // The reason takes the room that is left and wraps (rows grow to hold it) instead of being cut;
    // the fix keeps a readable width of its own.
    list_->setUniformRowHeights(false);
    list_->header()->setStretchLastSection(false);
    list_->header()->setSectionResizeMode(WhyColumn, QHeaderView::Stretch);
    list_->header()->setSectionResizeMode(FixColumn, QHeaderView::Interactive);
    list_->setColumnWidth(FixColumn, 240);
    list_->setTextElideMode(Qt::ElideNone);
    for (int c : {WhyColumn, FixColumn})
        list_->setItemDelegateForColumn(c, new WrappingDelegate(list_));
    // Row heights follow the wrapped width: lay the rows out again when a column changes width.
    connect(list_->header(), &QHeaderView::sectionResized, list_, [this] { list_->doItemsLayout(); });
    list_->setToolTip(tr("Select a finding to select its parameters in the editor"));
    connect(list_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        const int i = item ? list_->indexOfTopLevelItem(item) : -1;
        const bool valid = i >= 0 && i < static_cast<int>(shown_.size());
        applyButton_->setEnabled(valid && fixOffered(shown_[std::size_t(i)]));
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
    updateCounts();
}

QString DoctorPanel::seenText(const doctor::Finding& f)
{
    if (!f.live)
        return {};
    const QString window = f.lastSeen - f.firstSeen < 0.05
                               ? tr("seen %1 s").arg(f.firstSeen, 0, 'f', 1)
                               : tr("seen %1–%2 s").arg(f.firstSeen, 0, 'f', 1).arg(f.lastSeen, 0, 'f', 1);
    const QString times = f.occurrences > 1 ? tr(" (%1 times)").arg(f.occurrences) : QString();
    return window + times + (f.earlierConfig ? tr(", before your last edit") : QString());
}

void DoctorPanel::setVehicle(const VehicleConfig& config)
{
    static_ = doctor::diagnose(config);
    model_ = config.simulation.model;
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
        item->setIcon(SeverityColumn, style()->standardIcon(icon));
        item->setText(SeverityColumn, QString::fromLatin1(doctor::severityName(f.severity)) + (f.live ? tr(" (live)") : QString()));
        item->setText(CheckColumn, QString::fromStdString(f.id));
        item->setText(SeenColumn, seenText(f));
        item->setText(WhyColumn, QString::fromStdString(f.reason));
        QString tip = QString::fromStdString(f.reason) + tr("\nGuide: %1").arg(QString::fromStdString(f.guideSection));
        if (f.live)
            tip += tr("\n%1 (simulated time)").arg(seenText(f));
        if (f.fix) {
            // The words describe the vehicle as it was; its fix is shown, not offered (applyFix).
            item->setText(FixColumn, fixOffered(f) ? QString::fromStdString(f.fix->summary)
                                                   : tr("not offered (suggested for the vehicle before your last edit)"));
            tip += fixOffered(f) ? tr("\nFix:") : tr("\nFix suggested then, not offered now:");
            for (const config::Edit& e : f.fix->edits)
                tip += "\n  " + QString::fromStdString(config::editText(e));
        }
        for (int c = 0; c < ColumnCount; ++c) {
            item->setToolTip(c, tip);
            if (f.earlierConfig)
                item->setForeground(c, palette().brush(QPalette::Disabled, QPalette::Text));
        }
        if (f.key() == selected)
            reselect = item;
    }
    if (reselect)
        list_->setCurrentItem(reselect);
    applyButton_->setEnabled(reselect && fixOffered(shown_[std::size_t(list_->indexOfTopLevelItem(reselect))]));
    updateCounts();
}

void DoctorPanel::updateCounts()
{
    const std::array<int, 3> counts{static_cast<int>(doctor::countSeverity(shown_, doctor::Severity::Error)),
                                    static_cast<int>(doctor::countSeverity(shown_, doctor::Severity::Warning)),
                                    static_cast<int>(doctor::countSeverity(shown_, doctor::Severity::Advice))};
    // The model generation the findings are about (its live checks see that model's telemetry).
    const QString model = tr("%1 model").arg(QString::fromUtf8(modelGenerationTitle(model_).data()));
    summary_->setText(model + " · " + (shown_.empty() ? tr("the doctor has nothing to say about this vehicle.")
                                                      : countsText(counts[0], counts[1], counts[2])));
    if (counts == counts_)
        return;
    counts_ = counts;
    emit countsChanged(counts[0], counts[1], counts[2]);
    const QString title = panelTitle(tr("Doctor"), counts[0], counts[1], counts[2]);
    if (title != title_) {
        title_ = title;
        emit titleChanged(title_);
    }
}

QString DoctorPanel::applyFix(const std::string& key)
{
    for (const doctor::Finding& f : shown_) {
        if (f.key() != key || !f.fix)
            continue;
        if (!fixOffered(f))
            return tr("the fix was suggested for the vehicle before your last edit; if the symptom persists, the "
                      "doctor finds it again with a fix for the vehicle as it is");
        if (!apply_)
            return tr("read-only");
        return apply_(f.fix->edits, tr("Doctor: %1").arg(QString::fromStdString(f.fix->summary)));
    }
    return tr("no fix for %1").arg(QString::fromStdString(key));
}

}  // namespace jounce::widgets
