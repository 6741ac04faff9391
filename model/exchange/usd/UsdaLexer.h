#pragma once
// The tokens of a .usda layer (private to UsdaParser.cpp): identifiers, numbers (inf and nan
// included), strings, paths, asset paths and punctuation, with the line each starts on. Comments
// are skipped; anything else is a SyntaxError at its line.

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>

namespace jounce::exchange::usda::lex {

struct SyntaxError {
    int line;
    std::string message;
};

enum class Tok { End, Ident, Number, String, Path, Asset, Punct };

struct Token {
    Tok kind = Tok::End;
    std::string text;
    double number = 0.0;
    int line = 1;
};

inline bool identStart(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
inline bool identChar(char c) { return identStart(c) || (c >= '0' && c <= '9') || c == ':' || c == '.'; }
inline bool digit(char c) { return c >= '0' && c <= '9'; }

inline std::string describe(const Token& t)
{
    switch (t.kind) {
    case Tok::End:
        return "the end of the file";
    case Tok::String:
        return "a string";
    case Tok::Number:
        return "a number";
    case Tok::Path:
        return "a path";
    case Tok::Asset:
        return "an asset path";
    default:
        return "\"" + t.text.substr(0, 40) + "\"";
    }
}

class Lexer {
public:
    explicit Lexer(std::string_view text) : s_(text) {}

    Token next()
    {
        skipSpace();
        Token t;
        t.line = line_;
        if (i_ >= s_.size())
            return t;
        const char c = s_[i_];
        if (c == '"' || c == '\'')
            return string(t);
        if (c == '<')
            return delimited(t, Tok::Path, '>');
        if (c == '@')
            return asset(t);
        if (digit(c) || ((c == '-' || c == '+' || c == '.') && i_ + 1 < s_.size() &&
                         (digit(s_[i_ + 1]) || s_[i_ + 1] == '.' || s_.substr(i_ + 1, 3) == "inf")))
            return numberToken(t);
        if (identStart(c)) {
            const std::size_t start = i_;
            while (i_ < s_.size() && identChar(s_[i_]))
                ++i_;
            t.kind = Tok::Ident;
            t.text = std::string(s_.substr(start, i_ - start));
            if (t.text == "inf" || t.text == "nan") {
                t.kind = Tok::Number;
                t.number = t.text == "inf" ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
            }
            return t;
        }
        if (std::string_view("()[]{}=,;:").find(c) != std::string_view::npos) {
            ++i_;
            t.kind = Tok::Punct;
            t.text = std::string(1, c);
            return t;
        }
        throw SyntaxError{line_, std::string("unexpected character '") + (c >= 32 && c < 127 ? std::string(1, c) : "?") + "'"};
    }

private:
    void skipSpace()
    {
        while (i_ < s_.size()) {
            const char c = s_[i_];
            if (c == '\n') {
                ++line_;
                ++i_;
            } else if (c == ' ' || c == '\t' || c == '\r') {
                ++i_;
            } else if (c == '#' || (c == '/' && i_ + 1 < s_.size() && s_[i_ + 1] == '/')) {
                while (i_ < s_.size() && s_[i_] != '\n')
                    ++i_;
            } else if (c == '/' && i_ + 1 < s_.size() && s_[i_ + 1] == '*') {
                const std::size_t end = s_.find("*/", i_ + 2);
                if (end == std::string_view::npos)
                    throw SyntaxError{line_, "a comment /* is never closed"};
                line_ += static_cast<int>(std::count(s_.begin() + static_cast<std::ptrdiff_t>(i_),
                                                     s_.begin() + static_cast<std::ptrdiff_t>(end), '\n'));
                i_ = end + 2;
            } else {
                return;
            }
        }
    }

    Token string(Token& t)
    {
        const char q = s_[i_];
        const bool triple = s_.substr(i_, 3) == std::string(3, q);
        i_ += triple ? 3 : 1;
        t.kind = Tok::String;
        while (true) {
            if (i_ >= s_.size())
                throw SyntaxError{t.line, "a string is never closed"};
            const char c = s_[i_];
            if (triple && s_.substr(i_, 3) == std::string(3, q)) {
                i_ += 3;
                return t;
            }
            if (!triple && c == q) {
                ++i_;
                return t;
            }
            if (c == '\n') {
                if (!triple)
                    throw SyntaxError{line_, "a string runs past the end of its line"};
                ++line_;
            }
            if (c == '\\' && i_ + 1 < s_.size()) {
                const char e = s_[++i_];
                t.text += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
            } else {
                t.text += c;
            }
            ++i_;
        }
    }

    Token delimited(Token& t, Tok kind, char close)
    {
        const std::size_t end = s_.find(close, i_ + 1);
        const std::size_t eol = s_.find('\n', i_ + 1);
        if (end == std::string_view::npos || end > eol)
            throw SyntaxError{line_, "a path <...> is never closed on its line"};
        t.kind = kind;
        t.text = std::string(s_.substr(i_ + 1, end - i_ - 1));
        i_ = end + 1;
        return t;
    }

    Token asset(Token& t)
    {
        const bool triple = s_.substr(i_, 3) == "@@@";
        const std::string_view close = triple ? "@@@" : "@";
        const std::size_t start = i_ + close.size();
        const std::size_t end = s_.find(close, start);
        if (end == std::string_view::npos || s_.substr(start, end - start).find('\n') != std::string_view::npos)
            throw SyntaxError{line_, "an asset path @...@ is never closed on its line"};
        t.kind = Tok::Asset;
        t.text = std::string(s_.substr(start, end - start));
        i_ = end + close.size();
        return t;
    }

    Token numberToken(Token& t)
    {
        const std::size_t start = i_;
        if (s_[i_] == '+' || s_[i_] == '-')
            ++i_;
        if (s_.substr(i_, 3) == "inf") {
            i_ += 3;
            t.kind = Tok::Number;
            t.number = s_[start] == '-' ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
            return t;
        }
        while (i_ < s_.size() && (digit(s_[i_]) || s_[i_] == '.' || s_[i_] == 'e' || s_[i_] == 'E' ||
                                  ((s_[i_] == '-' || s_[i_] == '+') && (s_[i_ - 1] == 'e' || s_[i_ - 1] == 'E'))))
            ++i_;
        const char* first = s_.data() + start + (s_[start] == '+' ? 1 : 0);
        const char* last = s_.data() + i_;
        const auto [ptr, ec] = std::from_chars(first, last, t.number);
        if (ec != std::errc() || ptr != last)
            throw SyntaxError{line_, "\"" + std::string(s_.substr(start, std::min<std::size_t>(i_ - start, 40))) +
                                         "\" is not a number"};
        t.kind = Tok::Number;
        return t;
    }

    std::string_view s_;
    std::size_t i_ = 0;
    int line_ = 1;
};

}  // namespace jounce::exchange::usda::lex
