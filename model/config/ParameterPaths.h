#pragma once
// Typed references to registry paths: the one place code outside model/config names a parameter.
//
// Every constant is a registry path pattern (`[*]` for list elements), written once here;
// tests/config/test_parameter_paths.cpp proves that each names a node of the registry and that no
// file under model/doctor, model/compare or widgets spells a path by hand. So a misspelt name is
// found by that test (and a misspelt constant by the compiler), not by a tuner at run time.
//
//   param::drive::engine::peakTorque              "drive.engine.peakTorque"
//   param::drive::gears::ratios(2)                "drive.gears.ratios[2]"
//   param::drive::engine::torqueCurve(i, 0)       "drive.engine.torqueCurve[i][0]"
//   param::wheels::suspension::springStrength(2)  "wheels[2].suspension.springStrength"
//   param::antiRollBars::stiffness(1)             "antiRollBars[1].stiffness"
//
// `param::any` stands for `[*]` in any index: `param::surfaces::friction(param::any, param::any)`.

#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace jounce::config::param {

/// An index that prints as `[*]`.
inline constexpr std::size_t any = std::numeric_limits<std::size_t>::max();

namespace detail {
inline std::string index(std::size_t i)
{
    return i == any ? std::string("[*]") : "[" + std::to_string(i) + "]";
}
}  // namespace detail

/// A vehicle-wide node: a leaf, an object, a list or a graph. Indices append `[i]`, `[i][j]`.
struct Path {
    std::string_view text;

    std::string str() const { return std::string(text); }
    operator std::string() const { return str(); }
    /// The last key: "peakTorque" for "drive.engine.peakTorque".
    std::string_view key() const { return text.substr(text.rfind('.') + 1); }
    /// An element of a list, a component of a tuple, a row of a table: "drive.gears.ratios[2]".
    std::string operator()(std::size_t i) const { return str() + detail::index(i); }
    /// A component of an element: "drive.engine.torqueCurve[1][0]", "surfaces.friction[2][0]".
    std::string operator()(std::size_t i, std::size_t j) const { return (*this)(i) + detail::index(j); }
    /// Whether `path` is this node or lies below it.
    bool contains(std::string_view path) const
    {
        return path.substr(0, text.size()) == text &&
               (path.size() == text.size() || path[text.size()] == '.' || path[text.size()] == '[');
    }
};

/// A node inside every element of a list of objects (wheels, anti-roll bars): the pattern has one
/// `[*]`, filled by the element's index.
struct ElementPath {
    std::string_view pattern;  ///< "wheels[*].suspension.springStrength"

    std::string str() const { return std::string(pattern); }
    std::string_view key() const { return pattern.substr(pattern.rfind('.') + 1); }
    /// The node of element `e`: "wheels[2].suspension.springStrength".
    std::string operator()(std::size_t e) const
    {
        const std::size_t star = pattern.find("[*]");
        return std::string(pattern.substr(0, star)) + detail::index(e) + std::string(pattern.substr(star + 3));
    }
    /// A component of a tuple or graph of element `e`: "wheels[2].geometry.wheelCentreOffset[1]".
    std::string operator()(std::size_t e, std::size_t i) const { return (*this)(e) + detail::index(i); }
    std::string operator()(std::size_t e, std::size_t i, std::size_t j) const { return (*this)(e, i) + detail::index(j); }
    /// Whether the pattern `other` (with `[*]`) is this node's or lies below it.
    bool contains(std::string_view other) const { return Path{pattern}.contains(other); }
};

// ---- vehicle-wide ------------------------------------------------------------------------------

namespace chassis {
inline constexpr Path mass{"chassis.mass"};
inline constexpr Path moi{"chassis.moi"};
inline constexpr Path cmOffset{"chassis.cmOffset"};
inline constexpr Path dimensions{"chassis.dimensions"};
}  // namespace chassis

namespace tireLoadFilter {
inline constexpr Path minNormalisedLoad{"tireLoadFilter.minNormalisedLoad"};
inline constexpr Path minFilteredNormalisedLoad{"tireLoadFilter.minFilteredNormalisedLoad"};
inline constexpr Path maxNormalisedLoad{"tireLoadFilter.maxNormalisedLoad"};
inline constexpr Path maxFilteredNormalisedLoad{"tireLoadFilter.maxFilteredNormalisedLoad"};
}  // namespace tireLoadFilter

