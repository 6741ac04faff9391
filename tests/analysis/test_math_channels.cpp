// Maths channels (#33 item 2): values worked out by hand over frames whose channels are known in
// closed form, units carried and checked, every bad expression refused with its position and reason.

#include "analysis/MathExpression.h"
#include "telemetry/Frame.h"

#include <QtTest>

#include <cmath>
#include <numbers>
#include <variant>

using namespace jounce;
using namespace jounce::analysis;
using telemetry::VehicleChannel;
using telemetry::WheelChannel;

namespace {

/// 101 frames at 100 Hz from t = 0: forwardSpeed 2 t + 1, jounce[w] = 0.01 (w + 1) t², latAccel 9.80665,
/// tireLoad[w] = 1000 (w + 1).
std::vector<telemetry::Frame> frames()
{
    std::vector<telemetry::Frame> out(101);
    for (std::size_t k = 0; k < out.size(); ++k) {
        telemetry::Frame& f = out[k];
        const double t = double(k) / 100.0;
        f.time() = t;
        f.setWheelCount(4);
        f.vehicle(VehicleChannel::ForwardSpeed) = 2.0 * t + 1.0;
        f.vehicle(VehicleChannel::LatAccel) = 9.80665;
        for (int w = 0; w < 4; ++w) {
            f.wheel(WheelChannel::Jounce, w) = 0.01 * (w + 1) * t * t;
            f.wheel(WheelChannel::TireLoad, w) = 1000.0 * (w + 1);
        }
    }
    return out;
}

MathSamples samplesOf(const std::vector<telemetry::Frame>& f)
{
    return {f.size(), [&f](std::size_t i) { return f[i].time(); },
            [&f](std::size_t i, const telemetry::Column& c) { return f[i].value(c); }};
}

MathExpression compiled(const char* text)
{
    auto result = MathExpression::compile(text, MathVehicle{4, 2.5});
    if (auto* e = std::get_if<MathError>(&result))
        qFatal("%s: %s", text, e->text().c_str());
    return std::get<MathExpression>(std::move(result));
}

MathError refused(const char* text)
{
    auto result = MathExpression::compile(text, MathVehicle{4, 2.5});
    if (!std::holds_alternative<MathError>(result))
        qFatal("accepted: %s", text);
    return std::get<MathError>(result);
}

}  // namespace

class TestMathChannels : public QObject {
    Q_OBJECT
private slots:
    void unitsParseAndPrint()
    {
        QCOMPARE(unitText(parseUnit("N m")->dimension), std::string("N m"));
        QCOMPARE(unitText(parseUnit("kg m/s²")->dimension), std::string("N"));
        QCOMPARE(parseUnit("km/h")->toSI, 1.0 / 3.6);
        QCOMPARE(parseUnit("rpm")->toSI, 2.0 * std::numbers::pi / 60.0);
        QCOMPARE(unitText(parseUnit("m^3")->dimension), std::string("m^3"));
        QCOMPARE(unitText(parseUnit("1/s")->dimension), std::string("1/s"));
        QVERIFY(!parseUnit("m/s/s"));
        QVERIFY(!parseUnit("furlong"));
        QVERIFY(!parseUnit(""));
        QVERIFY(!parseUnit("m^x"));
    }

    void differencesAndConstantsWithUnits()
    {
        const std::vector<telemetry::Frame> f = frames();
        const MathExpression e = compiled("jounce[RR] - jounce[FL]");
        QCOMPARE(e.unit(), std::string("m"));
        const std::vector<double> v = e.evaluate(samplesOf(f));
        QVERIFY(std::fabs(v[50] - 0.03 * 0.25) < 1e-12);  // (0.04 - 0.01) t² at 0.5 s
        const MathExpression g = compiled("latAccel / 1[g]");
        QCOMPARE(g.unit(), std::string("1"));
        QCOMPARE(g.evaluate(samplesOf(f))[7], 1.0);
        const MathExpression kmh = compiled("forwardSpeed - 36[km/h]");  // 10 m/s
        QVERIFY(std::fabs(kmh.evaluate(samplesOf(f))[100] - (3.0 - 10.0)) < 1e-12);
        QCOMPARE(compiled("wheelbase * 2").evaluate(samplesOf(f))[0], 5.0);
    }

