// jounce-cli: the headless side of Jounce. Links the model library only, so it runs on machines
// without a display or Qt GUI libraries. The command line is read by CLI11 into each command's
// options (CliCommands.h); the commands check how the options combine and run.

#include "CliCommands.h"
#include "CommandLine.h"

#include "sweep/SweepJson.h"

#include <exception>
#include <functional>
#include <iostream>
#include <memory>

namespace jounce::cli {
namespace {

/// Every command's options, filled by the parse.
struct CommandOptions {
    ValidateOptions validate;
    FormatOptions format;
    ParamsOptions params;
    SchemaOptions schema;
    RunOptions run;
    DoctorOptions doctor;
    TwoFileOptions diff;
    TwoFileOptions patch;
    CompareOptions compare;
    ImportOptions importing;
    ExportOptions exporting;
    SweepOptions sweep;
    TuneOptions tune;
    TireFitOptions tireFit;
    LeversOptions levers;
};

/// A command of the command line and what runs it once its options are read.
struct Command {
    const CLI::App* app;
    std::function<int()> run;
};

CLI::App* addCommand(CLI::App& app, const std::string& name, const std::string& description)
{
    return app.add_subcommand(name, description)->group("Commands");
}

void addFileCommands(CLI::App& app, CommandOptions& o, std::vector<Command>& commands)
{
    CLI::App* validate = addCommand(app, "validate",
        "check vehicle files; prints FILE: /json/pointer: message for every problem; exit 0 when all are valid, "
        "1 otherwise");
    validate->add_option("FILE", o.validate.files, "the vehicle files to check")->required();
    commands.push_back({validate, [&o] { return validateCommand(o.validate); }});

    CLI::App* format = addCommand(app, "format", "rewrite vehicle files in the canonical layout");
    format->add_option("FILE", o.format.files, "the vehicle files to rewrite")->required();
    format->add_flag("--check", o.format.check, "only report the files that are not in the canonical layout");
    commands.push_back({format, [&o] { return formatCommand(o.format); }});

    CLI::App* params = addCommand(app, "params",
        "one JSON object per line per parameter of a vehicle (default: the PhysX reference car), with its value; "
        "or, with --all, every parameter the format knows");
    params->add_option("--vehicle", o.params.vehicle, "the vehicle to describe (default: the PhysX reference car)")
        ->type_name("FILE");
    params->add_flag("--all", o.params.all, "every parameter the format knows, [*] for list elements");
    commands.push_back({params, [&o] { return paramsCommand(o.params); }});

    CLI::App* schema = addCommand(app, "schema",
        "JSON Schema (draft 2020-12) of vehicle (the default), maneuver or terrain files");
    schema->add_option("vehicle|maneuver|terrain", o.schema.format, "which files the schema is of (default: vehicle)");
    commands.push_back({schema, [&o] { return schemaCommand(o.schema); }});
}

void addRunCommand(CLI::App& app, RunOptions& o, std::vector<Command>& commands)
{
    CLI::App* run = addCommand(app, "run",
        "run a maneuver in batch mode and print a summary and its handling figures; or, with --inputs, replay a "
        "recorded run's driver inputs with this vehicle (the terrain and start come from the run file unless given)");
    run->add_option("--vehicle", o.vehicle, "the vehicle file (required)")->type_name("V.json");
    run->add_option("--terrain", o.terrain, "the terrain file (default: an endless flat plane)")->type_name("T.json");
    run->add_option("--maneuver", o.maneuver, "the maneuver to run")->type_name("M.json");
    run->add_option("--duration", o.duration,
                    "limit the run to S seconds, at most a day (without a maneuver: idle that long)")
        ->type_name("S")
        ->check(secondsUpTo(kMaxRunDuration, " (one day)"));
    run->add_option("--start", o.start,
                    "begin at one of the terrain's named start points (\"bumps\") or at X,Y (m) heading HEADING (rad)")
        ->type_name("NAME|X,Y[,HEADING]")
        ->check(CLI::Validator(
            [](std::string& start) {
                // Not "no start": an empty name from a script's unset variable is a mistake to report.
                return start.empty() ? std::string("an empty start: give a start point's name or X,Y[,HEADING]")
                                     : std::string();
            },
            ""));  // the type name says it
    run->add_option("--out", o.out, "write the telemetry CSV")->type_name("run.csv");
    run->add_option("--poses", o.poses, "write the Simulink 3D poses CSV")->type_name("poses.csv");
    run->add_flag("--figures-json", o.figuresJson, "print the handling figures as JSON instead of the summary");
    run->add_option("--set", o.sets,
                    "override a parameter for this run, e.g. wheels[*].suspension.springStrength=40000 "
                    "(VALUE is JSON, a bare word a string); repeatable")
        ->type_name("PATH=VALUE")
        ->allow_extra_args(false);  // one PATH=VALUE per --set, as before
    run->add_option("--channel", o.channels,
                    "a maths channel summarised after the run (min, max, mean, RMS), e.g. "
                    "damperVelocity='derivative(jounce[*])' or lat='smooth(latAccel, 0.3) / 1[g]'; repeatable")
        ->type_name("NAME=EXPR")
        ->allow_extra_args(false);
    run->add_option("--record", o.record, "write the run file (inputs, telemetry, figures)")->type_name("RUN.jrun");
    run->add_option("--motec", o.motec,
                    "write the run as a MoTeC i2 log: OUT.ld and OUT.ldx beside it (channels in i2's names and "
                    "units, the maneuver's phases and laps as beacons; docs/motec.md)")
        ->type_name("OUT.ld");
    run->add_option("--inputs", o.inputs,
                    "replay the driver inputs of this run file (not with --maneuver or --duration)")
        ->type_name("RUN.jrun");
    commands.push_back({run, [&o] { return runCommand(o); }});
}

void addDoctorCommand(CLI::App& app, DoctorOptions& o, std::vector<Command>& commands)
{
    CLI::App* doctor = addCommand(app, "doctor",
        "the tuning doctor: the guide's advice on the vehicle (and, with --maneuver, on the telemetry of a run), "
        "with reasons and fixes; exit 1 if there is an error");
    doctor->add_option("VEHICLE.json", o.vehicle, "the vehicle to examine (not with --list)");
    doctor->add_option("--maneuver", o.maneuver, "also run this maneuver and check its telemetry")->type_name("M.json");
    doctor->add_option("--terrain", o.terrain, "the terrain of the --maneuver run (default: a flat plane)")
        ->type_name("T.json");
    doctor->add_flag("--json", o.json, "one JSON object per finding instead of text");
    doctor->add_flag("--list", o.list, "list every check the doctor knows");
    commands.push_back({doctor, [&o] { return doctorCommand(o); }});
}

void addCompareCommands(CLI::App& app, CommandOptions& o, std::vector<Command>& commands)
{
    CLI::App* diff = addCommand(app, "diff",
        "the differences from A to B as an RFC 6902 JSON Patch (to stdout without --out)");
    diff->add_option("A.json", o.diff.first, "the vehicle to start from")->required();
    diff->add_option("B.json", o.diff.second, "the vehicle to arrive at")->required();
    diff->add_option("--out", o.diff.out, "write the patch to this file")->type_name("DIFF.json");
    commands.push_back({diff, [&o] { return diffCommand(o.diff); }});

    CLI::App* patch = addCommand(app, "patch",
        "apply a JSON Patch to a vehicle; the result is validated like any file and written only if valid "
        "(to stdout without --out)");
    patch->add_option("BASE.json", o.patch.first, "the vehicle to patch")->required();
    patch->add_option("DIFF.json", o.patch.second, "the JSON Patch (RFC 6902) to apply")->required();
    patch->add_option("--out", o.patch.out, "write the patched vehicle to this file")->type_name("NEW.json");
    commands.push_back({patch, [&o] { return patchCommand(o.patch); }});

    CompareOptions& c = o.compare;
    CLI::App* compare = addCommand(app, "compare",
        "the same maneuver for every vehicle, in parallel on all cores (or N threads); prints one row of handling "
        "figures per vehicle, * marking the best; --out writes the CSV report (figures, derived values, "
        "differing parameters)");
    compare->add_option("VEHICLE.json", c.vehicles, "2 to " + std::to_string(kMaxCompared) + " vehicle files (1 with --models physx41,physx5)")
        ->required();
    compare->add_option("--maneuver", c.maneuver, "the maneuver every vehicle runs (required)")->type_name("M.json");
    compare->add_option("--terrain", c.terrain, "the terrain file (default: an endless flat plane)")->type_name("T.json");
    compare->add_option("--out", c.out, "write the CSV report")->type_name("report.csv");
    compare->add_flag("--all-parameters", c.allParameters, "the report lists every parameter, not only those that differ");
    compare->add_option("--models", c.models,
                        "run every vehicle under each of these model generations (physx41, physx5), side by side: "
                        "--models physx41,physx5 compares one car under both")
        ->type_name("M[,M]")
        ->delimiter(',')
        ->check(CLI::IsMember({"physx41", "physx5"}));
    compare->add_option("--threads", c.threads, "run on N threads, 1 to 64 (default: all cores)")
        ->type_name("N")
        ->check(wholeNumberIn(1, 64));
    commands.push_back({compare, [&o] { return compareCommand(o.compare); }});
}

void addExchangeCommands(CLI::App& app, CommandOptions& o, std::vector<Command>& commands)
{
    ExportOptions& e = o.exporting;
    CLI::App* exporter = addCommand(app, "export",
        "the vehicle as PhysX 5 snippet files (DIR/Base.json and EngineDrive.json or DirectDrive.json), as an "
        "Omniverse USD layer (FILE.usda) or as Unity WheelColliders (JSON for resources/unity/JounceVehicleLoader.cs, "
        "docs/unity.md), printing what the conversion approximated or dropped, and why; or a recorded run as a "
        "MoTeC i2 log (OUT.ld and OUT.ldx: channels in i2's names and units, the maneuver's phases and laps as "
        "beacons) or MoTeC CSV (docs/motec.md)");
    exporter->add_option("physx5|usd|unity|motec", e.format, "the format to write")->required();
    exporter->add_option("VEHICLE.json|RUN.jrun", e.vehicle,
                         "the vehicle to export; motec: the run file (or a Jounce telemetry CSV)")
        ->required();
    exporter->add_option("-o,--out", e.out,
                         "the folder (physx5) or file (usd, unity; motec: OUT.ld, its OUT.ldx beside it, or OUT.csv "
                         "with --csv) to write (required)")
        ->type_name("DIR_OR_FILE");
    exporter->add_option("--frame", e.frame,
                         "physx5: snippet writes y up, z forward as the snippets do (the default); iso writes z up, "
                         "x forward")
        ->type_name("snippet|iso");
    exporter->add_flag("--csv", e.csv, "motec: MoTeC CSV instead of the .ld log");
    exporter->add_option("--axis", e.axis, "motec --csv: a row per sample (time, the default) or per distance step")
        ->type_name("time|distance");
    exporter->add_option("--layout", e.layout,
                         "motec --csv: i2's preamble, names and units rows (motec, the default), or one header row of "
                         "\"Name (unit)\" for PlotJuggler and spreadsheets (plain)")
        ->type_name("motec|plain");
    exporter->add_option("--maneuver", e.maneuver,
                         "motec: the maneuver the run drove; its phases (and laps of closed paths) become beacons")
        ->type_name("M.json");
    commands.push_back({exporter, [&o] { return exportCommand(o.exporting); }});

    ImportOptions& i = o.importing;
    CLI::App* importer = addCommand(app, "import",
        "a PhysX 5 (BASE.json ENGINE.json), USD (FILE.usda) or Unity (a .prefab, a .unity scene or the JSON of "
        "export unity) vehicle as a Jounce vehicle, or a Magic Formula tire (FILE.tir) onto the --wheels of the "
        "--into vehicle, validated (to stdout without --out); prints the conversion report; writes nothing when a "
        "file or the vehicle has an error");
    importer->add_option("physx5|usd|unity|tir", i.format, "the format to read")->required();
    importer->add_option("FILE", i.files, "physx5: BASE.json and ENGINE.json (EngineDrive.json or DirectDrive.json); "
                                        "usd: FILE.usda; unity: FILE; tir: a TNO/ADAMS tire property file (MF 5.2 or 6.1)")
        ->required();
    importer->add_option("-o,--out", i.out, "write the vehicle to this file")->type_name("V.json");
    importer->add_option("--base", i.base,
                       "physx5, usd: take what the files lack (chassis box, anti-roll bars, surfaces, controls) from "
                       "this vehicle")
        ->type_name("B.json");
    importer->add_option("--differential", i.differential, "physx5: the differential (default: auto)")
        ->type_name("auto|four-wheel|multi-wheel|tank");
    importer->add_option("--model", i.model,
                         "physx5: simulate the car with PhysX 5's vehicle2 model as NVIDIA's reader sets it up (the "
                         "default) or convert it to the PhysX 4.1 model, with a report of what changes")
        ->type_name("physx5|physx41");
    importer->add_option("--wheels", i.wheels,
                         "tir: the wheels that get the tire: front (ahead of the centre of mass), rear or all")
        ->type_name("front|rear|all");
    importer->add_option("--into", i.into, "tir: the vehicle the tire goes onto (its other values are kept)")
        ->type_name("V.json");
    commands.push_back({importer, [&o] { return importCommand(o.importing); }});
}

void addSweepCommands(CLI::App& app, CommandOptions& o, std::vector<Command>& commands)
{
    SweepOptions& s = o.sweep;
    CLI::App* sweep = addCommand(app, "sweep",
        "every point of a sweep file (docs/sweeps.md) on all cores (or N threads), one CSV row per point: its id, "
        "parameter values, figures and status; or the sweep planned into chunks for a cluster, one chunk run, the "
        "chunks' results merged, a sensitivity study or a heat map");
    sweep->footer(std::string("Modes: ") + kSweepUsage);
    sweep->add_option("SWEEP.json", s.file, "the sweep file (not with --run-chunk or --collect)");
    sweep->add_option("--out", s.out, "write the CSV (results, tornado table or matrix) to this file instead of stdout")
        ->type_name("FILE");
    sweep->add_option("--threads", s.threads, "run on N threads, 1 to 256 (default: all cores)")
        ->type_name("N")
        ->check(wholeNumberIn(1, 256));
    sweep->add_option("--plan", s.plan,
                      "write --chunks self-contained chunk files, a Slurm array script and a GNU parallel script in DIR")
        ->type_name("DIR");
    sweep->add_option("--chunks", s.chunks, "how many chunks --plan writes, 1 to " + std::to_string(sweep::kMaxChunks))
        ->type_name("N")
        ->check(wholeNumberIn(1, static_cast<long>(sweep::kMaxChunks)));
    sweep->add_option("--run-chunk", s.runChunk, "run one chunk of a plan (with --out RESULT.csv)")
        ->type_name("CHUNK.json");
    sweep->add_option("--collect", s.collect, "merge the chunks' results in DIR, checking every point is there once")
        ->type_name("DIR");
    sweep->add_flag("--sensitivity", s.sensitivity,
                    "one at a time: each parameter at its low and high end, the others at the base; a tornado table "
                    "per figure");
    sweep->add_option("--heatmap", s.heatmap, "FIGURE over a grid of two parameters, as a matrix")->type_name("FIGURE");
    sweep->add_flag("--quiet", s.quiet, "no progress bar (it is shown only when stderr is a terminal)");
    commands.push_back({sweep, [&o] { return sweepCommand(o.sweep); }});

    CLI::App* tune = addCommand(app, "tune",
        "the optimiser (NLopt Nelder-Mead): moves the parameters within their ranges toward the \"tune\" targets of "
        "the sweep file; every evaluation kept; exit 1 if not reached");
    tune->add_option("SWEEP.json", o.tune.file, "the sweep file with a \"tune\" section")->required();
    tune->add_option("--out", o.tune.out, "write every evaluation as CSV")->type_name("evaluations.csv");
    tune->add_option("--vehicle-out", o.tune.vehicleOut, "write the best vehicle")->type_name("tuned.json");
    tune->add_flag("--quiet", o.tune.quiet, "no progress bar (it is shown only when stderr is a terminal)");
    commands.push_back({tune, [&o] { return tuneCommand(o.tune); }});

    CLI::App* levers = addCommand(app, "levers",
        "which parameters move a figure: each lever (per axle the bar, springs, dampers, brakes and tire "
        "stiffness and grip; mass, engine torque, final ratio) at -20 % and +20 % alone on the figure's library "
        "maneuver, ranked by the change of the figure (docs/sweeps.md)");
    levers->add_option("VEHICLE.json", o.levers.vehicle, "the vehicle")->required();
    levers->add_option("--figure", o.levers.figure, "the figure id, e.g. understeerGradient (required)")
        ->type_name("FIGURE")
        ->required();
    levers->add_option("--out", o.levers.out, "write every lever as CSV")->type_name("levers.csv");
    levers->add_option("--threads", o.levers.threads, "run on N threads, 1 to 256 (default: all cores)")
        ->type_name("N")
        ->check(wholeNumberIn(1, 256));
    levers->add_flag("--quiet", o.levers.quiet, "no progress bar (it is shown only when stderr is a terminal)");
    commands.push_back({levers, [&o] { return leversCommand(o.levers); }});
}

void addTireCommands(CLI::App& app, TireFitOptions& o, std::vector<Command>& commands)
{
    CLI::App* tire = addCommand(app, "tire", "tire models: fit one to another (tire fit)");
    tire->require_subcommand(1);
    CLI::App* fit = tire->add_subcommand("fit",
        "fit the tires of a vehicle's wheels to another tire model (Magic Formula, PhysX or Unity) at each wheel's "
        "rest load, and print the error of the pure-slip forces over the slips compared (docs/tires.md); with --out, "
        "write the vehicle with the fitted tires, validated");
    fit->add_option("--vehicle", o.vehicle, "the vehicle whose tires are fitted (required)")->type_name("V.json");
    fit->add_option("--to", o.to, "the tire model to fit (required)")->type_name("magicFormula|physx|unity");
    fit->add_option("--wheels", o.wheels, "the wheels: front (ahead of the centre of mass), rear or all (the default)")
        ->type_name("front|rear|all");
    fit->add_option("--slip-ratio-range", o.slipRatioRange, "the longitudinal slips compared (default: -1,1)")
        ->type_name("MIN,MAX");
    fit->add_option("--slip-angle-range", o.slipAngleRange, "the slip angles compared, rad (default: -0.5,0.5)")
        ->type_name("MIN,MAX");
    fit->add_option("--evaluations", o.evaluations, "the most evaluations of each search, 10 to 1000000 (default: 4000)")
        ->type_name("N")
        ->check(wholeNumberIn(10, 1000000));
    fit->add_option("-o,--out", o.out, "write the vehicle with the fitted tires to this file")->type_name("OUT.json");
    commands.push_back({fit, [&o] { return tireFitCommand(o); }});
}

int dispatch(int argc, char** argv)
{
    CLI::App app("jounce-cli - vehicle files of the Jounce tuning workbench", "jounce-cli");
    app.formatter(std::make_shared<HelpFormatter>());
    app.set_help_flag("-h,--help", "print this help and exit");
    // Before the commands are added, so that they take these over: one command per call, and an
    // option given twice keeps its last value, as the hand-written parsers did.
    app.require_subcommand(1);
    app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);

