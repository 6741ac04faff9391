#pragma once
// Display units: the one place that says in which unit the GUI shows each quantity (issue #14
// item 4). Everything Jounce computes, stores, writes and exports stays SI (conventions.md "Frames
// and units"); only what a person reads or types is converted, at the widget.
//
// Usage:
//   const widgets::UnitChoices units = widgets::DisplayUnits::current();
//   const widgets::Conversion c = units.conversion("rad/s");     // rpm by default
//   axis->setTitleText(c.titled("engine speed"));                 // "engine speed (rpm)"
//   points << QPointF(t, c.toDisplay(omega));                     // SI -> shown
//   label->setText(c.format(omega));                              // "5730 rpm", rounded, never 1e-17
//   const double si = c.fromDisplay(typed);                       // shown -> SI, for the document
//   connect(&widgets::DisplayUnits::instance(), &widgets::DisplayUnits::changed, this, &X::rebuild);
// Telemetry channels go through conversionForChannel("yawRate", "rad/s"): a yaw rate reads in °/s,
// not rpm.
//
// What converts: the five quantities below, when the unit string is one of their units, SI as the
// registry and telemetry write them ("rad", "rad/s", "m/s", "m", "N") or a display unit model
// code already reports in ("deg", "km/h", "rpm", "mm", "kN", ...). Compound units ("N/m", "N s/m",
// "N m", "1/rad", "m/s²", "kg m^2") stay SI and are only relabelled for reading ("kg m²"):
// converting them by parts would give torques in N mm and stiffnesses per degree that nobody
// writes, while the tuning guide, the registry's limits and every file speak SI.
//
// Defaults: degrees, rpm, km/h, metres, newtons. Length is one choice for every vehicle length
// (geometry, radii, suspension travel, jounce): metres by default because the vehicle file, the
// PhysX guide and its typical ranges are metres; mm is one switch away. Distances over the ground
// (world position, stopping distance, path deviation) are not vehicle lengths and stay metres.
// Every unit offered is a pure factor (offset 0; none is affine like °C), so a chart axis can be
// rescaled by `factor`; callers still write toDisplay/fromDisplay.

#include <QObject>
#include <QString>

#include <array>
#include <optional>
#include <span>
#include <string_view>

namespace jounce::widgets {

enum class Quantity { Angle, AngularSpeed, Speed, Length, Force };
inline constexpr int kQuantityCount = 5;
inline constexpr std::array<Quantity, kQuantityCount> kQuantities{Quantity::Angle, Quantity::AngularSpeed,
                                                                 Quantity::Speed, Quantity::Length, Quantity::Force};

/// One unit a quantity can be shown in.
struct UnitOption {
    const char* key;     ///< persisted and typed: "deg", "rpm", "km/h", "mm", "kN"
    const char* label;   ///< shown: "°", "rpm", "km/h", "mm", "kN" (UTF-8)
    double factor;       ///< shown = SI × factor
    int decimals;        ///< a read-out's decimals: 2 for °, 0 for rpm, 1 for mm
};

/// The units of `q`, the default first.
std::span<const UnitOption> unitOptions(Quantity q);
/// "Angle", "Angular speed", "Speed", "Length", "Force".
QString quantityName(Quantity q);

/// SI -> display for one unit string.
struct Conversion {
    double factor = 1.0;
    double offset = 0.0;
    QString label;      ///< "°", "rpm", "kN", "N/m", "kg m²"; "" for dimensionless ("1") and names
    int decimals = 3;   ///< decimals of a read-out (format)

    double toDisplay(double si) const { return si * factor + offset; }
    double fromDisplay(double shown) const { return (shown - offset) / factor; }
    /// A read-out: the value converted, rounded to `decimals` (values that round to 0 show "0"),
    /// with the unit unless `withUnit` is false.
    QString format(double si, bool withUnit = true) const;
    /// "name (label)", or the name alone for dimensionless values.
    QString titled(const QString& name) const;
};

/// A number rounded to `decimals` for reading: no exponents (up to 1e15), digits grouped by a
/// narrow no-break space from 10 000 on ("15 340"), values that round to zero as "0", NaN as "–".
QString formatNumber(double value, int decimals);
/// A typed number, tolerating the grouping spaces formatNumber writes; nullopt if not a number.
std::optional<double> parseNumber(const QString& text);

/// The chosen unit of every quantity: a plain value, copied freely.
struct UnitChoices {
    std::array<int, kQuantityCount> option{};  ///< index into unitOptions(q); 0 is the default

    const UnitOption& unit(Quantity q) const;
    /// Chooses the unit with this key; false (and no change) when `q` has no such unit.
    bool set(Quantity q, std::string_view key);

    /// The conversion of a value written in `unit` (module comment: what converts).
    Conversion conversion(std::string_view unit) const;
    /// The conversion of a telemetry channel ("yawRate", or a column name such as "jounce[FL]").
    Conversion conversionForChannel(std::string_view channel, std::string_view unit) const;
    double toDisplay(double value, std::string_view unit) const { return conversion(unit).toDisplay(value); }
    double fromDisplay(double shown, std::string_view unit) const { return conversion(unit).fromDisplay(shown); }
    QString format(double value, std::string_view unit, bool withUnit = true) const
    {
        return conversion(unit).format(value, withUnit);
    }

    /// Every quantity in SI (rad, rad/s, m/s, m, N).
    static UnitChoices si();
    friend bool operator==(const UnitChoices&, const UnitChoices&) = default;
};

/// The quantity a unit string belongs to, nullopt for compound and dimensionless units.
std::optional<Quantity> quantityOf(std::string_view unit);

/// The application's choice, read from QSettings ("units/angle", ...) on first use and written
/// back on every change; widgets that show units follow `changed`.
class DisplayUnits : public QObject {
    Q_OBJECT
public:
    static DisplayUnits& instance();
    static UnitChoices current() { return instance().choices(); }

    const UnitChoices& choices() const { return choices_; }
    /// Applies and persists `choices`; emits changed() when they differ from the current ones.
    void setChoices(const UnitChoices& choices);
    /// Re-reads QSettings (an unknown stored key keeps that quantity's default); emits changed()
    /// when the choice differs.
    void reload();

signals:
    void changed();

private:
    DisplayUnits();
    UnitChoices choices_;
};

}  // namespace jounce::widgets
