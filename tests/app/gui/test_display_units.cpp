// Display units (issue #14 item 4): every conversion round-trips, read-outs are rounded without
// exponents, the parameter editor shows and takes the display unit and writes SI, a change made in
// Preferences applies at once to the editor, a curve editor, the compare tables and charts and the
// status line and is kept in the settings, and vehicle files and CSV stay SI.

#include "MainWindow.h"
#include "PreferencesDialog.h"
#include "config/Units.h"
#include "config/VehicleJson.h"
#include "widgets/CompareFiguresTable.h"
#include "widgets/CompareParameterTable.h"
#include "widgets/CurveEditor.h"
#include "widgets/DisplayUnits.h"
#include "widgets/OverlayChart.h"
#include "widgets/ParameterEditor.h"
#include "widgets/TelemetryPanel.h"

#include <QChartView>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QValueAxis>
#include <QtTest>

#include <cmath>
#include <limits>

using namespace jounce;
using widgets::Conversion;
using widgets::DisplayUnits;
using widgets::Quantity;
using widgets::UnitChoices;

namespace {

const QString kPreset = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json");
const QChar kGroup(0x202F);  // the narrow no-break space formatNumber groups digits with

UnitChoices choices(std::initializer_list<std::pair<Quantity, const char*>> units)
{
    UnitChoices c;
    for (const auto& [q, key] : units)
        if (!c.set(q, key))
            qFatal("no unit %s", key);
    return c;
}

bool close(double a, double b, double relative = 1e-12)
{
    return std::fabs(a - b) <= relative * std::max(std::fabs(a), std::fabs(b));
}

/// Picks the unit `key` in the Preferences dialog's box of `q`, as a user would.
void choose(gui::PreferencesDialog& dialog, Quantity q, const char* key)
{
    QComboBox* box = dialog.unitBox(q);
    box->setCurrentIndex(box->findData(QString::fromUtf8(key)));
}

QTreeWidgetItem* rowNamed(QTreeWidget* tree, const QString& text)
{
    const QList<QTreeWidgetItem*> found = tree->findItems(text, Qt::MatchExactly | Qt::MatchRecursive, 0);
    return found.isEmpty() ? nullptr : found.front();
}

QValueAxis* curveAxis(widgets::CurveEditor& editor, Qt::Orientation o)
{
    return qobject_cast<QValueAxis*>(editor.findChild<QChartView*>()->chart()->axes(o).value(0));
}

/// An axis title as read: a title longer than its axis is wrapped onto lines ("jounce<br>(mm)").
QString titleOf(const QValueAxis* axis)
{
    return axis->titleText().replace(QStringLiteral("<br>"), QStringLiteral(" "));
}

/// The status line below the simulation controls (the label that names the engine speed).
QLabel* statusLine(gui::MainWindow& w)
{
    for (QLabel* l : w.findChildren<QLabel*>())
        if (l->text().contains("engine"))
            return l;
    return nullptr;
}

}  // namespace

