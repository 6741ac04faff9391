#pragma once
// Edit ▸ Preferences (Ctrl+,): the display unit of each quantity (widgets/DisplayUnits.h). A choice
// applies at once everywhere (editor, curves, charts, compare view, status line) and is kept for
// the next session; files, CSV and the simulation stay SI.

#include "widgets/DisplayUnits.h"

#include <QDialog>

#include <array>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
QT_END_NAMESPACE

namespace jounce::gui {

class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(QWidget* parent = nullptr);

    /// The unit box of a quantity (tests drive it as a user would).
    QComboBox* unitBox(widgets::Quantity q) const { return boxes_[std::size_t(q)]; }
    /// The sample line showing one value of each quantity in the chosen units.
    QString exampleText() const;

private:
    void apply();
    /// Shows the application's choice (also when it changed elsewhere).
    void showChoices();

    std::array<QComboBox*, widgets::kQuantityCount> boxes_{};
    QLabel* example_ = nullptr;
};

}  // namespace jounce::gui
