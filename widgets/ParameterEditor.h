#pragma once
// The parameter editor, generated from the parameter registry: a tree grouped by the tuning
// guide's sections, per-wheel parameters in one row with a column per wheel, link toggles for
// symmetric edits, values shown and typed in the display units (DisplayUnits.h: degrees, rpm, km/h,
// ... by default; stored SI), typical ranges (amber outside), invalid
// values refused with the reason, changes against the file marked with a one-click revert, a search
// box, tooltips, and the suspension's derived values updated as you type.

#include "EditRequest.h"
#include "config/WheelLink.h"
#include "config/ParameterRegistry.h"
#include "json/Problem.h"
#include "config/VehicleConfig.h"

#include <QWidget>

#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;
QT_END_NAMESPACE

namespace jounce::widgets {

class ParameterEditor : public QWidget {
    Q_OBJECT
public:
    using Link = config::WheelLink;

    explicit ParameterEditor(QWidget* parent = nullptr);
    void setApplyEdits(ApplyEdits apply) { apply_ = std::move(apply); }

    /// Shows `current`, marking values that differ from `saved` and values `problems` point at.
    void setVehicle(const VehicleConfig& current, const VehicleConfig& saved, const Problems& problems);

    /// Selects the row of a registry path or JSON pointer (wheel paths select that wheel's cell).
    bool selectParameter(const QString& pathOrPointer);
    /// Registry path of the selected cell ("" when none).
    QString selectedPath() const;
    /// Registry paths of the selected row (one per wheel for per-wheel rows).
    std::vector<std::string> selectedRowPaths() const;

    void setLink(Link link);
    Link link() const { return link_; }
    void setFilter(const QString& text);

    /// The display value of a parameter as the editor shows it (for tests).
    QString displayText(const QString& path) const;
    /// Types `text` into a parameter's cell as a user would and commits it; returns the refusal
    /// reason or "" (for tests and scripting). A refusal is also a message(), as for a typed cell.
    QString editCell(const QString& path, const QString& text);

signals:
    /// A short message for the status bar (a refused edit's reason).
    void message(const QString& text);
    void selectionChanged(const QString& path);
    /// The link box changed: the curve editor follows the same link.
    void linkChanged(jounce::config::WheelLink link);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// Column widths for the texts and the dock's width (ParameterColumns.h).
    void fitColumns();
    /// One editor row: a per-wheel parameter (a path per wheel column) or a single parameter.
    struct Row {
        const config::Node* node = nullptr;
        std::string label;
        std::vector<std::string> paths;
        bool perWheel = false;
        QTreeWidgetItem* item = nullptr;
    };
    void rebuild();
    void setHeaders();
    /// The registry's leaves as rows: one per per-wheel pattern, one per other leaf.
    void groupRows();
    /// The rows under their guide sections; returns the sections' items by name.
    std::map<std::string, QTreeWidgetItem*> addRowItems();
    QString rowToolTip(const Row& row) const;
    /// The read-only derived suspension values (natural frequency, damping ratio, ...).
    void addDerivedItems(QTreeWidgetItem* suspension);
    void updateValues();
    void updateDerived(const VehicleConfig& config);
    QString commit(Row& row, int wheel, const QString& text);
    QString formatValue(const config::Node& node, const config::Json& value) const;
    Row* rowOf(QTreeWidgetItem* item);
    void itemChanged(QTreeWidgetItem* item, int column);
    void previewEdit(QTreeWidgetItem* item, int column, const QString& text);

    ApplyEdits apply_;
    VehicleConfig current_;
    VehicleConfig saved_;
    Problems problems_;
    Link link_ = Link::None;
    int wheelCount_ = 0;
    std::string structureKey_;
    std::vector<Row> rows_;
    std::vector<QTreeWidgetItem*> derived_;
    QTreeWidget* tree_;
    QLineEdit* search_;
    QComboBox* linkBox_;
    bool updating_ = false;
    bool fitting_ = false;
    bool userSizedColumns_ = false;  ///< a column was resized by hand: leave the widths alone
};

}  // namespace jounce::widgets
