#include "exchange/usd/UsdaParser.h"

#include "exchange/usd/UsdaLexer.h"
#include "json/JsonText.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace jounce::exchange::usda {
namespace {

using lex::describe;
using lex::Lexer;
using lex::SyntaxError;
using lex::Tok;
using lex::Token;

constexpr const char* kListOps[] = {"prepend", "append", "add", "delete", "reorder"};

bool isListOp(const std::string& w)
{
    return std::any_of(std::begin(kListOps), std::end(kListOps), [&](const char* op) { return w == op; });
}

/// A name in a message: long names (a hostile layer's 1 MiB one) cut to their first 40 bytes.
std::string shortName(const std::string& name)
{
    return name.size() > 40 ? name.substr(0, 40) + "..." : name;
}

/// A prim's apiSchemas list edits, resolved as USD resolves one layer's list op
/// (SdfListOp::ApplyOperations on an empty list): an explicit list is the result; otherwise the
/// prepended names, the added ones, then the appended ones, each once (an appended name moves to
/// the end). `delete` and `reorder` act on weaker layers only, which this reader does not follow.
/// As in Sdf's parser, a statement replaces an earlier one of its kind, switching between an
/// explicit list and list edits drops the other, and a name listed twice is an error. Linear in
/// the names (hash sets), however many statements there are.
class ApiSchemaEdits {
public:
    void set(const std::string& op, const Value& v)
    {
        std::vector<std::string> names;
        std::unordered_set<std::string_view> seen;
        for (const Value& item : v.items) {
            if (!seen.insert(item.text).second)
                throw SyntaxError{item.line, "apiSchemas lists \"" + shortName(item.text) +
                                                 "\" twice (USD refuses a duplicate in a list)"};
            names.push_back(item.text);
        }
        if (op.empty() != explicit_) {
            *this = ApiSchemaEdits{};
            explicit_ = op.empty();
        }
        if (op.empty())
            explicitItems_ = std::move(names);
        else if (op == "add")
            added_ = std::move(names);
        else if (op == "prepend")
            prepended_ = std::move(names);
        else if (op == "append")
            appended_ = std::move(names);
    }

    std::vector<std::string> resolve() const
    {
        if (explicit_)
            return explicitItems_;
        const std::unordered_set<std::string_view> pre(prepended_.begin(), prepended_.end());
        const std::unordered_set<std::string_view> app(appended_.begin(), appended_.end());
        std::vector<std::string> out;
        for (const std::string& n : prepended_)
            if (!app.count(n))
                out.push_back(n);
        for (const std::string& n : added_)
            if (!pre.count(n) && !app.count(n))
                out.push_back(n);
        out.insert(out.end(), appended_.begin(), appended_.end());
        return out;
    }

private:
    bool explicit_ = false;
    std::vector<std::string> explicitItems_, added_, prepended_, appended_;
};

/// The names of one parent's children so far, with their lines: USD's text format refuses two
/// prims at one path ("Duplicate prim"), and which of the two a layer means is unknown.
using Siblings = std::unordered_map<std::string, int>;

void adopt(std::vector<Prim>& children, Prim child, Siblings& seen)
{
    const auto [first, fresh] = seen.emplace(child.name, child.line);
    if (!fresh)
        throw SyntaxError{child.line, "a second prim \"" + shortName(child.name) + "\" in the same parent (the first at " +
                                          lineLocation(first->second) + "): USD refuses two prims at one path"};
    children.push_back(std::move(child));
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
        Siblings roots;
        while (tok_.kind != Tok::End)
            adopt(out.prims, prim(), roots);
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
    void metadata(std::vector<std::pair<std::string, Value>>& out, ApiSchemaEdits* apiSchemas)
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
                apiSchemas->set(op, v);
            out.emplace_back(key, std::move(v));
        }
        advance();
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
            v.entries.push_back({key, std::move(entry)});
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

    Prim prim()
    {
        Prim p;
        p.line = tok_.line;
        p.specifier = ident("def, over or class");
        if (p.specifier != "def" && p.specifier != "over" && p.specifier != "class")
            throw SyntaxError{p.line, "expected def, over or class to begin a prim, got \"" + shortName(p.specifier) + "\""};
        if (++prims_ > limits_.maxPrims)
            throw SyntaxError{p.line, "more than " + std::to_string(limits_.maxPrims) + " prims"};
        if (tok_.kind == Tok::Ident)
            p.typeName = ident("a prim type");
        if (tok_.kind != Tok::String)
            throw SyntaxError{tok_.line, "expected the prim's name in quotes, got " + describe(tok_)};
        p.name = tok_.text;
        advance();
        if (punct('(')) {
            advance();
            ApiSchemaEdits edits;
            metadata(p.metadata, &edits);
            p.apiSchemas = edits.resolve();
        }
        enter();
        expect('{', "to open the prim's body");
        Siblings children;
        while (!punct('}'))
            member(p, children);
        advance();
        --depth_;
        return p;
    }

    void member(Prim& p, Siblings& children)
    {
        if (word("def") || word("over") || word("class")) {
            adopt(p.children, prim(), children);
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

/// Points every prim's children at it, once the tree no longer moves.
void link(std::vector<Prim>& prims, const Prim* parent)
{
    for (Prim& p : prims) {
        p.parent = parent;
        link(p.children, &p);
    }
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

const Prim* Layer::find(std::string_view path) const
{
    // One name per level, from the root: "/World/Vehicle" is "World", then "Vehicle" among its children.
    if (path.empty() || path[0] != '/')
        return nullptr;
    const std::vector<Prim>* level = &prims;
    const Prim* found = nullptr;
    while (!path.empty()) {
        path.remove_prefix(1);
        const std::size_t slash = path.find('/');
        const std::string_view name = path.substr(0, slash);
        const auto it = std::find_if(level->begin(), level->end(), [&](const Prim& p) { return p.name == name; });
        if (it == level->end())
            return nullptr;
        found = &*it;
        level = &it->children;
        path = slash == std::string_view::npos ? std::string_view() : path.substr(slash);
    }
    return found;
}

std::string Prim::path() const
{
    std::vector<const Prim*> up;
    for (const Prim* p = this; p; p = p->parent)
        up.push_back(p);
    std::string out;
    for (auto it = up.rbegin(); it != up.rend(); ++it)
        out += "/" + (*it)->name;
    return out;
}

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
        // The tree is complete: the prims stay where they are from here on (moving the layer
        // moves its vectors' buffers, not their elements).
        link(layer.prims, nullptr);
        return layer;
    } catch (const SyntaxError& e) {
        problems.error(lineLocation(e.line), e.message);
    }
    return std::nullopt;
}

}  // namespace jounce::exchange::usda
