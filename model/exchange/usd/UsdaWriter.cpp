#include "exchange/usd/UsdaWriter.h"

#include "json/JsonText.h"

#include <cmath>

namespace jounce::exchange::usda {

Writer::Writer(const std::vector<std::string>& layerMetadata)
{
    out_ = "#usda 1.0\n(\n";
    for (const std::string& m : layerMetadata)
        out_ += "    " + m + "\n";
    out_ += ")\n";
}

void Writer::indent() { out_.append(static_cast<std::size_t>(depth_) * 4, ' '); }

void Writer::beginPrim(std::string_view type, std::string_view name, const std::vector<std::string>& apiSchemas,
                       const std::vector<std::string>& metadata)
{
    out_ += "\n";
    indent();
    out_ += "def " + std::string(type) + (type.empty() ? "" : " ") + quote(name);
    if (!apiSchemas.empty() || !metadata.empty()) {
        out_ += " (\n";
        ++depth_;
        if (!apiSchemas.empty())
            line("prepend apiSchemas = " + tokenArray(apiSchemas));
        for (const std::string& m : metadata)
            line(m);
        --depth_;
        indent();
        out_ += ")";
    }
    out_ += "\n";
    indent();
    out_ += "{\n";
    ++depth_;
}

void Writer::endPrim()
{
    --depth_;
    indent();
    out_ += "}\n";
}

void Writer::attribute(std::string_view type, std::string_view name, std::string_view value, bool uniform)
{
    line(std::string(uniform ? "uniform " : "") + std::string(type) + " " + std::string(name) + " = " + std::string(value));
}

void Writer::relationship(std::string_view name, const std::vector<std::string>& targets)
{
    std::string v;
    if (targets.size() == 1) {
        v = "<" + targets[0] + ">";
    } else {
        v = "[";
        for (std::size_t i = 0; i < targets.size(); ++i)
            v += (i ? ", <" : "<") + targets[i] + ">";
        v += "]";
    }
    line("rel " + std::string(name) + " = " + v);
}

void Writer::line(std::string_view text)
{
    indent();
    out_ += std::string(text) + "\n";
}

std::string number(double v) { return json::formatNumber(v == 0.0 ? 0.0 : v); }

std::string integer(long long v) { return std::to_string(v); }

std::string boolean(bool v) { return v ? "1" : "0"; }

std::string quote(std::string_view s)
{
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out + "\"";
}

std::string tripleQuote(std::string_view s)
{
    std::string out = "\"\"\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "\"\"\"";
}

std::string tuple(const std::vector<double>& values)
{
    std::string out = "(";
    for (std::size_t i = 0; i < values.size(); ++i)
        out += (i ? ", " : "") + number(values[i]);
    return out + ")";
}

std::string vec3(const Vec3& v) { return tuple({v.x, v.y, v.z}); }

std::string array(const std::vector<double>& values)
{
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i)
        out += (i ? ", " : "") + number(values[i]);
    return out + "]";
}

std::string intArray(const std::vector<int>& values)
{
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i)
        out += (i ? ", " : "") + std::to_string(values[i]);
    return out + "]";
}

std::string pairArray(const std::vector<GraphPoint>& graph)
{
    std::string out = "[";
    for (std::size_t i = 0; i < graph.size(); ++i)
        out += (i ? ", " : "") + tuple({graph[i].x, graph[i].y});
    return out + "]";
}

std::string float4Array(const std::vector<CompliancePoint>& graph)
{
    std::string out = "[";
    for (std::size_t i = 0; i < graph.size(); ++i)
        out += (i ? ", " : "") + tuple({graph[i].jounce, graph[i].point.x, graph[i].point.y, graph[i].point.z});
    return out + "]";
}

std::string tokenArray(const std::vector<std::string>& values)
{
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i)
        out += (i ? ", " : "") + quote(values[i]);
    return out + "]";
}

std::string primName(std::string_view name)
{
    std::string out;
    for (char c : name)
        out += (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ? c : '_';
    if (out.empty() || (out[0] >= '0' && out[0] <= '9'))
        out = "_" + out;
    return out;
}

}  // namespace jounce::exchange::usda
