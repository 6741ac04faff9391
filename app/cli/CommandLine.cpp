// The help layout, the numeric checks and the parse error report of jounce-cli's command line.

#include "CommandLine.h"

#include "json/NearestName.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace jounce::cli {
namespace {

constexpr std::size_t kHelpWidth = 100;  // columns of the help text
constexpr std::size_t kNameColumn = 32;  // where descriptions start

/// `text` broken at spaces so that no line is longer than `width` (a longer word stays whole).
std::string wrap(std::string text, std::size_t width)
{
    std::size_t lineStart = 0;
    std::size_t lastSpace = std::string::npos;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n') {
            lineStart = i + 1;
            lastSpace = std::string::npos;
            continue;
        }
        if (text[i] == ' ')
            lastSpace = i;
        if (i - lineStart >= width && lastSpace != std::string::npos && lastSpace > lineStart) {
            text[lastSpace] = '\n';
            lineStart = lastSpace + 1;
            lastSpace = std::string::npos;
        }
    }
    return text;
}

std::vector<std::string> commandNames(const CLI::App& app)
{
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) { return !s->get_name().empty(); }))
        names.push_back(sub->get_name());
    return names;
}

std::vector<std::string> optionNames(const CLI::App& app)
{
    std::vector<std::string> names;
    for (const CLI::Option* option : app.get_options([](const CLI::Option* o) { return o->nonpositional(); })) {
        for (const std::string& name : option->get_lnames())
            names.push_back("--" + name);
        for (const std::string& name : option->get_snames())
            names.push_back("-" + name);
    }
    return names;
}

std::string withoutDashes(const std::string& name)
{
    return name.substr(std::min(name.find_first_not_of('-'), name.size()));
}

/// The argument of `app` that CLI11 could not place: the first unknown option, else the first
/// unknown word. "" when there is none.
std::string firstUnknown(const CLI::App& app)
{
    std::string word;
    for (const std::string& arg : app.remaining()) {
        if (arg.size() > 1 && arg[0] == '-' && arg != "--")
            return arg;
        if (word.empty() && arg != "--")
            word = arg;
    }
    return word;
}

/// "unknown command 'x'" or "unexpected argument x", with the name it may be a typo of.
std::string describeUnknown(const CLI::App& app, const std::string& unknown)
{
    const bool option = unknown[0] == '-';
    const bool command = !option && !commandNames(app).empty();
    std::string message = command ? "unknown command '" + unknown + "'" : "unexpected argument " + unknown;
    if (option || command) {
        const std::string typed = option ? unknown.substr(0, unknown.find('=')) : unknown;
        if (const std::string nearest = nearestName(typed, option ? optionNames(app) : commandNames(app)); !nearest.empty())
            message += "; did you mean '" + nearest + "'?";
    }
    return message;
}

/// The subcommands from the top down to `app`: "" for jounce-cli itself, "run" for jounce-cli run.
std::string commandPath(const CLI::App& app)
{
    if (!app.get_parent())
        return {};
    const std::string above = commandPath(*app.get_parent());
    return above.empty() ? app.get_name() : above + " " + app.get_name();
}

}  // namespace

HelpFormatter::HelpFormatter()
{
    column_width(kNameColumn);
    label("Positionals", "Arguments");
}

std::string HelpFormatter::make_subcommand(const CLI::App* sub) const
{
    std::stringstream out;
    const std::string args = synopsis(*sub);
    CLI::detail::format_help(out, sub->get_name() + (args.empty() ? "" : " " + args),
                             wrap(sub->get_description(), kHelpWidth - kNameColumn), column_width_);
    return out.str();
}

std::string HelpFormatter::make_description(const CLI::App* app) const
{
    const std::string description = app->get_description();
    return description.empty() ? std::string() : wrap(description, kHelpWidth) + "\n";
}

std::string HelpFormatter::make_footer(const CLI::App* app) const
{
    const std::string footer = app->get_footer();
    return footer.empty() ? std::string() : wrap(footer, kHelpWidth) + "\n";
}

