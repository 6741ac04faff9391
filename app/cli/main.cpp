// jounce-cli: the headless side of Jounce. Links the model library only, so it runs on machines
// without a display or Qt GUI libraries.

#include "CliCommands.h"

#include <exception>
#include <iostream>
#include <map>

namespace {

constexpr const char* kUsage = R"(jounce-cli - vehicle files of the Jounce tuning workbench

usage:
  jounce-cli validate FILE...            check vehicle files; prints FILE: /json/pointer: message
                                         for every problem; exit 0 when all are valid, 1 otherwise
  jounce-cli format [--check] FILE...    rewrite vehicle files in the canonical layout
                                         (--check: only report files that are not)
  jounce-cli params [--vehicle FILE]     one JSON object per line per parameter of a vehicle
                                         (default: the PhysX reference car), with its value
  jounce-cli params --all                every parameter the format knows, [*] for list elements
  jounce-cli schema [vehicle|maneuver|terrain]
                                         JSON Schema (draft 2020-12) of vehicle (the
                                         default), maneuver or terrain files
  jounce-cli run --vehicle V.json [--terrain T.json] --maneuver M.json [--duration S]
                 [--start NAME|X,Y[,HEADING]] [--out run.csv] [--poses poses.csv]
                 [--figures-json] [--set PATH=VALUE ...] [--record RUN.jrun]
                                         run a maneuver in batch mode and print a summary and
                                         its handling figures (--figures-json: as JSON);
                                         --record writes the run file (inputs, telemetry, ...)
                                         --start begins at one of the terrain's named start
                                         points ("bumps") or at X,Y (m) heading HEADING (rad),
                                         --out writes the telemetry CSV, --poses the Simulink 3D
                                         poses, --duration limits the run (or idles that long
                                         without a maneuver), --set overrides a parameter
                                         (wheels[*].suspension.springStrength=40000)
  jounce-cli run --vehicle V.json --inputs RUN.jrun [--terrain T.json] [--start ...]
                 [--out run.csv] [--set PATH=VALUE ...] [--record REPLAY.jrun]
                                         replay a recorded run's driver inputs with this
                                         vehicle; the terrain and start come from the run file
                                         unless given
  jounce-cli doctor VEHICLE.json [--maneuver M.json [--terrain T.json]] [--json]
                                         the tuning doctor: the guide's advice on the vehicle
                                         (and, with --maneuver, on the telemetry of a run),
                                         with reasons and fixes; exit 1 if there is an error
  jounce-cli doctor --list               every check the doctor knows
  jounce-cli diff A.json B.json [--out DIFF.json]
                                         the differences from A to B as an RFC 6902 JSON
                                         Patch (to stdout without --out)
  jounce-cli patch BASE.json DIFF.json [--out NEW.json]
                                         apply a JSON Patch to a vehicle; the result is
                                         validated like any file and written only if valid
  jounce-cli compare A.json B.json [C.json ...] --maneuver M.json [--terrain T.json]
                 [--out report.csv] [--all-parameters] [--threads N]
                                         the same maneuver for every vehicle, in parallel on
                                         all cores (or N threads); prints one row of handling
                                         figures per vehicle, * marking the best; --out writes
                                         the CSV report (figures, derived values, differing
                                         parameters, or all with --all-parameters)
  jounce-cli export physx5|usd VEHICLE.json --out DIR_OR_FILE [--frame snippet|iso]
                                         the vehicle as PhysX 5 snippet files (DIR/Base.json
                                         and EngineDrive.json or DirectDrive.json; --frame iso
                                         writes z up instead of the snippets' y up) or as an
                                         Omniverse USD layer (FILE.usda); prints what the
                                         conversion approximated or dropped, and why
  jounce-cli import physx5 BASE.json ENGINE.json [--out V.json] [--base B.json]
                 [--differential auto|four-wheel|multi-wheel|tank]
  jounce-cli import usd FILE.usda [--out V.json] [--base B.json]
                                         a PhysX 5 or USD vehicle as a Jounce vehicle, validated
                                         (to stdout without --out); --base takes what the files
                                         lack (chassis box, anti-roll bars, surfaces, controls)
                                         from a vehicle; prints the conversion report; writes
                                         nothing when a file or the vehicle has an error
  jounce-cli export unity VEHICLE.json --out CAR.json
  jounce-cli import unity FILE [--out V.json]
                                         Unity WheelColliders (docs/unity.md): export writes the
                                         Rigidbody and WheelColliders as JSON for
                                         resources/unity/JounceVehicleLoader.cs; import reads a
                                         .prefab or .unity scene (YAML) or that JSON; both print
                                         the conversion report
  jounce-cli sweep SWEEP.json [--out results.csv] [--threads N]
                                         every point of a sweep file (docs/sweeps.md) on all
                                         cores (or N threads); one CSV row per point: its id,
                                         parameter values, figures and status
  jounce-cli sweep SWEEP.json --plan DIR --chunks N
                                         N self-contained chunk files, a Slurm array script
                                         and a GNU parallel script in DIR
  jounce-cli sweep --run-chunk DIR/chunk-K.json --out RESULT.csv [--threads N]
  jounce-cli sweep --collect RESULTS_DIR --out all.csv
                                         run one chunk; merge the chunks' results, checking
                                         every point is there once (the local run's table)
  jounce-cli sweep SWEEP.json --sensitivity [--out tornado.csv] [--threads N]
                                         one at a time: each parameter at its low and high
                                         end, the others at the base; tornado table per figure
  jounce-cli sweep SWEEP.json --heatmap FIGURE [--out map.csv] [--threads N]
                                         a figure over a grid of two parameters, as a matrix
  jounce-cli tune SWEEP.json [--out evaluations.csv] [--vehicle-out tuned.json]
                                         the optimiser (NLopt Nelder-Mead): moves the
                                         parameters within their ranges toward the "tune"
                                         targets; every evaluation kept; exit 1 if not reached
  jounce-cli --help                      this text
)";

}  // namespace

namespace {

int dispatch(int argc, char** argv)
{
    using namespace jounce::cli;
    const std::map<std::string, int (*)(const Args&)> commands{
        {"validate", validateCommand},
        {"format", formatCommand},
        {"params", paramsCommand},
        {"schema", schemaCommand},
        {"run", runCommand},
        {"doctor", doctorCommand},
        {"diff", diffCommand},
        {"patch", patchCommand},
        {"compare", compareCommand},
        {"import", importCommand},
        {"export", exportCommand},
        {"sweep", sweepCommand},
        {"tune", tuneCommand},
    };
    if (argc < 2) {
        std::cerr << kUsage;
        return 2;
    }
    const std::string name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        std::cout << kUsage;
        return 0;
    }
    const auto command = commands.find(name);
    if (command == commands.end())
        return usageError("unknown command '" + name + "'");
    return command->second(Args(argv + 2, argv + argc));
}

}  // namespace

int main(int argc, char** argv)
{
    // Every expected failure is reported by the commands; this is the last line of defence: no
    // exception leaves main (that would abort with a core dump instead of a message and exit 3).
    try {
        return dispatch(argc, argv);
    } catch (const std::exception& e) {
        std::cerr << "jounce-cli: internal error: " << e.what() << "\n";
    } catch (...) {
        std::cerr << "jounce-cli: internal error: an unknown exception\n";
    }
    return 3;
}
