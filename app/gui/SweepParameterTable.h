#pragma once
// The Sweep window's parameters: picked from the registry paths of the edited vehicle (wheels[*]
// for every wheel), each with its range (the registry's typical range by default, shown in the
// display units or as factors), its grid steps and, for one wheel's parameter, the wheels linked
// to it. They become the sweep file's "parameters".

#include "sweep/SweepJson.h"

#include <QGroupBox>

QT_BEGIN_NAMESPACE
class QComboBox;
class QPushButton;
class QTableWidget;
QT_END_NAMESPACE

namespace jounce::gui {

class VehicleDocument;

class SweepParameterTable : public QGroupBox {
    Q_OBJECT
public:
    SweepParameterTable(const VehicleDocument& document, QWidget* parent);

    /// The picker's paths: the number parameters of the edited vehicle as it is now.
    void fillPicker();
    /// Adds a parameter path with its default range: the registry's typical range, else its
    /// limits, else +-50 % of the value. False (and a message) when it is no number parameter of
    /// the edited vehicle or is in the table already.
    bool addParameter(const QString& path);
    void removeParameter(int row);
    int count() const;
    /// The registry path of a row.
    QString path(int row) const;
    /// A row's range in SI (or as factors) and its grid steps; steps < 0: the default range.
    void setRange(int row, double min, double max, int steps);
    /// The points of a grid of the rows' steps (capped just above a million).
    long long gridPoints() const;
    /// The rows as the sweep file's "parameters", with their steps when `grid`.
    sweep::Json toJson(bool grid) const;

    QTableWidget& table() { return *table_; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    /// A row was added, removed or edited (the number of points may have changed).
    void changed();
    void message(const QString& text, bool error);

private:
    void addRowWidgets(int row, const QString& path);
    void addPicked();

    const VehicleDocument& document_;
    QComboBox* picker_;
    QPushButton* add_;
    QTableWidget* table_;
};

}  // namespace jounce::gui
