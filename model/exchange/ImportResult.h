#pragma once
// What an importer of a foreign vehicle format returns: the vehicle, the problems found in each
// source file (located by JSON pointer, or by line in text formats), the validation problems of the
// vehicle that came out, and the conversion report.

#include "config/VehicleConfig.h"
#include "exchange/ConversionReport.h"
#include "json/Problem.h"

#include <atomic>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace jounce::exchange {

struct FileProblems {
    std::string file;  ///< the source file's name, or "imported vehicle" for the validation of the result
    Problems problems;
};

struct ImportResult {
    VehicleConfig vehicle;
    std::vector<FileProblems> problems;
    ConversionReport report;

    bool hasErrors() const
    {
        for (const FileProblems& f : problems)
            if (f.problems.hasErrors())
                return true;
        return false;
    }
    /// Every file was read without an error and the vehicle is valid.
    bool ok() const { return !hasErrors(); }
    /// Every problem as a line "file: pointer: message" (for tests and fuzz findings).
    std::string problemsText() const
    {
        std::string s;
        for (const FileProblems& f : problems)
            for (const Problem& p : f.problems.items)
                s += f.file + ": " + p.toString() + "\n";
        return s;
    }
};

/// The stages of an import, as a progress display names them.
enum class ImportStage { Reading, Converting };

/// Lets the caller of an import on another thread (the workbench's File > Import) follow it and
/// stop it: the importers call `stage` as they enter a stage and look at `cancel` there, returning
/// cancelledImport instead of going on. Between two stages an import runs to the next one.
struct ImportControl {
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(ImportStage)> stage;  ///< called on the importing thread

    /// Reports the stage; false when the import is to stop.
    bool enter(ImportStage s) const
    {
        if (stage)
            stage(s);
        return !(cancel && cancel->load(std::memory_order_relaxed));
    }
};

/// What a cancelled import returns: no vehicle, an error saying so under `file`.
inline ImportResult cancelledImport(std::string title, const std::string& file)
{
    ImportResult result;
    result.report.title = std::move(title);
    result.problems.push_back({file, {}});
    result.problems.back().problems.error("", "the import was cancelled");
    return result;
}

}  // namespace jounce::exchange
