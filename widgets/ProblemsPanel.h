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

signals:
    /// The user picked the problem at this JSON pointer.
    void activated(const QString& pointer);

private:
    QTreeWidget* list_;
    QLabel* summary_;
};

}  // namespace jounce::widgets
