#include "exchange/tir/TirFile.h"

#include "json/JsonText.h"
#include "json/TextFile.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace jounce::exchange {
namespace {

/// Past this many errors the reader stops listing them: a file that wrong is not a .tir file.
constexpr std::size_t kMaxErrors = 50;

bool isSpace(char c) { return c == ' ' || c == '\t'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isLetter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
bool isKeyChar(char c) { return isLetter(c) || isDigit(c) || c == '_'; }
bool isCommentStart(char c) { return c == '$' || c == '!'; }

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

std::string upper(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        if (c >= 'a' && c <= 'z')
            c = static_cast<char>(c - 'a' + 'A');
    return out;
}

/// A piece of the file in a message: cut to 40 bytes (on a UTF-8 character boundary).
std::string excerpt(std::string_view s)
{
    if (s.size() > 40) {
        std::size_t cut = 40;
        while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
            --cut;
        return "'" + std::string(s.substr(0, cut)) + "...'";
    }
    return "'" + std::string(s) + "'";
}

/// A number as .tir files write them: 12, -0.5, .5, 5., +1.2e+003, 1.0D-2 (Fortran's exponent).
/// nullopt for anything else (words, nan, inf, hexadecimal), and, with `tooLarge` set, for a number
/// beyond the range of a double (1e400).
std::optional<double> parseNumber(std::string_view s, bool* tooLarge = nullptr)
{
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    std::string normal(s);
    std::size_t i = 0;
    if (i < normal.size() && normal[i] == '-')
        ++i;
    std::size_t digits = 0;
    for (; i < normal.size() && isDigit(normal[i]); ++i)
        ++digits;
    if (i < normal.size() && normal[i] == '.')
        for (++i; i < normal.size() && isDigit(normal[i]); ++i)
            ++digits;
    if (digits == 0)
        return std::nullopt;
    if (i < normal.size() && (normal[i] == 'e' || normal[i] == 'E' || normal[i] == 'd' || normal[i] == 'D')) {
        normal[i++] = 'e';
        if (i < normal.size() && (normal[i] == '+' || normal[i] == '-'))
            ++i;
        const std::size_t start = i;
        while (i < normal.size() && isDigit(normal[i]))
            ++i;
        if (i == start)
            return std::nullopt;
    }
    if (i != normal.size())
        return std::nullopt;
    double v = 0.0;
    const auto [end, ec] = std::from_chars(normal.data(), normal.data() + normal.size(), v);
    if (ec == std::errc::result_out_of_range && tooLarge)
        *tooLarge = true;
    if (ec != std::errc() || end != normal.data() + normal.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

/// The bytes of one line that no text file has: "" when there are none, else why the file is refused.
std::string binaryReason(std::string_view line)
{
    for (const char c : line) {
        const auto u = static_cast<unsigned char>(c);
        if (u == 0)
            return "a NUL byte: this is a binary file, not a .tir text file";
        if ((u < 0x20 && c != '\t') || u == 0x7F) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02X", u);
            return std::string("control character ") + hex + ": this is not a .tir text file";
        }
    }
    if (!json::isValidUtf8(line))
        return "not UTF-8 text: this is not a .tir text file (or one saved in another encoding)";
    return {};
}

/// Reads the lines, one at a time, into a TirFile.
class Reader {
public:
    explicit Reader(Problems& problems) : problems_(problems) {}

    /// Reads every line; false when an error stopped the reading or was found on the way.
    bool read(std::string_view text);
    TirFile take() { return std::move(file_); }

private:
    /// Reports an error at the current line; false once there are too many to go on.
    bool error(const std::string& message);
    /// One line without its end; false to stop reading.
    bool line(std::string_view s);
    void sectionLine(std::string_view s);
    void tableLine(std::string_view s);
    void entryLine(std::string_view s);
    /// Reads the value after `KEY =` into `e`; false (with an error) when there is none to read.
    bool value(std::string_view s, TirEntry& e);
    /// The rest of a line after what it holds: nothing, or a comment.
    bool onlyComment(std::string_view rest, const std::string& after);

    Problems& problems_;
    TirFile file_;
    std::unordered_map<std::string, int> seen_;  ///< "SECTION\nKEY" -> line
    int line_ = 0;
    std::size_t errors_ = 0;
    bool stop_ = false;  ///< an error that ends the reading
};

bool Reader::error(const std::string& message)
{
    problems_.error(tirLine(line_), message);
    if (++errors_ < kMaxErrors)
        return true;
    problems_.error(tirLine(line_), "more than " + std::to_string(kMaxErrors) + " errors: the reading stops here");
    return false;
}

bool Reader::read(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")  // a UTF-8 byte order mark
        text.remove_prefix(3);
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t nl = text.find('\n', start);
        std::string_view s = text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
        start = nl == std::string_view::npos ? text.size() : nl + 1;
        ++line_;
        if (line_ > static_cast<int>(kMaxTirLines)) {
            error("more than " + std::to_string(kMaxTirLines) + " lines: a .tir file has a few hundred");
            return false;
        }
        if (!s.empty() && s.back() == '\r')
            s.remove_suffix(1);
        if (s.size() > kMaxTirLineBytes) {
            error("the line is " + std::to_string(s.size()) + " bytes long, more than the " +
                  std::to_string(kMaxTirLineBytes) + " allowed");
            return false;
        }
        if (const std::string why = binaryReason(s); !why.empty()) {
            error(why);
            return false;
        }
        if (!line(s))
            return false;
    }
    if (file_.entries.empty() && errors_ == 0) {
        line_ = 1;
        error("no KEY = value line: this is not a tire property file");
    }
    return errors_ == 0;
}

bool Reader::line(std::string_view s)
{
    s = trimmed(s);
    if (s.empty() || isCommentStart(s.front()))
        return true;
    const std::size_t before = errors_;
    if (s.front() == '[')
        sectionLine(s);
    else if (s.front() == '{' || isDigit(s.front()) || s.front() == '-' || s.front() == '+' || s.front() == '.')
        tableLine(s);
    else if (isLetter(s.front()) || s.front() == '_')
        entryLine(s);
    else
        error("expected [SECTION], KEY = value, a table row or a comment, got " + excerpt(s));
    return !stop_ && (errors_ == before || errors_ < kMaxErrors);
}

bool Reader::onlyComment(std::string_view rest, const std::string& after)
{
    rest = trimmed(rest);
    if (rest.empty() || isCommentStart(rest.front()))
        return true;
    error("unexpected " + excerpt(rest) + " after " + after + " (comments begin with $ or !)");
    return false;
}

void Reader::sectionLine(std::string_view s)
{
    const std::size_t close = s.find(']');
    if (close == std::string_view::npos) {
        error("a section name without its closing ]: " + excerpt(s));
        return;
    }
    const std::string_view name = trimmed(s.substr(1, close - 1));
    if (name.empty()) {
        error("an empty section name []");
        return;
    }
    for (const char c : name) {
        if (!isKeyChar(c) && c != ' ' && c != '-') {
            error("a section name is letters, digits and _, got [" + std::string(name.substr(0, 40)) + "]");
            return;
        }
    }
    if (!onlyComment(s.substr(close + 1), "[" + std::string(name) + "]"))
        return;
    if (file_.sections.size() == kMaxTirSections) {
        error("more than " + std::to_string(kMaxTirSections) + " sections: a .tir file has about 20");
        stop_ = true;
        return;
    }
    file_.sections.push_back({upper(name), line_, 0, 0});
}

void Reader::tableLine(std::string_view s)
{
    if (file_.sections.empty()) {
        error("a table row before any [SECTION]: " + excerpt(s));
        return;
    }
    TirSection& section = file_.sections.back();
    if (s.front() == '{') {
        if (s.find('}') == std::string_view::npos) {
            error("a table header without its closing }: " + excerpt(s));
            return;
        }
    } else {
        // A row: numbers separated by spaces, up to a comment.
        std::string_view rest = s;
        while (!(rest = trimmed(rest)).empty() && !isCommentStart(rest.front())) {
            std::size_t end = 0;
            while (end < rest.size() && !isSpace(rest[end]) && !isCommentStart(rest[end]))
                ++end;
            if (!parseNumber(rest.substr(0, end))) {
                error("a table row holds numbers only, got " + excerpt(rest.substr(0, end)) +
                      " (a KEY begins with a letter)");
                return;
            }
            rest.remove_prefix(end);
        }
        ++section.tableRows;
    }
    if (section.tableLine == 0)
        section.tableLine = line_;
}

void Reader::entryLine(std::string_view s)
{
    std::size_t k = 0;
    while (k < s.size() && isKeyChar(s[k]))
        ++k;
    TirEntry e;
    e.key = upper(s.substr(0, k));
    e.line = line_;
    std::string_view rest = trimmed(s.substr(k));
    if (rest.empty() || rest.front() != '=') {
        error("expected = after the key " + excerpt(e.key) + ", got " + (rest.empty() ? std::string("the end of the line") : excerpt(rest)));
        return;
    }
    if (file_.sections.empty()) {
        error(e.key + " = ... before any [SECTION]: a key belongs to a section");
        return;
    }
    e.section = file_.sections.back().name;
    if (!value(rest.substr(1), e))
        return;
    const auto [it, fresh] = seen_.emplace(e.section + "\n" + e.key, line_);
    if (!fresh) {
        error(e.key + " is given twice in [" + e.section + "] (first at line " + std::to_string(it->second) + ")");
        return;
    }
    file_.entries.push_back(std::move(e));
}

bool Reader::value(std::string_view s, TirEntry& e)
{
    s = trimmed(s);
    if (s.empty() || isCommentStart(s.front())) {
        error(e.key + " has no value");
        return false;
    }
    if (s.front() == '\'' || s.front() == '"') {
        const std::size_t close = s.find(s.front(), 1);
        if (close == std::string_view::npos) {
            error("the string of " + e.key + " is not closed: " + excerpt(s));
            return false;
        }
        e.isText = true;
        e.text = std::string(s.substr(1, close - 1));
        return onlyComment(s.substr(close + 1), "the value of " + e.key);
    }
    std::size_t end = 0;
    while (end < s.size() && !isSpace(s[end]) && !isCommentStart(s[end]))
        ++end;
    bool tooLarge = false;
    const std::optional<double> v = parseNumber(s.substr(0, end), &tooLarge);
    if (!v) {
        error(e.key + " = " + excerpt(s.substr(0, end)) +
              (tooLarge ? ": out of the range of a number" : ": not a number (a text value is quoted: 'LEFT')"));
        return false;
    }
    e.written = e.number = *v;
    return onlyComment(s.substr(end), "the value of " + e.key);
}

/// Applies [UNITS]: reads the units, then turns every number into SI by its key's dimension.
bool applyUnits(TirFile& file, Problems& problems)
{
    bool ok = true;
    for (const TirSection& s : file.sections)
        file.hasUnits = file.hasUnits || s.name == "UNITS";
    for (const TirEntry& e : file.entries) {
        if (e.section != "UNITS")
            continue;
        if (!tir::isUnitKey(e.key)) {
            problems.warning(tirLine(e.line), "[UNITS] " + e.key + " is not a quantity Jounce converts: ignored");
            continue;
        }
        const std::string err = e.isText ? tir::setUnit(file.units, e.key, e.text)
                                         : std::string("a unit is a quoted name ('meter'), got a number");
        if (!err.empty()) {
            problems.error(tirLine(e.line), e.key + " = " + excerpt(e.isText ? e.text : json::formatNumber(e.written)) + ": " + err);
            ok = false;
        }
    }
    if (!file.hasUnits)
        problems.warning(tirLine(1), "no [UNITS] section: the numbers are read as SI (meter, newton, radian, kg, "
                                     "second, pascal)");
    for (TirEntry& e : file.entries) {
        if (e.isText || e.section == "UNITS")
            continue;
        e.number = e.written * file.units.factor(tir::dimensionOf(e.key));
        if (!std::isfinite(e.number)) {
            problems.error(tirLine(e.line), e.key + " = " + json::formatNumber(e.written) + " overflows in SI units");
            ok = false;
        }
    }
    return ok;
}

}  // namespace

std::string tirLine(int line) { return "line " + std::to_string(line); }

const TirEntry* TirFile::find(std::string_view section, std::string_view key) const
{
    std::string k(section);
    k += '\n';
    k += key;
    const auto it = index_.find(k);
    return it == index_.end() ? nullptr : &entries[it->second];
}

void TirFile::index()
{
    index_.clear();
    for (std::size_t i = 0; i < entries.size(); ++i)
        index_.emplace(entries[i].section + "\n" + entries[i].key, i);
}

std::optional<TirFile> parseTir(std::string_view text, Problems& problems)
{
    if (text.size() > kMaxTirBytes) {
        problems.error(tirLine(1), "the file is " + std::to_string(text.size()) + " bytes, more than the " +
                                       std::to_string(kMaxTirBytes) + " allowed");
        return std::nullopt;
    }
    Reader reader(problems);
    if (!reader.read(text))
        return std::nullopt;
    TirFile file = reader.take();
    if (!applyUnits(file, problems))
        return std::nullopt;
    file.index();
    return file;
}

std::optional<TirFile> readTirFile(const std::string& path, Problems& problems)
{
    std::string text;
    if (const std::string err = json::readTextFile(path, kMaxTirBytes, text); !err.empty()) {
        problems.error(tirLine(1), err);
        return std::nullopt;
    }
    return parseTir(text, problems);
}

}  // namespace jounce::exchange
