#pragma once
// The subcommands of jounce-cli. Each takes its arguments (after the subcommand name) and returns
// the process exit code: 0 success, 1 the files or run failed, 2 the command line was wrong.

#include "json/Problem.h"

#include <string>
#include <vector>

namespace jounce::cli {

using Args = std::vector<std::string>;

/// jounce-cli compare runs at most this many vehicles at once (the GUI compares 2 to 4).
inline constexpr int kMaxCompared = 20;

int validateCommand(const Args& args);
int formatCommand(const Args& args);
int paramsCommand(const Args& args);
int schemaCommand(const Args& args);
int runCommand(const Args& args);
int doctorCommand(const Args& args);
int diffCommand(const Args& args);
int patchCommand(const Args& args);
int compareCommand(const Args& args);
/// import FORMAT ... and export FORMAT ... (ExchangeCommands.cpp): PhysX 5 JSON, USD and Unity.
int importCommand(const Args& args);
int exportCommand(const Args& args);
/// sweep ... and tune ... (SweepCommand.cpp, SweepAnalysisCommands.cpp): sweeps, chunked plans,
/// sensitivity and the optimiser (docs/sweeps.md).
int sweepCommand(const Args& args);
int tuneCommand(const Args& args);

/// Prints "jounce-cli: message" to stderr and returns 2.
int usageError(const std::string& message);

/// Prints every problem as "FILE: /pointer: message" to stderr.
void printProblems(const std::string& file, const Problems& problems);

}  // namespace jounce::cli
