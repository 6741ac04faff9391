#pragma once
// What main.cpp's CLI11 command line shares: the help layout, the checks of numeric options and
// the report of a command line that does not parse (with "did you mean" for a mistyped name).

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace jounce::cli {

/// CLI11's help with each command's synopsis in the list of commands and descriptions wrapped to
/// the width of a terminal.
class HelpFormatter : public CLI::Formatter {
public:
    HelpFormatter();
    std::string make_subcommand(const CLI::App* sub) const override;
    std::string make_description(const CLI::App* app) const override;
    std::string make_footer(const CLI::App* app) const override;
    std::string make_usage(const CLI::App* app, std::string name) const override;
    std::string make_option(const CLI::Option* option, bool positional) const override;
    std::string make_option_desc(const CLI::Option* option) const override;
};

/// "[OPTIONS] POSITIONALS..." of a command (COMMAND for one with subcommands), as in its usage line.
std::string synopsis(const CLI::App& app);

/// A whole number in [min, max]. Read in base 10 as jounce-cli always did (CLI11 alone would take
/// 010 as octal and 0x10 as hex) and passed on as plain decimal for CLI11's conversion.
CLI::Validator wholeNumberIn(long min, long max);

/// A number of seconds in (0, max].
CLI::Validator secondsUpTo(double max, const std::string& note);

/// The name in `names` nearest to `typed` by edit distance when it is close enough to be a likely
/// typo (at most a third of the word's length apart, and at least one); "" when none is.
std::string nearestName(const std::string& typed, const std::vector<std::string>& names);

/// Reports a command line CLI11 could not parse and returns the exit code: help goes to stdout
/// (exit 0); anything else is "jounce-cli: COMMAND: message" and the command's usage on stderr
/// (exit 2). An unknown option or command is reported first, with the nearest name it may mean:
/// it usually explains whatever else went wrong.
int reportParseError(const CLI::App& app, const CLI::ParseError& error);

}  // namespace jounce::cli