std::string HelpFormatter::make_usage(const CLI::App* app, std::string name) const
{
    const std::string args = synopsis(*app);
    return get_label("Usage") + ": " + name + (args.empty() ? "" : " " + args) + "\n";
}

std::string HelpFormatter::make_option(const CLI::Option* option, bool positional) const
{
    // An argument as in the usage line (FILE..., [vehicle|maneuver|terrain]), an option with its value.
    std::stringstream out;
    CLI::detail::format_help(out, positional ? make_option_usage(option) : make_option_name(option, false) + make_option_opts(option),
                             make_option_desc(option), column_width_);
    return out.str();
}

std::string HelpFormatter::make_option_desc(const CLI::Option* option) const
{
    return wrap(option->get_description(), kHelpWidth - kNameColumn);
}

std::string synopsis(const CLI::App& app)
{
    std::vector<std::string> parts;
    const auto isOption = [&app](const CLI::Option* o) { return o->nonpositional() && o != app.get_help_ptr(); };
    if (!app.get_options(isOption).empty())
        parts.push_back("[OPTIONS]");
    const CLI::Formatter plain;
    for (const CLI::Option* positional : app.get_options([](const CLI::Option* o) { return o->get_positional(); }))
        parts.push_back(plain.make_option_usage(positional));
    if (!app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); }).empty())
        parts.push_back("COMMAND");
    std::string text;
    for (const std::string& part : parts)
        text += (text.empty() ? "" : " ") + part;
    return text;
}

CLI::Validator wholeNumberIn(long min, long max)
{
    return CLI::Validator(
        [min, max](std::string& text) {
            char* end = nullptr;
            const long value = std::strtol(text.c_str(), &end, 10);
            if (end == text.c_str() || *end != '\0' || value < min || value > max)
                return "takes a number from " + std::to_string(min) + " to " + std::to_string(max) + ", got " + text;
            text = std::to_string(value);
            return std::string();
        },
        "");
}

CLI::Validator secondsUpTo(double max, const std::string& note)
{
    char bound[32];
    std::snprintf(bound, sizeof bound, "%g", max);
    const std::string expected = "takes a number of seconds in (0, " + std::string(bound) + "]" + note + ", got ";
    return CLI::Validator(
        [max, expected](std::string& text) {
            char* end = nullptr;
            const double value = std::strtod(text.c_str(), &end);
            // Written so that NaN fails too.
            const bool ok = end != text.c_str() && *end == '\0' && value > 0 && value <= max;
            return ok ? std::string() : expected + text;
        },
        "");
}

std::string nearestName(const std::string& typed, const std::vector<std::string>& names)
{
    std::vector<std::string> words;
    for (const std::string& name : names)
        words.push_back(withoutDashes(name));
    const std::optional<std::size_t> i = json::nearestName(withoutDashes(typed), words);
    return i ? names[*i] : std::string();
}

int reportParseError(const CLI::App& app, const CLI::ParseError& error)
{
    if (error.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success))
        return app.exit(error);  // --help: CLI11 prints the help of the command it was given to
    // The commands given, outermost first; an unknown argument is looked for innermost first.
    std::vector<const CLI::App*> given{&app};
    while (!given.back()->get_subcommands().empty())
        given.push_back(given.back()->get_subcommands().front());
    const CLI::App* where = given.back();
    std::string message = error.what();
    for (auto it = given.rbegin(); it != given.rend(); ++it)
        if (const std::string unknown = firstUnknown(**it); !unknown.empty()) {
            where = *it;
            message = describeUnknown(*where, unknown);
            break;
        }
    const std::string path = commandPath(*where);
    if (path.empty()) {
        std::cerr << "jounce-cli: " << message << "\n(see jounce-cli --help)\n";
    } else {
        std::cerr << "jounce-cli: " << path << ": " << message << "\nusage: jounce-cli " << path << " " << synopsis(*where)
                  << " (see jounce-cli " << path << " --help)\n";
    }
    return 2;
}

}  // namespace jounce::cli
