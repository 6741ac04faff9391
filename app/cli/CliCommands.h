#pragma once
// The subcommands of jounce-cli. Each takes its arguments (after the subcommand name) and returns
// the process exit code: 0 success, 1 the files or run failed, 2 the command line was wrong.

#include <string>
#include <vector>

namespace jounce::cli {

using Args = std::vector<std::string>;

int validateCommand(const Args& args);
int formatCommand(const Args& args);
int paramsCommand(const Args& args);
int schemaCommand(const Args& args);
int runCommand(const Args& args);
int doctorCommand(const Args& args);

/// Prints "jounce-cli: message" to stderr and returns 2.
int usageError(const std::string& message);

}  // namespace jounce::cli
