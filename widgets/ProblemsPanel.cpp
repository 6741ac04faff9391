#include "ProblemsPanel.h"

#include "PanelTitle.h"

#include <QHeaderView>
#include <QLabel>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace jounce::widgets {

ProblemsPanel::ProblemsPanel(QWidget* parent) : QWidget(parent)
{
    summary_ = new QLabel(this);
    list_ = new QTreeWidget(this);
    list_->setColumnCount(3);
    list_->setHeaderLabels({tr("Severity"), tr("Where (JSON pointer)"), tr("Problem")});
    list_->setRootIsDecorated(false);
    list_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    list_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    list_->setToolTip(tr("Click a problem to select its parameter in the editor"));
    connect(list_, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem* item, int) { emit activated(item->text(1) == "/" ? QString() : item->text(1)); });
    connect(list_, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem* item, int) { emit activated(item->text(1) == "/" ? QString() : item->text(1)); });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(summary_);
    layout->addWidget(list_, 1);
    setProblems({}, {});
}

void ProblemsPanel::setProblems(const Problems& problems, const QString& source)
{
    list_->clear();
    int errors = 0, warnings = 0;
    for (int pass = 0; pass < 2; ++pass) {
        const Severity wanted = pass == 0 ? Severity::Error : Severity::Warning;
        for (const Problem& p : problems.items) {
            if (p.severity != wanted)
                continue;
            auto* item = new QTreeWidgetItem(list_);
            const bool error = p.severity == Severity::Error;
            (error ? errors : warnings) += 1;
            item->setIcon(0, style()->standardIcon(error ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning));
            item->setText(0, error ? tr("error") : tr("warning"));
            item->setText(1, p.pointer.empty() ? QStringLiteral("/") : QString::fromStdString(p.pointer));
            item->setText(2, QString::fromStdString(p.message));
            item->setToolTip(2, QString::fromStdString(p.message));
        }
    }
    summary_->setText(errors + warnings == 0 ? tr("%1: no problems").arg(source)
                                             : tr("%1: %2").arg(source, countsText(errors, warnings)));
    if (errors == errors_ && warnings == warnings_)
        return;
    errors_ = errors;
    warnings_ = warnings;
    emit countsChanged(errors, warnings);
    const QString title = panelTitle(tr("Problems"), errors, warnings);
    if (title != title_) {
        title_ = title;
        emit titleChanged(title_);
    }
}

int ProblemsPanel::count() const
{
    return list_->topLevelItemCount();
}

}  // namespace jounce::widgets