    void timeFunctions()
    {
        const std::vector<telemetry::Frame> f = frames();
        // d/dt 0.01 t² = 0.02 t: central differences are exact for a parabola.
        const MathExpression d = compiled("derivative(jounce[FL])");
        QCOMPARE(d.unit(), std::string("m/s"));
        const std::vector<double> dv = d.evaluate(samplesOf(f));
        QVERIFY(std::fabs(dv[30] - 0.02 * 0.3) < 1e-12);
        // The integral of 2 t + 1 from 0 to 1: 2 (the trapezoid rule is exact for a line).
        const MathExpression i = compiled("integral(forwardSpeed)");
        QCOMPARE(i.unit(), std::string("m"));
        QVERIFY(std::fabs(i.evaluate(samplesOf(f)).back() - 2.0) < 1e-12);
        // A first-order lag of a constant is the constant; of a ramp it lags by about tau.
        QCOMPARE(compiled("smooth(latAccel, 0.3)").evaluate(samplesOf(f))[60], 9.80665);
        const std::vector<double> lag = compiled("smooth(forwardSpeed, 0.1)").evaluate(samplesOf(f));
        QVERIFY(std::fabs(lag[100] - (2.0 * (1.0 - 0.1) + 1.0)) < 0.02);
    }

    void perWheelAndConditionals()
    {
        const std::vector<telemetry::Frame> f = frames();
        const MathExpression e = compiled("tireLoad[*] / 1[kN]");
        QVERIFY(e.perWheel());
        for (int w = 0; w < 4; ++w)
            QCOMPARE(e.evaluate(samplesOf(f), w)[3], double(w + 1));
        const MathExpression c = compiled("forwardSpeed > 2[m/s] ? forwardSpeed : 0[m/s]");
        const std::vector<double> v = c.evaluate(samplesOf(f));
        QCOMPARE(v[10], 0.0);   // 1.2 m/s
        QVERIFY(std::fabs(v[80] - 2.6) < 1e-12);  // 2.6 m/s
        QCOMPARE(compiled("if(time >= 0.5[s] && !(time > 0.7[s]), 1, 0)").evaluate(samplesOf(f))[60], 1.0);
        QVERIFY(std::isnan(compiled("1 / (time - time)").evaluate(samplesOf(f))[5]));
    }

    void badExpressionsAreRefusedWithPositionAndReason()
    {
        QCOMPARE(refused("jounce[FL] + forwardSpeed").reason, std::string("a sum of unlike units: m and m/s"));
        QCOMPARE(refused("jounce[FL] + forwardSpeed").position, std::size_t(11));
        QVERIFY(refused("jounse[FL]").reason.find("did you mean 'jounce'") != std::string::npos);
        QCOMPARE(refused("jounce").position, std::size_t(6));
        QVERIFY(refused("jounce[W7]").reason.find("no wheel 'W7'") != std::string::npos);
        QVERIFY(refused("forwardSpeed[FL]").reason.find("vehicle channel") != std::string::npos);
        QVERIFY(refused("sqrt(forwardSpeed)").reason.find("even powers") != std::string::npos);
        QVERIFY(refused("sin(forwardSpeed)").reason.find("an angle") != std::string::npos);
        QVERIFY(refused("forwardSpeed ^ 0.5").reason.find("whole power") != std::string::npos);
        QVERIFY(refused("smooth(latAccel, time)").reason.find("positive number of seconds") != std::string::npos);
        QVERIFY(refused("dervative(latAccel)").reason.find("did you mean 'derivative'") != std::string::npos);
        QCOMPARE(refused("1 +").text(), std::string("at 4: the expression ends where a value was expected"));
        QCOMPARE(refused("(1 + 2").reason, std::string("expected ')'"));
        QVERIFY(refused("3[furlong]").reason.find("unknown unit") != std::string::npos);
        QVERIFY(refused("1 2").reason.find("unexpected") != std::string::npos);
        QVERIFY(std::holds_alternative<MathError>(MathExpression::compile("wheelbase", MathVehicle{4})));
        // Hostile: deep nesting and long texts are refused, quickly.
        QVERIFY(refused(std::string(5000, '(').c_str()).reason.find("characters") != std::string::npos);
        QVERIFY(refused((std::string(1000, '(') + "1").c_str()).reason.find("nested") != std::string::npos);
        QVERIFY(refused((std::string(1000, '-') + "1").c_str()).reason.find("nested") != std::string::npos);
    }

    void shippedChannelsCompile()
    {
        for (const MathChannelDefinition& d : shippedMathChannels()) {
            auto result = MathExpression::compile(d.expression, MathVehicle{4, 2.6});
            const auto* error = std::get_if<MathError>(&result);
            QVERIFY2(!error, (d.name + ": " + (error ? error->text() : std::string())).c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestMathChannels)
#include "test_math_channels.moc"