namespace drive {
namespace engine {
inline constexpr Path torqueCurve{"drive.engine.torqueCurve"};
inline constexpr Path moi{"drive.engine.moi"};
inline constexpr Path peakTorque{"drive.engine.peakTorque"};
inline constexpr Path maxOmega{"drive.engine.maxOmega"};
inline constexpr Path dampingRateFullThrottle{"drive.engine.dampingRateFullThrottle"};
inline constexpr Path dampingRateZeroThrottleClutchEngaged{"drive.engine.dampingRateZeroThrottleClutchEngaged"};
inline constexpr Path dampingRateZeroThrottleClutchDisengaged{"drive.engine.dampingRateZeroThrottleClutchDisengaged"};
}  // namespace engine
namespace gears {
inline constexpr Path ratios{"drive.gears.ratios"};
inline constexpr Path finalRatio{"drive.gears.finalRatio"};
inline constexpr Path switchTime{"drive.gears.switchTime"};
}  // namespace gears
namespace autoBox {
inline constexpr Path upRatios{"drive.autoBox.upRatios"};
inline constexpr Path downRatios{"drive.autoBox.downRatios"};
inline constexpr Path latency{"drive.autoBox.latency"};
}  // namespace autoBox
/// The 4W differential (drive.type 4W); the NW one shares its key.
namespace differential {
inline constexpr Path object{"drive.differential"};
inline constexpr Path type{"drive.differential.type"};
inline constexpr Path frontRearSplit{"drive.differential.frontRearSplit"};
inline constexpr Path frontLeftRightSplit{"drive.differential.frontLeftRightSplit"};
inline constexpr Path rearLeftRightSplit{"drive.differential.rearLeftRightSplit"};
inline constexpr Path centreBias{"drive.differential.centreBias"};
inline constexpr Path frontBias{"drive.differential.frontBias"};
inline constexpr Path rearBias{"drive.differential.rearBias"};
}  // namespace differential
}  // namespace drive

namespace surfaces {
/// friction[surface type][tire type]
inline constexpr Path friction{"surfaces.friction"};
/// the ground surface names the friction rows are for
inline constexpr Path surfaceTypes{"surfaces.surfaceTypes"};
}  // namespace surfaces

namespace controls {
inline constexpr Path steerVsForwardSpeedTable{"controls.steerVsForwardSpeedTable"};
}  // namespace controls

namespace simulation {
inline constexpr Path timeStep{"simulation.timeStep"};
inline constexpr Path thresholdLongitudinalSpeed{"simulation.thresholdLongitudinalSpeed"};
inline constexpr Path lowForwardSpeedSubStepCount{"simulation.lowForwardSpeedSubStepCount"};
inline constexpr Path highForwardSpeedSubStepCount{"simulation.highForwardSpeedSubStepCount"};
inline constexpr Path minLongSlipDenominator{"simulation.minLongSlipDenominator"};
}  // namespace simulation

// ---- lists of objects --------------------------------------------------------------------------

namespace antiRollBars {
inline constexpr ElementPath wheel0{"antiRollBars[*].wheel0"};
inline constexpr ElementPath wheel1{"antiRollBars[*].wheel1"};
inline constexpr ElementPath stiffness{"antiRollBars[*].stiffness"};
inline constexpr ElementPath mode{"antiRollBars[*].mode"};
}  // namespace antiRollBars

