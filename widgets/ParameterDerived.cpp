// The parameter editor's read-only derived rows: the suspension's natural frequency, damping
// ratio, alpha and static jounce per wheel (guide §1.3), updated as a value is typed.

#include "ParameterEditor.h"

#include "DisplayUnits.h"

#include "config/TuningGuide.h"

#include <QTreeWidget>

namespace jounce::widgets {
namespace {

const QColor kAmber(255, 214, 140);
const QColor kDerived(240, 240, 240);

}  // namespace

void ParameterEditor::addDerivedItems(QTreeWidgetItem* suspension)
{
    // The unit in the Unit column, as for every other row, so the name stays short enough to read.
    struct Derived {
        QString name;
        QString unit;
        QString unitTip;
    };
    const QString length = DisplayUnits::current().conversion("m").label;
    const Derived rows[] = {{tr("natural frequency"), tr("Hz"), tr("hertz")},
                            {tr("damping ratio"), tr("–"), tr("dimensionless: 1 is critical damping")},
                            {tr("alpha"), tr("steps/period"), tr("simulation updates per spring period (keep above 5)")},
                            {tr("static jounce"), length, tr("the display unit of lengths")}};
    const QString about = tr("Derived from the suspension (guide §1.3): natural frequency sqrt(k/m)/2π, damping ratio "
                             "c/(2 sqrt(k m)), alpha sqrt(m/k)/timeStep (keep above 5), static jounce (F - m g)/k with "
                             "F from the chassis mass and centre of mass");
    for (const Derived& d : rows) {
        auto* item = new QTreeWidgetItem(suspension, QStringList{tr("= %1").arg(d.name)});
        item->setText(wheelCount_ + 1, d.unit);
        const QString tip = QStringLiteral("<b>%1</b> (%2: %3)<br>%4").arg(d.name, d.unit, d.unitTip, about);
        for (int c = 0; c < tree_->columnCount(); ++c) {
            item->setBackground(c, kDerived);
            item->setToolTip(c, tip);
        }
        QFont f = item->font(0);
        f.setItalic(true);
        item->setFont(0, f);
        derived_.push_back(item);
    }
}

void ParameterEditor::updateDerived(const VehicleConfig& c)
{
    if (derived_.size() != 4)
        return;
    const guide::SprungMasses load = guide::computeSprungMasses(c);
    for (int w = 0; w < wheelCount_; ++w) {
        const SuspensionData& s = c.wheels[std::size_t(w)].suspension;
        const bool ok = s.springStrength > 0 && s.sprungMass > 0;
        const int column = 1 + w;
        derived_[0]->setText(column, ok ? QString::number(guide::naturalFrequencyHz(s.springStrength, s.sprungMass), 'f', 3) : "–");
        derived_[1]->setText(column, ok ? QString::number(guide::dampingRatio(s.springDamperRate, s.springStrength, s.sprungMass), 'f', 3) : "–");
        const double alpha = ok ? guide::alpha(s.springStrength, s.sprungMass, c.simulation.timeStep) : 0.0;
        derived_[2]->setText(column, ok ? QString::number(alpha, 'f', 2) : "–");
        derived_[2]->setBackground(column, ok && alpha < 5.0 ? QBrush(kAmber) : QBrush(kDerived));
        const bool loadOk = ok && load.ok();
        const Conversion length = DisplayUnits::current().conversion("m");
        const double staticJounce = loadOk ? guide::staticJounce(s, load.masses[std::size_t(w)] * kGravity) : 0.0;
        derived_[3]->setText(column, loadOk ? formatNumber(length.toDisplay(staticJounce), length.decimals + 1) : "–");
    }
}

}  // namespace jounce::widgets
