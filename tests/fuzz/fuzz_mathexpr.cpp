// Fuzz target: maths channel expressions (`jounce-cli run --channel NAME=EXPR`, and every other
// place an expression is typed). The input is the expression's text. A refusal must point inside
// the text and say why; an accepted expression must name only columns of the vehicle's wheels and
// give one value per frame for every wheel, quickly whatever the text.

#include "FuzzSupport.h"

#include "analysis/MathExpression.h"
#include "telemetry/Frame.h"

#include <cmath>
#include <string>
#include <variant>

namespace {

using namespace jounce;

/// 50 frames at 50 Hz with every channel a different smooth function of time.
const std::vector<telemetry::Frame>& frames()
{
    static const std::vector<telemetry::Frame> out = [] {
        std::vector<telemetry::Frame> f(50);
        for (std::size_t k = 0; k < f.size(); ++k) {
            f[k].time() = double(k) / 50.0;
            f[k].setWheelCount(4);
            for (int c = 0; c < telemetry::kVehicleChannelCount; ++c)
                f[k].vehicle(telemetry::VehicleChannel(c)) = std::sin(0.1 * c + f[k].time());
            for (int w = 0; w < 4; ++w)
                for (int c = 0; c < telemetry::kWheelChannelCount; ++c)
                    f[k].wheel(telemetry::WheelChannel(c), w) = std::cos(0.1 * c + w + f[k].time());
        }
        return f;
    }();
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    auto result = analysis::MathExpression::compile(text, analysis::MathVehicle{4, 2.6});
    if (const auto* error = std::get_if<analysis::MathError>(&result)) {
        FUZZ_CHECK(error->position <= std::max<std::size_t>(text.size(), 4096) && !error->reason.empty(),
                   "a refusal must point inside the text and say why: " + error->text());
        return 0;
    }
    const analysis::MathExpression& e = std::get<analysis::MathExpression>(result);
    FUZZ_CHECK(!e.unit().empty(), "an accepted expression has a unit");
    for (const telemetry::Column& c : e.columns(4))
        FUZZ_CHECK(c.kind != telemetry::Column::Kind::Wheel || (c.wheel >= 0 && c.wheel < 4),
                   "an expression names a wheel the vehicle lacks");
    const std::vector<telemetry::Frame>& f = frames();
    const analysis::MathSamples samples{f.size(), [&f](std::size_t i) { return f[i].time(); },
                                        [&f](std::size_t i, const telemetry::Column& c) { return f[i].value(c); }};
    for (int w = 0; w < (e.perWheel() ? 4 : 1); ++w)
        FUZZ_CHECK(e.evaluate(samples, w).size() == f.size(), "one value per frame");
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    // Long and deep texts: refused by length or depth, never by the stack.
    return {{"deep-parentheses", std::string(4000, '(') + "1"},
            {"deep-negation", std::string(4000, '-') + "1"},
            {"long-sum", [] {
                 std::string s = "1";
                 while (s.size() < 4090)
                     s += "+1";
                 return s;
             }()}};
}
