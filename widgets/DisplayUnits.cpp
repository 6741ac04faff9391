#include "DisplayUnits.h"

#include "config/Units.h"

#include <QSettings>

#include <algorithm>
#include <cmath>
#include <string>

namespace jounce::widgets {
namespace {

constexpr double kDegPerRad = 180.0 / kPi;
constexpr double kRpmPerRadS = 60.0 / (2.0 * kPi);
constexpr double kMphPerMs = 3600.0 / 1609.344;  // an international mile is 1609.344 m

// The SI unit of each quantity is the option with factor 1.
constexpr UnitOption kAngle[] = {{"deg", "°", kDegPerRad, 2}, {"rad", "rad", 1.0, 4}};
constexpr UnitOption kAngularSpeed[] = {{"rpm", "rpm", kRpmPerRadS, 0}, {"rad/s", "rad/s", 1.0, 1}};
constexpr UnitOption kSpeed[] = {{"km/h", "km/h", 3.6, 1}, {"m/s", "m/s", 1.0, 2}, {"mph", "mph", kMphPerMs, 1}};
constexpr UnitOption kLength[] = {{"m", "m", 1.0, 3}, {"mm", "mm", 1000.0, 1}};
constexpr UnitOption kForce[] = {{"N", "N", 1.0, 0}, {"kN", "kN", 0.001, 2}};

const char* settingsKey(Quantity q)
{
    switch (q) {
    case Quantity::Angle: return "units/angle";
    case Quantity::AngularSpeed: return "units/angularSpeed";
    case Quantity::Speed: return "units/speed";
    case Quantity::Length: return "units/length";
    case Quantity::Force: return "units/force";
    }
    return "units/unknown";
}

/// The option of `q` written `unit` (its key, or "°" for degrees), or nullptr.
const UnitOption* optionWritten(Quantity q, std::string_view unit)
{
    if (q == Quantity::Angle && unit == "°")
        return &kAngle[0];
    for (const UnitOption& o : unitOptions(q))
        if (unit == o.key)
            return &o;
    return nullptr;
}

/// Decimals of a read-out in a unit that is not converted: what its usual magnitudes need.
int fallbackDecimals(std::string_view unit)
{
    struct Entry {
        std::string_view unit;
        int decimals;
    };
    static constexpr Entry kTable[] = {{"N/m", 0},   {"N s/m", 0},     {"N m/deg", 0}, {"N m", 1},   {"kg", 1},
                                       {"kg m^2", 1}, {"N m s/rad", 3}, {"1/rad", 2},   {"kg/rad", 2}, {"1/s", 2},
                                       {"s", 3},     {"m/s²", 2},       {"m/s^2", 2},   {"%", 1},     {"Hz", 2},
                                       {"kW", 1},    {"W/kg", 1},       {"deg/g", 2}};
    for (const Entry& e : kTable)
        if (e.unit == unit)
            return e.decimals;
    return 3;
}

/// The label of a unit that is not converted: "1" is dimensionless, powers are superscripts.
QString siLabel(std::string_view unit)
{
    if (unit == "1")
        return {};
    QString s = QString::fromUtf8(unit.data(), qsizetype(unit.size()));
    s.replace(QStringLiteral("^2"), QStringLiteral("²"));
    s.replace(QStringLiteral("^3"), QStringLiteral("³"));
    return s;
}

/// A channel id without its wheel: "jounce[FL]" -> "jounce".
std::string_view channelId(std::string_view column)
{
    const std::size_t bracket = column.find('[');
    return bracket == std::string_view::npos ? column : column.substr(0, bracket);
}

}  // namespace

std::span<const UnitOption> unitOptions(Quantity q)
{
    switch (q) {
    case Quantity::Angle: return kAngle;
    case Quantity::AngularSpeed: return kAngularSpeed;
    case Quantity::Speed: return kSpeed;
    case Quantity::Length: return kLength;
    case Quantity::Force: return kForce;
    }
    return {};
}

QString quantityName(Quantity q)
{
    switch (q) {
    case Quantity::Angle: return QObject::tr("Angle");
    case Quantity::AngularSpeed: return QObject::tr("Angular speed");
    case Quantity::Speed: return QObject::tr("Speed");
    case Quantity::Length: return QObject::tr("Length");
    case Quantity::Force: return QObject::tr("Force");
    }
    return {};
}

std::optional<Quantity> quantityOf(std::string_view unit)
{
    for (const Quantity q : kQuantities)
        if (optionWritten(q, unit))
            return q;
    return std::nullopt;
}

QString formatNumber(double value, int decimals)
{
    if (std::isnan(value))
        return QStringLiteral("–");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("∞") : QStringLiteral("-∞");
    decimals = std::clamp(decimals, 0, 12);
    if (std::fabs(value) >= 1e15)
        return QString::number(value, 'g', 6);  // beyond ordinary magnitudes
    const double scale = std::pow(10.0, decimals);
    const double rounded = std::round(value * scale) / scale;
    if (rounded == 0.0)
        return QStringLiteral("0");  // also -0 and values too small for the precision shown
    QString digits = QString::number(std::fabs(rounded), 'f', decimals);
    // Group the whole part in threes from 10 000 on (SI: a narrow space, never a comma or dot).
    const qsizetype point = digits.indexOf('.');
    const qsizetype whole = point < 0 ? digits.size() : point;
    if (whole > 4)
        for (qsizetype i = whole - 3; i > 0; i -= 3)
            digits.insert(i, QChar(0x202F));
    return rounded < 0 ? QStringLiteral("-") + digits : digits;
}

std::optional<double> parseNumber(const QString& text)
{
    QString t = text.trimmed();
    t.remove(QChar(0x202F));
    t.remove(QChar(0x2009));
    t.remove(QChar(0x00A0));
    t.remove(QChar(' '));
    t.replace(QChar(0x2212), QChar('-'));
    bool ok = false;
    const double v = t.toDouble(&ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

QString Conversion::format(double si, bool withUnit) const
{
    const QString number = formatNumber(toDisplay(si), decimals);
    if (!withUnit || label.isEmpty())
        return number;
    return label == QStringLiteral("°") ? number + label : number + QChar(' ') + label;
}

QString Conversion::titled(const QString& name) const
{
    return label.isEmpty() ? name : name + QStringLiteral(" (") + label + QChar(')');
}

const UnitOption& UnitChoices::unit(Quantity q) const
{
    const std::span<const UnitOption> options = unitOptions(q);
    const int i = option[std::size_t(q)];
    return options[i >= 0 && std::size_t(i) < options.size() ? std::size_t(i) : 0];
}

bool UnitChoices::set(Quantity q, std::string_view key)
{
    const std::span<const UnitOption> options = unitOptions(q);
    for (std::size_t i = 0; i < options.size(); ++i)
        if (key == options[i].key) {
            option[std::size_t(q)] = int(i);
            return true;
        }
    return false;
}

Conversion UnitChoices::conversion(std::string_view unit) const
{
    for (const Quantity q : kQuantities) {
        const UnitOption* source = optionWritten(q, unit);
        if (!source)
            continue;
        const UnitOption& shown = this->unit(q);
        return {shown.factor / source->factor, 0.0, QString::fromUtf8(shown.label), shown.decimals};
    }
    return {1.0, 0.0, siLabel(unit), fallbackDecimals(unit)};
}

Conversion UnitChoices::conversionForChannel(std::string_view channel, std::string_view unit) const
{
    const std::string_view id = channelId(channel);
    // A yaw rate is an attitude angle per second: °/s when angles are degrees (rpm would be odd).
    if (id == "yawRate" && unit == "rad/s") {
        Conversion c = conversion("rad");
        c.label += QStringLiteral("/s");
        return c;
    }
    // World coordinates are distances over the ground, not vehicle lengths (module comment).
    if ((id == "posX" || id == "posY" || id == "posZ") && unit == "m")
        return {1.0, 0.0, QStringLiteral("m"), 2};
    return conversion(unit);
}

UnitChoices UnitChoices::si()
{
    UnitChoices c;
    for (const Quantity q : kQuantities) {
        const std::span<const UnitOption> options = unitOptions(q);
        for (std::size_t i = 0; i < options.size(); ++i)
            if (options[i].factor == 1.0)
                c.option[std::size_t(q)] = int(i);
    }
    return c;
}

DisplayUnits::DisplayUnits()
{
    reload();
}

DisplayUnits& DisplayUnits::instance()
{
    static DisplayUnits units;
    return units;
}

void DisplayUnits::setChoices(const UnitChoices& choices)
{
    QSettings settings;
    for (const Quantity q : kQuantities)
        settings.setValue(settingsKey(q), QString::fromUtf8(choices.unit(q).key));
    if (choices == choices_)
        return;
    choices_ = choices;
    emit changed();
}

void DisplayUnits::reload()
{
    const QSettings settings;
    UnitChoices loaded;
    for (const Quantity q : kQuantities) {
        const QString stored = settings.value(settingsKey(q)).toString();
        if (!stored.isEmpty() && !loaded.set(q, stored.toStdString()))
            qWarning("%s: unknown unit '%s' in the settings; using %s", settingsKey(q), qPrintable(stored),
                     unitOptions(q).front().key);
    }
    if (loaded == choices_)
        return;
    choices_ = loaded;
    emit changed();
}

}  // namespace jounce::widgets
