#pragma once
// Fitting a vehicle's tires to another model (docs/tires.md "Fitting and conversion"): the chosen
// wheels in groups that share an axle and a tire, each group's tire fitted at the group's rest load
// (vehicle-model §2.6), and the edits that put the fitted tires on the wheels -- applied through the
// edit session, so the CLI validates the result and the workbench applies it as one undoable edit.

#include "config/EditSession.h"
#include "config/VehicleConfig.h"
#include "json/Problem.h"
#include "tirefit/TireFit.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jounce::tirefit {

/// The wheels to fit: those ahead of the centre of mass (config::frontWheels), behind it, or all.
enum class WheelChoice { Front, Rear, All };

/// "front", "rear", "all".
const char* wheelChoiceName(WheelChoice wheels);
/// The choice of that name; nullopt for any other.
std::optional<WheelChoice> wheelChoiceFromName(std::string_view name);
/// The model of a name of kTireModelNames ("physx", "unity", "magicFormula"); nullopt for any other.
std::optional<TireModelKind> tireModelFromName(std::string_view name);

/// The wheels of one axle group with the same tire, fitted together.
struct GroupFit {
    std::string name;                 ///< "front", "rear" (the axle group)
    std::vector<std::size_t> wheels;  ///< the wheels of the group
    TireModelKind sourceModel = TireModelKind::PhysX;
    double restLoad = 0.0;            ///< the mean of the wheels' L_rest, N
    TireFitResult fit;
};

/// A vehicle's fit, before it is applied.
struct VehicleTireFit {
    TireModelKind target = TireModelKind::MagicFormula;
    std::vector<GroupFit> groups;
    config::EditList edits;  ///< tire.model and every parameter of the fitted tire, wheel by wheel
    Problems problems;       ///< the request's: errors mean nothing was fitted
    bool ok() const { return !problems.hasErrors(); }
    /// "physx to magicFormula on the front wheels (0, 1)".
    std::string summary() const;
};

/// Checks the settings (ranges, samples, evaluations): errors for what cannot be fitted.
Problems checkSettings(const FitSettings& settings);

/// Fits the tires of `wheels` of `vehicle` to `target`, from each model's default base
/// (defaultBase). An error when a chosen wheel already has the target model or the settings are bad.
VehicleTireFit fitVehicleTires(const VehicleConfig& vehicle, WheelChoice wheels, TireModelKind target,
                               const FitSettings& settings);

/// The edits of a fit applied to `vehicle` in one edit session (validated).
config::EditResult applyTireFit(const VehicleConfig& vehicle, const VehicleTireFit& fit);

}  // namespace jounce::tirefit
