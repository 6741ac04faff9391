#pragma once
// Load errors and validation problems with their JSON pointers; activating one selects its
// parameter in the editor.

#include "json/Problem.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QTreeWidget;
class QLabel;
QT_END_NAMESPACE

namespace jounce::widgets {

class ProblemsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ProblemsPanel(QWidget* parent = nullptr);
    /// Shows `problems`, errors first; `source` names where they come from (a file name).
    void setProblems(const Problems& problems, const QString& source);
    int count() const;
    /// "Problems · 1 error, 2 warnings" ("Problems" when there are none): for the dock's tab.
    QString title() const { return title_; }

signals:
    /// The user picked the problem at this JSON pointer.
    void activated(const QString& pointer);
    /// The numbers of errors and warnings shown changed.
    void countsChanged(int errors, int warnings);
    /// title() changed.
    void titleChanged(const QString& title);

private:
    QTreeWidget* list_;
    QLabel* summary_;
    int errors_ = -1, warnings_ = -1;  ///< last announced
    QString title_;
};

}  // namespace jounce::widgets
