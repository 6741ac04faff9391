#pragma once
// The subcommands of jounce-cli. main.cpp reads the command line into each command's options (CLI11
// checks names, types and ranges there); each command checks how its options combine, runs, and
// returns the process exit code: 0 success, 1 the files or run failed, 2 the command line was wrong.

#include "json/Problem.h"

#include <cstddef>
#include <string>
#include <vector>

namespace jounce::sim {
struct Maneuver;
struct RunLog;
}  // namespace jounce::sim

namespace jounce::cli {

/// jounce-cli compare runs at most this many vehicles at once (the GUI compares 2 to 4).
inline constexpr int kMaxCompared = 20;

/// jounce-cli run --duration is at most a day (s), and a run at most 10 M steps (RunCommand.cpp).
inline constexpr double kMaxRunDuration = 86400.0;

/// The modes of jounce-cli sweep in one line, for its help and its usage errors.
inline constexpr const char* kSweepUsage =
    "jounce-cli sweep SWEEP.json [--out results.csv] [--threads N] | SWEEP.json --plan DIR --chunks N | "
    "--run-chunk CHUNK.json --out RESULT.csv | --collect DIR --out all.csv | SWEEP.json --sensitivity | "
    "SWEEP.json --heatmap FIGURE";

struct ValidateOptions {
    std::vector<std::string> files;  // at least one: the command line requires it
};

struct FormatOptions {
    std::vector<std::string> files;  // at least one
    bool check = false;
};

struct ParamsOptions {
    std::string vehicle;
    bool all = false;
};

struct SchemaOptions {
    std::string format = "vehicle";
};

struct RunOptions {
    std::string vehicle;
    std::string terrain;
    std::string maneuver;
    std::string out;
    std::string poses;
    bool figuresJson = false;
    double duration = 0.0;  // 0: the maneuver's own length (capped at 600 s); else in (0, 86400]
    std::vector<std::string> sets;
    std::string start;  // --start: a named start point of the terrain, or X,Y[,HEADING]
    std::string record;  // --record: the run file to write
    std::string inputs;  // --inputs: the run file whose driver inputs are replayed
    std::vector<std::string> channels;  // --channel NAME=EXPR: maths channels summarised after the run
    std::string motec;  // --motec: the MoTeC i2 log to write (and its .ldx)
};

struct DoctorOptions {
    std::string vehicle;
    std::string maneuver;
    std::string terrain;
    bool json = false;
    bool list = false;
};

/// diff A B and patch BASE DIFF: two files and where the result goes ("" for stdout).
struct TwoFileOptions {
    std::string first;
    std::string second;
    std::string out;
};

struct CompareOptions {
    std::vector<std::string> vehicles;  // at least one on the command line; compare needs two
    std::string maneuver;
    std::string terrain;
    std::string out;
    int threads = 0;  // 0: all cores
    bool allParameters = false;
    std::vector<std::string> models;  // physx41, physx5: every vehicle under each; empty: each file's own
};

struct ImportOptions {
    std::string format;  // physx5, usd, unity or tir
    std::vector<std::string> files;
    std::string out;
    std::string base;
    std::string differential = "auto";
    std::string model = "physx5";  // physx5: the model the car is simulated with
    std::string wheels;            // tir: front, rear or all
    std::string into;              // tir: the vehicle the tire goes onto
};

struct ExportOptions {
    std::string format;  // physx5, usd, unity or motec
    std::string vehicle;  // the vehicle file; motec: the run file (.jrun) or telemetry CSV
    std::string out;
    std::string frame = "snippet";
    bool csv = false;        // motec: MoTeC CSV instead of .ld
    std::string axis;        // motec --csv: time (the default) or distance
    std::string layout;      // motec --csv: motec (the default) or plain
    std::string maneuver;    // motec: the maneuver the run drove, for its phases as beacons
};

struct SweepOptions {
    std::string file, out, plan, runChunk, collect, heatmap;
    std::size_t chunks = 0;
    int threads = 0;  // 0: all cores
    bool sensitivity = false;
    bool quiet = false;  // no progress bar (there is none unless stderr is a terminal)
};

struct TuneOptions {
    std::string file;
    std::string out;
    std::string vehicleOut;
    bool quiet = false;
};

/// tire fit (TireCommands.cpp): a vehicle's tires fitted to another tire model.
struct TireFitOptions {
    std::string vehicle;
    std::string to;              // magicFormula, physx or unity
    std::string wheels = "all";  // front, rear or all
    std::string slipRatioRange;  // "MIN,MAX"; empty: the default
    std::string slipAngleRange;  // "MIN,MAX" (rad); empty: the default
    int evaluations = 4000;      // per search
    std::string out;
};

/// levers (LeversCommand.cpp): the parameters that move one figure of a vehicle most.
struct LeversOptions {
    std::string vehicle;
    std::string figure;
    std::string out;  // CSV of every lever; empty: none
    int threads = 0;  // 0: all cores
    bool quiet = false;
};

int validateCommand(const ValidateOptions& options);
int formatCommand(const FormatOptions& options);
int paramsCommand(const ParamsOptions& options);
int schemaCommand(const SchemaOptions& options);
int runCommand(const RunOptions& options);
int doctorCommand(const DoctorOptions& options);
int diffCommand(const TwoFileOptions& options);
int patchCommand(const TwoFileOptions& options);
int compareCommand(const CompareOptions& options);
/// import FORMAT ... and export FORMAT ... (ExchangeCommands.cpp): PhysX 5 JSON, USD and Unity;
/// import tir puts a Magic Formula tire onto a vehicle's wheels.
int importCommand(const ImportOptions& options);
int exportCommand(const ExportOptions& options);
/// export motec RUN.jrun (MotecCommands.cpp): a recorded run as a MoTeC i2 log or MoTeC CSV.
int exportMotecCommand(const ExportOptions& options);
/// run --motec: the run just recorded as `path` and its .ldx, the phases of `maneuver` (null:
/// none) as beacons; prints what was written. 0, or 1 with the error printed.
int writeMotecLog(const sim::RunLog& run, const sim::Maneuver* maneuver, const std::string& path);
/// sweep ... and tune ... (SweepCommand.cpp, SweepAnalysisCommands.cpp): sweeps, chunked plans,
/// sensitivity and the optimiser (docs/sweeps.md).
int sweepCommand(const SweepOptions& options);
int tuneCommand(const TuneOptions& options);
int tireFitCommand(const TireFitOptions& options);
int leversCommand(const LeversOptions& options);

/// Prints "jounce-cli: message" to stderr and returns 2.
int usageError(const std::string& message);

/// Prints every problem as "FILE: /pointer: message" to stderr.
void printProblems(const std::string& file, const Problems& problems);

}  // namespace jounce::cli
