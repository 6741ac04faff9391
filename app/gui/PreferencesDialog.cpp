#include "PreferencesDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace jounce::gui {
namespace {

using widgets::Quantity;

/// A unit's name in the list: "degrees (°)" rather than a bare symbol.
QString unitName(const widgets::UnitOption& o)
{
    const QString key = QString::fromUtf8(o.key);
    if (key == "deg")
        return PreferencesDialog::tr("degrees (°)");
    if (key == "rad")
        return PreferencesDialog::tr("radians (rad)");
    if (key == "m")
        return PreferencesDialog::tr("metres (m)");
    if (key == "mm")
        return PreferencesDialog::tr("millimetres (mm)");
    if (key == "N")
        return PreferencesDialog::tr("newtons (N)");
    if (key == "kN")
        return PreferencesDialog::tr("kilonewtons (kN)");
    return QString::fromUtf8(o.label);
}

/// What a quantity covers, for its tooltip.
QString coverage(Quantity q)
{
    switch (q) {
    case Quantity::Angle:
        return PreferencesDialog::tr("Steer, toe and camber angles, slip angles, roll, pitch and yaw; yaw rate per second");
    case Quantity::AngularSpeed: return PreferencesDialog::tr("Engine and wheel speeds, maxOmega, clutch slip");
    case Quantity::Speed:
        return PreferencesDialog::tr("Vehicle speed, the steer-vs-speed table, speed thresholds, top-speed figures");
    case Quantity::Length:
        return PreferencesDialog::tr("Vehicle geometry, radii, suspension travel and jounce. Positions in the world "
                                     "and distances driven (stopping distance) stay in metres");
    case Quantity::Force: return PreferencesDialog::tr("Suspension force and tire load");
    }
    return {};
}

}  // namespace

PreferencesDialog::PreferencesDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Preferences — Jounce"));
    auto* intro = new QLabel(tr("<b>Display units</b><br>How values are shown and typed in the parameter editor, "
                                "the curve editors, the charts, the compare view and the status line. A change "
                                "applies at once. Vehicle files, CSV exports and the simulation always use SI "
                                "units."),
                             this);
    intro->setWordWrap(true);

    auto* form = new QFormLayout();
    for (const Quantity q : widgets::kQuantities) {
        auto* box = new QComboBox(this);
        for (const widgets::UnitOption& o : widgets::unitOptions(q))
            box->addItem(unitName(o), QString::fromUtf8(o.key));
        box->setToolTip(coverage(q));
        boxes_[std::size_t(q)] = box;
        form->addRow(tr("&%1:").arg(widgets::quantityName(q)), box);
    }
    example_ = new QLabel(this);
    example_->setToolTip(tr("One value of each quantity in the chosen units"));
    form->addRow(tr("Example:"), example_);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::RestoreDefaults | QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::RestoreDefaults)->setToolTip(tr("Degrees, rpm, km/h, metres, newtons"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [] { widgets::DisplayUnits::instance().setChoices(widgets::UnitChoices{}); });

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addStretch(1);
    layout->addWidget(buttons);

    showChoices();
    for (QComboBox* box : boxes_)
        connect(box, &QComboBox::currentIndexChanged, this, &PreferencesDialog::apply);
    connect(&widgets::DisplayUnits::instance(), &widgets::DisplayUnits::changed, this, &PreferencesDialog::showChoices);
}

void PreferencesDialog::apply()
{
    widgets::UnitChoices choices;
    for (const Quantity q : widgets::kQuantities)
        choices.set(q, boxes_[std::size_t(q)]->currentData().toString().toStdString());
    widgets::DisplayUnits::instance().setChoices(choices);
    example_->setText(exampleText());
}

void PreferencesDialog::showChoices()
{
    const widgets::UnitChoices& choices = widgets::DisplayUnits::instance().choices();
    for (const Quantity q : widgets::kQuantities) {
        const QSignalBlocker block(boxes_[std::size_t(q)]);
        boxes_[std::size_t(q)]->setCurrentIndex(choices.option[std::size_t(q)]);
    }
    example_->setText(exampleText());
}

QString PreferencesDialog::exampleText() const
{
    // 30° of steer, 5000 rpm, 100 km/h, a 0.3 m wheel radius, a 4.5 kN tire load, each written in
    // the unit people say it in (DisplayUnits converts from any unit of the quantity).
    const widgets::UnitChoices u = widgets::DisplayUnits::current();
    return QStringList{u.format(30.0, "deg"), u.format(5000.0, "rpm"), u.format(100.0, "km/h"), u.format(0.3, "m"),
                       u.format(4500.0, "N")}
        .join(QStringLiteral(" · "));
}

}  // namespace jounce::gui
