#include "exchange/usd/UsdaParser.h"

#include "json/JsonText.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace jounce::exchange::usda {
namespace {

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

bool identStart(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool identChar(char c) { return identStart(c) || (c >= '0' && c <= '9') || c == ':' || c == '.'; }
bool digit(char c) { return c >= '0' && c <= '9'; }

std::string describe(const Token& t)
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

constexpr const char* kListOps[] = {"prepend", "append", "add", "delete", "reorder"};

bool isListOp(const std::string& w)
{
    return std::any_of(std::begin(kListOps), std::end(kListOps), [&](const char* op) { return w == op; });
}

class Parser {
public:
    Parser(std::string_view text, const Limits& limits) : lex_(text), limits_(limits) { advance(); }

    Layer layer()
    {
        Layer out;
        if (punct('(')) {
            advance();
            metadata(out.metadata, nullptr);
        }
        while (tok_.kind != Tok::End)
            out.prims.push_back(prim("/"));
        return out;
    }

private:
    void advance()
    {
        tok_ = lex_.next();
        if (++values_ > limits_.maxValues)
            throw SyntaxError{tok_.line, "more than " + std::to_string(limits_.maxValues) + " values"};
    }
    bool punct(char c) const { return tok_.kind == Tok::Punct && tok_.text[0] == c; }
    bool word(const char* w) const { return tok_.kind == Tok::Ident && tok_.text == w; }
    void expect(char c, const char* what)
    {
        if (!punct(c))
            throw SyntaxError{tok_.line, std::string("expected '") + c + "' " + what + ", got " + describe(tok_)};
        advance();
    }
    std::string ident(const std::string& what)
    {
        if (tok_.kind != Tok::Ident)
            throw SyntaxError{tok_.line, std::string("expected ") + what + ", got " + describe(tok_)};
        std::string s = tok_.text;
        advance();
        return s;
    }
    void enter()
    {
        if (++depth_ > limits_.maxDepth)
            throw SyntaxError{tok_.line, "nested more than " + std::to_string(limits_.maxDepth) + " levels deep"};
    }

    /// A ( ... ) metadata block after its '(': key = value entries, list edits and doc strings.
    void metadata(std::vector<std::pair<std::string, Value>>& out, std::vector<std::string>* apiSchemas)
    {
        while (!punct(')')) {
            if (tok_.kind == Tok::String) {
                Value doc{Value::Kind::String, 0.0, tok_.text, {}, {}, "", tok_.line};
                out.emplace_back("doc", doc);
                advance();
                continue;
            }
            if (punct(';') || punct(',')) {
                advance();
                continue;
            }
            std::string op = ident("a metadata name");
            std::string key = op;
            if (isListOp(op))
                key = ident("a metadata name after " + op);
            else
                op = "";
            expect('=', ("after " + key).c_str());
            Value v = value();
            if (key == "apiSchemas" && apiSchemas)
                editList(*apiSchemas, op, v);
            out.emplace_back(key, std::move(v));
        }
        advance();
    }

    static void editList(std::vector<std::string>& list, const std::string& op, const Value& v)
    {
        std::vector<std::string> names;
        for (const Value& item : v.items)
            names.push_back(item.text);
        if (op == "delete") {
            for (const std::string& n : names)
                list.erase(std::remove(list.begin(), list.end(), n), list.end());
        } else if (op == "prepend") {
            list.insert(list.begin(), names.begin(), names.end());
        } else {
            if (op.empty())
                list.clear();
            list.insert(list.end(), names.begin(), names.end());
        }
    }

    Value value()
    {
        Value v;
        v.line = tok_.line;
        switch (tok_.kind) {
        case Tok::Number:
            v.kind = Value::Kind::Number;
            v.number = tok_.number;
            break;
        case Tok::String:
            v.kind = Value::Kind::String;
            v.text = tok_.text;
            break;
        case Tok::Path:
            v.kind = Value::Kind::Path;
            v.text = tok_.text;
            break;
        case Tok::Asset:
            v.kind = Value::Kind::Asset;
            v.text = tok_.text;
            break;
        case Tok::Ident:
            v.kind = Value::Kind::Word;
            v.text = tok_.text;
            break;
        case Tok::Punct:
            if (punct('(') || punct('['))
                return sequence();
            if (punct('{'))
                return dictionary();
            [[fallthrough]];
        case Tok::End:
            throw SyntaxError{tok_.line, "expected a value, got " + describe(tok_)};
        }
        advance();
        return v;
    }

    Value sequence()
    {
        const bool tuple = punct('(');
        const char close = tuple ? ')' : ']';
        Value v;
        v.kind = tuple ? Value::Kind::Tuple : Value::Kind::List;
        v.line = tok_.line;
        enter();
        advance();
        while (!punct(close)) {
            v.items.push_back(value());
            if (!punct(close))
                expect(',', tuple ? "between the values of a tuple" : "between the values of a list");
        }
        advance();
        --depth_;
        return v;
    }

    Value dictionary()
    {
        Value v;
        v.kind = Value::Kind::Dictionary;
        v.line = tok_.line;
        enter();
        advance();
        while (!punct('}')) {
            if (punct(';') || punct(',')) {
                advance();
                continue;
            }
            std::string type = ident("the type of a dictionary entry");
            if (punct('[')) {
                advance();
                expect(']', "after '[' of an array type");
                type += "[]";
            }
            std::string key;
            if (tok_.kind == Tok::String || tok_.kind == Tok::Ident) {
                key = tok_.text;
                advance();
            } else {
                throw SyntaxError{tok_.line, "expected the name of a dictionary entry, got " + describe(tok_)};
            }
            expect('=', ("after " + key).c_str());
            Value entry = value();
            entry.typeName = type;
            v.entries.emplace_back(key, std::move(entry));
        }
        advance();
        --depth_;
        return v;
    }

    /// Skips a { ... } block (time samples, variant sets) after checking it is balanced.
    void skipBlock()
    {
        enter();
        expect('{', "to open the block");
        int open = 1;
        while (open > 0) {
            if (tok_.kind == Tok::End)
                throw SyntaxError{tok_.line, "a block { is never closed"};
            open += punct('{') ? 1 : punct('}') ? -1 : 0;
            if (open > 0 && punct('{') && open > static_cast<int>(limits_.maxDepth))
                throw SyntaxError{tok_.line, "nested more than " + std::to_string(limits_.maxDepth) + " levels deep"};
            advance();
        }
        --depth_;
    }

    Prim prim(const std::string& parent)
    {
        Prim p;
        p.line = tok_.line;
        p.specifier = ident("def, over or class");
        if (p.specifier != "def" && p.specifier != "over" && p.specifier != "class")
            throw SyntaxError{p.line, "expected def, over or class to begin a prim, got "" + p.specifier + """};
        if (++prims_ > limits_.maxPrims)
            throw SyntaxError{p.line, "more than " + std::to_string(limits_.maxPrims) + " prims"};
        if (tok_.kind == Tok::Ident)
            p.typeName = ident("a prim type");
        if (tok_.kind != Tok::String)
            throw SyntaxError{tok_.line, "expected the prim's name in quotes, got " + describe(tok_)};
        p.name = tok_.text;
        p.path = (parent == "/" ? "/" : parent + "/") + p.name;
        advance();
        if (punct('(')) {
            advance();
            metadata(p.metadata, &p.apiSchemas);
        }
        enter();
        expect('{', "to open the prim's body");
        while (!punct('}'))
            member(p);
        advance();
        --depth_;
        return p;
    }

    void member(Prim& p)
    {
        if (word("def") || word("over") || word("class")) {
            p.children.push_back(prim(p.path));
        } else if (word("variantSet")) {
            advance();
            if (tok_.kind == Tok::String)
                advance();
            expect('=', "after the variant set's name");
            skipBlock();
            p.variants = true;
        } else if (word("reorder")) {
            advance();
            ident("nameChildren or properties");
            expect('=', "after reorder");
            value();
        } else {
            property(p);
        }
    }

    void property(Prim& p)
    {
        Property prop;
        prop.line = tok_.line;
        std::string w = ident("a property, prim or '}'");
        if (isListOp(w))
            w = ident("rel after " + w);
        if (w == "custom")
            w = ident("a property type after custom");
        if (w == "uniform" || w == "varying" || w == "config") {
            prop.uniform = w == "uniform";
            w = ident("a property type after " + w);
        }
        prop.typeName = w;
        if (w != "rel" && punct('[')) {
            advance();
            expect(']', "after '[' of an array type");
            prop.typeName += "[]";
        }
        prop.name = ident("the property's name");
        for (const char* suffix : {".timeSamples", ".spline", ".connect", ".default"}) {
            const std::string s(suffix);
            if (prop.name.size() > s.size() && prop.name.compare(prop.name.size() - s.size(), s.size(), s) == 0) {
                prop.name.resize(prop.name.size() - s.size());
                prop.timeSamples = s == ".timeSamples" || s == ".spline";
                prop.connection = s == ".connect";
            }
        }
        if (punct('=')) {
            advance();
            if (prop.timeSamples)
                skipBlock();
            else if (prop.connection)
                value();
            else
                prop.value = value();
        }
        if (punct('(')) {
            advance();
            std::vector<std::pair<std::string, Value>> ignored;
            metadata(ignored, nullptr);
        }
        p.properties.push_back(std::move(prop));
    }

    Lexer lex_;
    Limits limits_;
    Token tok_;
    std::size_t depth_ = 0;
    std::size_t values_ = 0;
    std::size_t prims_ = 0;
};

const Prim* findIn(const std::vector<Prim>& prims, std::string_view path)
{
    for (const Prim& p : prims) {
        if (p.path == path)
            return &p;
        if (path.size() > p.path.size() && path.substr(0, p.path.size()) == p.path && path[p.path.size()] == '/')
            return findIn(p.children, path);
    }
    return nullptr;
}

template <typename Entries>
const Value* lookup(const Entries& entries, std::string_view key)
{
    for (const auto& [k, v] : entries)
        if (k == key)
            return &v;
    return nullptr;
}

}  // namespace

const Value* Value::entry(std::string_view key) const { return lookup(entries, key); }

const Property* Prim::property(std::string_view key) const
{
    const Property* found = nullptr;
    for (const Property& p : properties)
        if (p.name == key && (!found || p.value))
            found = &p;
    return found;
}

const Value* Prim::meta(std::string_view key) const { return lookup(metadata, key); }

bool Prim::applies(std::string_view apiSchema) const
{
    return std::find(apiSchemas.begin(), apiSchemas.end(), apiSchema) != apiSchemas.end();
}

const Value* Layer::meta(std::string_view key) const { return lookup(metadata, key); }

const Prim* Layer::find(std::string_view path) const { return findIn(prims, path); }

std::string lineLocation(int line) { return "line " + std::to_string(line); }

std::optional<Layer> parse(std::string_view text, Problems& problems, const Limits& limits)
{
    if (text.size() > limits.maxBytes) {
        problems.error(lineLocation(1), "the layer is " + std::to_string(text.size()) + " bytes, more than the " +
                                            std::to_string(limits.maxBytes) + " allowed");
        return std::nullopt;
    }
    if (!json::isValidUtf8(text) || text.find('\0') != std::string_view::npos) {
        problems.error(lineLocation(1), "not UTF-8 text: a .usda layer is text (binary .usdc layers cannot be read)");
        return std::nullopt;
    }
    if (text.substr(0, 6) != "#usda ") {
        problems.error(lineLocation(1), "not a USD text layer: it must begin with \"#usda 1.0\"");
        return std::nullopt;
    }
    const std::size_t eol = text.find('\n');
    const std::string_view version = text.substr(6, eol == std::string_view::npos ? std::string_view::npos : eol - 6);
    if (version.substr(0, 3) != "1.0")
        problems.warning(lineLocation(1), "layer version \"" + std::string(version.substr(0, 20)) + "\", read as 1.0");
    try {
        Parser parser(text.substr(eol == std::string_view::npos ? text.size() : eol), limits);
        Layer layer = parser.layer();
        return layer;
    } catch (const SyntaxError& e) {
        problems.error(lineLocation(e.line), e.message);
    }
    return std::nullopt;
}

}  // namespace jounce::exchange::usda