class TestDisplayUnits : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        qputenv("XDG_CONFIG_HOME", QDir::temp().filePath("jounce-test-display-units").toUtf8());
        QSettings().clear();
        DisplayUnits::instance().reload();
    }
    void init() { DisplayUnits::instance().setChoices(UnitChoices{}); }

    void conversionsRoundTrip()
    {
        const double values[] = {0.0, 1e-9, -0.5, 1.0, 123.456, -98765.4321, 3e6};
        for (const Quantity q : widgets::kQuantities)
            for (const widgets::UnitOption& shown : widgets::unitOptions(q)) {
                UnitChoices u;
                QVERIFY(u.set(q, shown.key));
                // From every unit the quantity is written in (SI or a display unit) to the shown one.
                for (const widgets::UnitOption& source : widgets::unitOptions(q)) {
                    const Conversion c = u.conversion(source.key);
                    QCOMPARE(c.label, QString::fromUtf8(shown.label));
                    QCOMPARE(c.offset, 0.0);
                    for (const double v : values) {
                        const QString what = QString("%1 -> %2, %3").arg(source.key, shown.key).arg(v);
                        QVERIFY2(close(c.fromDisplay(c.toDisplay(v)), v), qPrintable(what));
                        QVERIFY2(close(c.toDisplay(c.fromDisplay(v)), v), qPrintable(what));
                    }
                }
            }
        // The factors from the units' definitions.
        const UnitChoices d;  // defaults: °, rpm, km/h, m, N
        QVERIFY(close(d.toDisplay(kPi / 6, "rad"), 30.0));
        QVERIFY(close(d.toDisplay(2 * kPi, "rad/s"), 60.0));
        QVERIFY(close(d.toDisplay(10.0, "m/s"), 36.0));
        QCOMPARE(d.toDisplay(0.3, "m"), 0.3);
        QCOMPARE(d.toDisplay(4500.0, "N"), 4500.0);
        const UnitChoices other = choices({{Quantity::Speed, "mph"}, {Quantity::Length, "mm"}, {Quantity::Force, "kN"}});
        QVERIFY(close(other.toDisplay(0.44704, "m/s"), 1.0));  // 1 mph = 1609.344 m / 3600 s
        QVERIFY(close(other.toDisplay(0.001, "m"), 1.0));
        QVERIFY(close(other.toDisplay(1000.0, "N"), 1.0));
        QVERIFY(close(other.fromDisplay(350.0, "m"), 0.35));
        // Values model code reports in a display unit convert from it.
        QVERIFY(close(UnitChoices::si().toDisplay(180.0, "deg"), kPi));
        QVERIFY(close(UnitChoices::si().toDisplay(3.6, "km/h"), 1.0));
        QVERIFY(close(other.toDisplay(100.0, "km/h"), 100.0 / 1.609344));
        // Compound and dimensionless units stay SI, relabelled for reading only.
        const UnitChoices rad = choices({{Quantity::Angle, "deg"}, {Quantity::Length, "mm"}, {Quantity::Force, "kN"}});
        for (const char* unit : {"N/m", "N s/m", "N m", "1/rad", "kg/rad", "m/s²", "kg", "s"}) {
            QCOMPARE(rad.conversion(unit).factor, 1.0);
            QCOMPARE(rad.conversion(unit).label, QString::fromUtf8(unit));
            QVERIFY(!widgets::quantityOf(unit));
        }
        QCOMPARE(rad.conversion("kg m^2").label, QString("kg m²"));
        QCOMPARE(rad.conversion("1").label, QString());
        // Channels: a yaw rate in °/s, a jounce in mm, world positions in metres.
        const Conversion yaw = rad.conversionForChannel("yawRate", "rad/s");
        QCOMPARE(yaw.label, QString("°/s"));
        QVERIFY(close(yaw.factor, 180.0 / kPi));
        QCOMPARE(rad.conversionForChannel("jounce[FL]", "m").factor, 1000.0);
        QCOMPARE(rad.conversionForChannel("posX", "m").factor, 1.0);
    }

    void readOutFormatting()
    {
        const QString g(kGroup);
        const struct {
            double value;
            int decimals;
            QString text;
        } table[] = {
            {8.609e-18, 3, "0"},
            {-1e-9, 2, "0"},
            {-0.0004, 3, "0"},
            {0.05617, 3, "0.056"},
            {0.1147, 2, "0.11"},
            {-0.002395, 4, "-0.0024"},
            {2.5, 1, "2.5"},
            {1534.0, 0, "1534"},
            {15340.0, 0, "15" + g + "340"},
            {1.534e4, 1, "15" + g + "340.0"},
            {-15340.4, 0, "-15" + g + "340"},
            {99999.6, 0, "100" + g + "000"},
            {1234567.891, 2, "1" + g + "234" + g + "567.89"},
            {1e20, 0, "1e+20"},
            {std::numeric_limits<double>::quiet_NaN(), 2, "–"},
        };
        for (const auto& row : table)
            QCOMPARE(widgets::formatNumber(row.value, row.decimals), row.text);

        const UnitChoices d;
        QCOMPARE(d.format(kPi / 6, "rad"), QString("30.00°"));
        QCOMPARE(d.format(600.0, "rad/s"), QString("5730 rpm"));
        QCOMPARE(d.format(100.0 / 3.6, "m/s"), QString("100.0 km/h"));
        QCOMPARE(d.format(8.609e-18, "N"), QString("0 N"));
        QCOMPARE(d.format(15340.0, "N"), "15" + g + "340 N");
        QCOMPARE(choices({{Quantity::Force, "kN"}}).format(15340.0, "N"), QString("15.34 kN"));
        QCOMPARE(d.format(0.05, "1"), QString("0.050"));

        QCOMPARE(widgets::parseNumber("15" + g + "340"), std::optional<double>(15340.0));
        QCOMPARE(widgets::parseNumber(" 1 234.5 "), std::optional<double>(1234.5));
        QCOMPARE(widgets::parseNumber("−3"), std::optional<double>(-3.0));
        QVERIFY(!widgets::parseNumber("heavy"));
        QVERIFY(!widgets::parseNumber("inf"));
    }

    void editorShowsTheDisplayUnitAndWritesSi()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPreset));
        widgets::ParameterEditor& editor = w.parameters();
        const QString steer = "wheels[0].wheel.maxSteer";
        const double before = w.document().config().wheels[0].wheel.maxSteer;
        QCOMPARE(editor.displayText(steer), QString::number(before * 180.0 / kPi, 'g', 7));

        QCOMPARE(editor.editCell(steer, "30"), QString());
        QVERIFY(close(w.document().config().wheels[0].wheel.maxSteer, kPi / 6, 1e-15));  // 0.5235987755982988
        QCOMPARE(editor.displayText(steer), QString("30"));
        QCOMPARE(editor.editCell(steer, "31°"), QString());  // the unit may be typed along
        QVERIFY(close(w.document().config().wheels[0].wheel.maxSteer, 31 * kPi / 180, 1e-15));
        w.document().undoStack()->undo();
        w.document().undoStack()->undo();
        QCOMPARE(w.document().config().wheels[0].wheel.maxSteer, before);
        QCOMPARE(editor.displayText(steer), QString::number(before * 180.0 / kPi, 'g', 7));

        // rpm: 600 rad/s is 5729.578 rpm; 6000 rpm typed is stored as 200 pi rad/s.
        QCOMPARE(editor.displayText("drive.engine.maxOmega"), QString("5729.578"));
        QCOMPARE(editor.editCell("drive.engine.maxOmega", "6000"), QString());
        QVERIFY(close(w.document().config().drive.engine.maxOmega, 200 * kPi));

        // The unit column and the tooltip say the unit shown and the unit stored.
        auto* tree = editor.findChild<QTreeWidget*>();
        QTreeWidgetItem* row = rowNamed(tree, "maxSteer");
        QVERIFY(row);
        const int unitColumn = int(w.document().config().wheels.size()) + 1;
        QCOMPARE(row->text(unitColumn), QString("°"));
        QVERIFY2(row->toolTip(1).contains("Unit: ° (stored in rad"), qPrintable(row->toolTip(1)));
        QVERIFY2(row->toolTip(1).contains("Limits: must be in (-90, 90) °"), qPrintable(row->toolTip(1)));
    }

    void preferencesApplyLiveEverywhereAndPersist()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPreset));
        w.simulation().pause();
        w.simulation().setRealTime(false);
        widgets::ParameterEditor& editor = w.parameters();
        widgets::CurveEditor& curves = w.curves();
        QVERIFY(curves.showCurve("camber", 0));
        QCOMPARE(titleOf(curveAxis(curves, Qt::Horizontal)), QString("jounce (m)"));
        QCOMPARE(titleOf(curveAxis(curves, Qt::Vertical)), QString("camber (°)"));
        QCOMPARE(editor.displayText("wheels[0].wheel.radius"), QString("0.5"));
        w.simulation().stepOnce();
        QLabel* status = nullptr;
        QVERIFY(QTest::qWaitFor([&] { return (status = statusLine(w)) != nullptr; }, 5000));
        QVERIFY2(status->text().contains(" km/h") && status->text().contains(" rpm"), qPrintable(status->text()));

        // Edit ▸ Preferences opens the dialog; each choice applies at once.
        QAction* open = w.findChild<QAction*>("preferencesAction");
        QVERIFY(open);
        QCOMPARE(open->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Comma));
        open->trigger();
        auto* dialog = w.findChild<gui::PreferencesDialog*>();
        QVERIFY(dialog && dialog->isVisible());
        choose(*dialog, Quantity::Length, "mm");
        choose(*dialog, Quantity::Angle, "rad");
        choose(*dialog, Quantity::AngularSpeed, "rad/s");
        choose(*dialog, Quantity::Speed, "m/s");
        QCOMPARE(QSettings().value("units/length").toString(), QString("mm"));
        QCOMPARE(QSettings().value("units/angle").toString(), QString("rad"));
        QVERIFY2(dialog->exampleText().startsWith("0.5236 rad · 523.6 rad/s · 27.78 m/s · 300.0 mm"),
                 qPrintable(dialog->exampleText()));

        // The curve editor (before any edit redraws it): axis titles and ranges in mm and rad.
        const SuspensionData& s = w.document().config().wheels[0].suspension;
        QCOMPARE(titleOf(curveAxis(curves, Qt::Horizontal)), QString("jounce (mm)"));
        QCOMPARE(titleOf(curveAxis(curves, Qt::Vertical)), QString("camber (rad)"));
        QVERIFY(curveAxis(curves, Qt::Horizontal)->max() >= 1000.0 * s.maxCompression);
        QVERIFY(curveAxis(curves, Qt::Horizontal)->min() <= -1000.0 * s.maxDroop);

        // The editor: values, units and typed input in the new units.
        const double steer = w.document().config().wheels[0].wheel.maxSteer;
        QCOMPARE(editor.displayText("wheels[0].wheel.maxSteer"), QString::number(steer, 'g', 7));
        QCOMPARE(editor.displayText("wheels[0].wheel.radius"), QString("500"));
        QCOMPARE(editor.displayText("drive.engine.maxOmega"), QString("600"));
        QCOMPARE(editor.editCell("wheels[0].wheel.radius", "350"), QString());
        QCOMPARE(w.document().config().wheels[0].wheel.radius, 0.35);
        QTreeWidgetItem* staticJounce = rowNamed(editor.findChild<QTreeWidget*>(), "= static jounce");
        QVERIFY(staticJounce);
        QCOMPARE(staticJounce->text(5), QString("mm"));  // the Unit column, after four wheels

        // The status line, on its next refresh.
        QVERIFY2(QTest::qWaitFor([&] { return status->text().contains(" m/s ·") && status->text().contains(" rad/s"); }, 3000),
                 qPrintable(status->text()));

        // A new session reads the choice back; Restore defaults returns to °, rpm, km/h, m, N.
        DisplayUnits::instance().reload();
        QCOMPARE(DisplayUnits::current(), choices({{Quantity::Length, "mm"}, {Quantity::Angle, "rad"},
                                                   {Quantity::AngularSpeed, "rad/s"}, {Quantity::Speed, "m/s"}}));
        dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::RestoreDefaults)->click();
        QCOMPARE(DisplayUnits::current(), UnitChoices{});
        QCOMPARE(dialog->unitBox(Quantity::Length)->currentData().toString(), QString("m"));
        QCOMPARE(editor.displayText("wheels[0].wheel.radius"), QString("0.35"));
        QCOMPARE(titleOf(curveAxis(curves, Qt::Horizontal)), QString("jounce (m)"));
    }

    void compareTablesAndChartsFollowTheUnits()
    {
        VehicleConfig a = config::loadVehicle(kPreset.toStdString()).config;
        VehicleConfig b = a;
        b.wheels[0].wheel.maxSteer = kPi / 4;
        widgets::CompareParameterTable table;
        table.setVehicles({"a", "b"}, {&a, &b}, 0);
        auto* tree = table.findChild<QTreeWidget*>();
        QTreeWidgetItem* row = rowNamed(tree, "wheels[0].wheel.maxSteer");
        QVERIFY(row);
        QCOMPARE(row->text(1), QString("°"));
        QCOMPARE(row->text(3), QString("45"));

        compare::VehicleRun run;
        run.trace = compare::RunTrace(4);
        for (int i = 0; i < 3; ++i) {
            telemetry::Frame f{};
            f.time() = 0.1 * i;
            f.vehicle(telemetry::VehicleChannel::YawRate) = 0.2 * i;
            run.trace.append(f);
        }
        sim::Figure top;
        top.id = "topSpeed";
        top.label = "top speed reached";
        top.unit = "km/h";
        top.value = 100.0;
        run.figures = {top};
        widgets::CompareFiguresTable figures;
        figures.setRuns({"a"}, std::span(&run, 1));
        QCOMPARE(figures.cellText("topSpeed", 0), QString("100.0 km/h"));
        widgets::OverlayChart chart(telemetry::Column::of(telemetry::VehicleChannel::YawRate));
        chart.setRuns({{"a", Qt::blue, &run.trace}});
        QChart* c = chart.findChild<QChartView*>()->chart();
        QCOMPARE(c->title(), QString("yawRate (°/s)"));
        const auto runSeries = [c]() -> QLineSeries* {
            for (QAbstractSeries* s : c->series())
                if (s->name() == "a")
                    return qobject_cast<QLineSeries*>(s);
            return nullptr;
        };
        QLineSeries* series = runSeries();
        QVERIFY(series && series->count() == 3);
        QVERIFY(close(series->at(2).y(), 0.4 * 180 / kPi));
        QCOMPARE(chart.valueAt(0, 0.2), std::optional<double>(0.4));  // the trace stays SI

        DisplayUnits::instance().setChoices(choices({{Quantity::Angle, "rad"}, {Quantity::Speed, "mph"}}));
        row = rowNamed(tree, "wheels[0].wheel.maxSteer");
        QCOMPARE(row->text(1), QString("rad"));
        QCOMPARE(row->text(3), QString::number(kPi / 4, 'g', 7));
        QCOMPARE(c->title(), QString("yawRate (rad/s)"));
        series = runSeries();
        QVERIFY(series && close(series->at(2).y(), 0.4));
        figures.setRuns({"a"}, std::span(&run, 1));  // the compare window refills it on a change
        QCOMPARE(figures.cellText("topSpeed", 0), QString("62.1 mph"));
    }

    void filesAndCsvStaySi()
    {
        QTemporaryDir dir;
        const QString si = dir.filePath("si.json"), shown = dir.filePath("shown.json"), csv = dir.filePath("t.csv");
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPreset));
        w.simulation().pause();
        w.simulation().setRealTime(false);
        QCOMPARE(w.parameters().editCell("wheels[0].wheel.radius", "0.45"), QString());
        QCOMPARE(w.document().saveAs(si), QString());

        DisplayUnits::instance().setChoices(choices({{Quantity::Length, "mm"}, {Quantity::Angle, "rad"},
                                                     {Quantity::AngularSpeed, "rad/s"}, {Quantity::Force, "kN"}}));
        QCOMPARE(w.parameters().editCell("wheels[0].wheel.radius", "450"), QString());  // the same value, in mm
        QCOMPARE(w.document().saveAs(shown), QString());
        QFile a(si), b(shown);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        const QByteArray text = b.readAll();
        QCOMPARE(text, a.readAll());
        QVERIFY(text.contains("\"radius\": 0.45"));

        const std::size_t before = w.telemetry().history().size();
        for (int i = 0; i < 3; ++i)
            w.simulation().stepOnce();
        QVERIFY(QTest::qWaitFor([&] { return w.telemetry().history().size() >= before + 3; }, 5000));
        QCOMPARE(w.telemetry().exportCsv(csv), QString());
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        QVERIFY(lines.size() > 3);
        const QByteArray units = lines[0].startsWith("time") ? lines[1] : lines[0];
        QVERIFY2(units.contains(",rad/s,") && units.contains(",m,") && units.contains(",N,"), units.constData());
        QVERIFY2(!units.contains("rpm") && !units.contains("mm") && !units.contains("kN"), units.constData());
    }
};

QTEST_MAIN(TestDisplayUnits)
#include "test_display_units.moc"