namespace wheels {
/// The list itself.
inline constexpr Path list{"wheels"};
namespace wheel {
inline constexpr ElementPath radius{"wheels[*].wheel.radius"};
inline constexpr ElementPath moi{"wheels[*].wheel.moi"};
inline constexpr ElementPath dampingRate{"wheels[*].wheel.dampingRate"};
inline constexpr ElementPath maxBrakeTorque{"wheels[*].wheel.maxBrakeTorque"};
inline constexpr ElementPath maxHandBrakeTorque{"wheels[*].wheel.maxHandBrakeTorque"};
inline constexpr ElementPath maxSteer{"wheels[*].wheel.maxSteer"};
}  // namespace wheel
namespace suspension {
inline constexpr ElementPath object{"wheels[*].suspension"};
inline constexpr ElementPath sprungMass{"wheels[*].suspension.sprungMass"};
inline constexpr ElementPath springStrength{"wheels[*].suspension.springStrength"};
inline constexpr ElementPath springDamperRate{"wheels[*].suspension.springDamperRate"};
inline constexpr ElementPath maxCompression{"wheels[*].suspension.maxCompression"};
inline constexpr ElementPath maxDroop{"wheels[*].suspension.maxDroop"};
inline constexpr ElementPath camberAtRest{"wheels[*].suspension.camberAtRest"};
inline constexpr ElementPath camberAtMaxCompression{"wheels[*].suspension.camberAtMaxCompression"};
inline constexpr ElementPath camberAtMaxDroop{"wheels[*].suspension.camberAtMaxDroop"};
}  // namespace suspension
namespace tire {
/// A wheel's whole tire, its pattern: every tire parameter lies below it.
inline constexpr ElementPath object{"wheels[*].tire"};
inline constexpr ElementPath latStiffX{"wheels[*].tire.latStiffX"};
inline constexpr ElementPath latStiffY{"wheels[*].tire.latStiffY"};
inline constexpr ElementPath longitudinalStiffnessPerUnitGravity{"wheels[*].tire.longitudinalStiffnessPerUnitGravity"};
inline constexpr ElementPath frictionVsSlipGraph{"wheels[*].tire.frictionVsSlipGraph"};
inline constexpr ElementPath model{"wheels[*].tire.model"};
/// The Unity friction curves (docs/unity.md), present while tire.model is unity.
inline constexpr ElementPath unity{"wheels[*].tire.unity"};
namespace forwardFriction {
inline constexpr ElementPath extremumSlip{"wheels[*].tire.unity.forwardFriction.extremumSlip"};
inline constexpr ElementPath extremumValue{"wheels[*].tire.unity.forwardFriction.extremumValue"};
inline constexpr ElementPath asymptoteSlip{"wheels[*].tire.unity.forwardFriction.asymptoteSlip"};
inline constexpr ElementPath asymptoteValue{"wheels[*].tire.unity.forwardFriction.asymptoteValue"};
inline constexpr ElementPath stiffness{"wheels[*].tire.unity.forwardFriction.stiffness"};
}  // namespace forwardFriction
namespace sidewaysFriction {
inline constexpr ElementPath extremumSlip{"wheels[*].tire.unity.sidewaysFriction.extremumSlip"};
inline constexpr ElementPath extremumValue{"wheels[*].tire.unity.sidewaysFriction.extremumValue"};
inline constexpr ElementPath asymptoteSlip{"wheels[*].tire.unity.sidewaysFriction.asymptoteSlip"};
inline constexpr ElementPath asymptoteValue{"wheels[*].tire.unity.sidewaysFriction.asymptoteValue"};
inline constexpr ElementPath stiffness{"wheels[*].tire.unity.sidewaysFriction.stiffness"};
}  // namespace sidewaysFriction
/// The Magic Formula tire (docs/tires.md), present while tire.model is magicFormula; its
/// coefficients are named as the keys of a .tir file, under one object per .tir section.
namespace magicFormula {
inline constexpr ElementPath object{"wheels[*].tire.magicFormula"};
namespace longitudinal {
inline constexpr ElementPath PDX1{"wheels[*].tire.magicFormula.longitudinal.PDX1"};
inline constexpr ElementPath PKX1{"wheels[*].tire.magicFormula.longitudinal.PKX1"};
}  // namespace longitudinal
namespace lateral {
inline constexpr ElementPath PDY1{"wheels[*].tire.magicFormula.lateral.PDY1"};
inline constexpr ElementPath PKY1{"wheels[*].tire.magicFormula.lateral.PKY1"};
}  // namespace lateral
}  // namespace magicFormula
}  // namespace tire
namespace compliance {
inline constexpr ElementPath wheelToeAngle{"wheels[*].compliance.wheelToeAngle"};
inline constexpr ElementPath wheelCamberAngle{"wheels[*].compliance.wheelCamberAngle"};
}  // namespace compliance

/// The wheel a concrete path lies in ("wheels[2].tire.type" -> 2); nullopt outside the wheels.
inline std::optional<std::size_t> wheelIndex(std::string_view path)
{
    const std::string_view head = "wheels[";
    if (path.substr(0, head.size()) != head)
        return std::nullopt;
    std::size_t i = 0, k = head.size();
    if (k >= path.size() || path[k] < '0' || path[k] > '9')
        return std::nullopt;
    for (; k < path.size() && path[k] >= '0' && path[k] <= '9'; ++k)
        i = i * 10 + std::size_t(path[k] - '0');
    return k < path.size() && path[k] == ']' ? std::optional<std::size_t>(i) : std::nullopt;
}

/// A concrete wheel path with its wheel index replaced by `[*]` ("wheels[2].tire.type" ->
/// "wheels[*].tire.type"); empty when the path is not below a wheel.
inline std::string wheelPattern(std::string_view path)
{
    if (!wheelIndex(path))
        return {};
    return "wheels[*]" + std::string(path.substr(path.find(']') + 1));
}
}  // namespace wheels

}  // namespace jounce::config::param
