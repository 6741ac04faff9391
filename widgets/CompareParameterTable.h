#pragma once
// The parameters of the compared vehicles side by side (registry rows grouped by guide section, the
// derived quantities on top, values in the display units of DisplayUnits.h, the wheels that agree in
// one row), showing by default only what differs, with the actions that copy a
// value, a section or every difference from one vehicle into the vehicle being edited. A section
// copy offers and takes along the sections coupled to it (compare/CopyCoupling.h).

#include "compare/CopyCoupling.h"
#include "compare/VehiclePatch.h"
#include "config/VehicleConfig.h"

#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

QT_BEGIN_NAMESPACE
class QAction;
class QCheckBox;
class QLabel;
class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;
QT_END_NAMESPACE

namespace jounce::widgets {

class CompareParameterTable : public QWidget {
    Q_OBJECT
public:
    explicit CompareParameterTable(QWidget* parent = nullptr);

    /// The vehicles to show (not owned; they must stay alive until the next call). `editedColumn` is
    /// the vehicle being edited (it cannot be a copy source), -1 when it is not among them.
    void setVehicles(const QStringList& labels, std::vector<const VehicleConfig*> vehicles, int editedColumn);
    /// The vehicle copies go into (the edited one, shown or not): what a section copy takes along
    /// depends on it.
    void setCopyTarget(std::shared_ptr<const VehicleConfig> target);
    void setShowAll(bool all);
    bool showAll() const;

    /// Registry paths of the parameter rows currently listed (tests, and the count in the header); a
    /// row for several wheels that agree is "wheels[0..3].wheel.radius".
    QStringList listedPaths() const;
    /// Selects the cell of a parameter path (a row's, or one wheel's of a collapsed row) and a
    /// vehicle; false when it is not listed.
    bool selectCell(const QString& path, int vehicle);

    QAction* copyValueAction() const { return copyValue_; }
    QAction* copySectionAction() const { return copySection_; }
    QAction* copyAllAction() const { return copyAll_; }

signals:
    /// Copy from `vehicle` into the edited vehicle; `what` is a JSON pointer (Value; a row for several
    /// wheels: their pointers, comma-separated), a section
    /// (Section, whose coupled sections come along) or empty (All); `description` names the edit
    /// for the undo stack and lists the sections copied.
    void copyRequested(int vehicle, compare::CopyScope scope, const QString& what, const QString& description);

private:
    /// What addParameterRows listed: the rows that differ, those listed, the one to select again.
    struct Listing {
        int differing = 0;
        int listed = 0;
        QTreeWidgetItem* current = nullptr;
    };
    void rebuild();
    /// The derived quantities on top (a group left out when none is listed).
    void addDerivedRows();
    /// The registry's rows grouped by section; `currentPath`'s row is the one to select again.
    Listing addParameterRows(const QString& currentPath);
    void fitColumns();
    /// Whether a row is listed: it differs or all are shown, and it matches the filter.
    bool isListed(const QString& text, bool differs) const;
    /// The column the others are compared with: the edited vehicle's, else the first.
    int referenceColumn() const;
    void updateActions();
    void requestCopy(compare::CopyScope scope);
    int currentVehicle() const;
    /// The sections coupled to `section` for a copy from `vehicle` (cached: the selection moves often).
    const std::vector<compare::CoupledSection>& coupled(int vehicle, const QString& section);

    QStringList labels_;
    std::vector<const VehicleConfig*> vehicles_;
    int editedColumn_ = -1;
    std::shared_ptr<const VehicleConfig> target_;
    struct CoupledCache {
        const VehicleConfig* target = nullptr;
        const VehicleConfig* source = nullptr;
        QString section;
        std::vector<compare::CoupledSection> coupled;
    } coupledCache_;
    QCheckBox* showAll_;
    QLineEdit* filter_;
    QLabel* summary_;
    QTreeWidget* tree_;
    QAction* copyValue_;
    QAction* copySection_;
    QAction* copyAll_;
};

}  // namespace jounce::widgets