    CommandOptions o;
    std::vector<Command> commands;
    addFileCommands(app, o, commands);
    addRunCommand(app, o.run, commands);
    addDoctorCommand(app, o.doctor, commands);
    addCompareCommands(app, o, commands);
    addExchangeCommands(app, o, commands);
    addSweepCommands(app, o, commands);
    addTireCommands(app, o.tireFit, commands);
    // `jounce-cli help` is --help, not listed; what follows it is ignored, as it always was.
    const CLI::App* help = app.add_subcommand("help", "")->group("")->allow_extras();
    // After the commands: they would take it over.
    app.footer("jounce-cli COMMAND --help lists the command's options. Exit codes: 0 success, 1 the files or run "
               "failed, 2 the command line was wrong.");

    if (argc < 2) {
        std::cerr << app.help();
        return 2;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return reportParseError(app, e);
    }
    for (const Command& command : commands)
        if (command.app->parsed())
            return command.run();
    if (help->parsed())  // the list of commands, not the help of `help`
        std::cout << app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal);
    return 0;
}

}  // namespace
}  // namespace jounce::cli

int main(int argc, char** argv)
{
    // Every expected failure is reported by the commands; this is the last line of defence: no
    // exception leaves main (that would abort with a core dump instead of a message and exit 3).
    try {
        return jounce::cli::dispatch(argc, argv);
    } catch (const std::exception& e) {
        std::cerr << "jounce-cli: internal error: " << e.what() << "\n";
    } catch (...) {
        std::cerr << "jounce-cli: internal error: an unknown exception\n";
    }
    return 3;
}
